package passes

import (
	"golang.org/x/tools/go/analysis"

	"github.com/idemlint/idemlint/passes/internal/sitemap"
)

// The retry map (idemlint -sites) is described by package
// passes/internal/sitemap; the driver reaches it through these names.
type (
	Site       = sitemap.Site
	SitePos    = sitemap.Pos
	SiteReport = sitemap.Report
	SiteLink   = sitemap.Link
)

// SitesVersion is the version of the map's JSON form.
const SitesVersion = sitemap.Version

// SiteMapAnalyzer describes the retry sites of a package. A driver runs
// the copy SiteMap returns.
var SiteMapAnalyzer = sitemap.Analyzer

// SiteMap returns a copy of SiteMapAnalyzer that requires, of the
// analyzers it shares with analyzers (copies, as KeepingSuppressed
// returns), those copies: were it to require the originals, the checker
// would run retryamplify twice on every package.
func SiteMap(analyzers []*analysis.Analyzer) *analysis.Analyzer {
	byName := map[string]*analysis.Analyzer{}
	for _, a := range analyzers {
		byName[a.Name] = a
	}
	c := *sitemap.Analyzer
	c.Requires = nil
	for _, r := range sitemap.Analyzer.Requires {
		if copied := byName[r.Name]; copied != nil {
			r = copied
		}
		c.Requires = append(c.Requires, r)
	}
	return &c
}

package main

import (
	"errors"
	"fmt"
	"io"
	"os"

	"golang.org/x/tools/go/analysis"

	"github.com/idemlint/idemlint/passes"
)

// The retry map: with -sites, a run prints every retry site of the
// packages named instead of the reports, each with its attempts, waits,
// what it repeats, the retries nested in it and the reports made at it.
// The rows come from the sitemap analyzer (passes/internal/sitemap),
// which reads what the analyzers found and recognises nothing itself;
// this file joins them with the reports, and sites_*.go print them.

// checkSitesFlags rejects the flags a map does not go with.
func checkSitesFlags(opts *options) error {
	switch {
	case opts.html != "" && !opts.sites:
		return errors.New("-html writes the retry map: use it with -sites")
	case opts.sites && opts.format == "sarif":
		return errors.New("-sites prints text or JSON, not SARIF")
	case opts.sites && (opts.fix || opts.diff):
		return errors.New("-sites cannot be combined with -fix or -diff")
	case opts.sites && (opts.baseline != "" || opts.writeBaseline != "" || opts.summary):
		return errors.New("-sites lists every site with all its reports: -baseline, -write-baseline and -summary are for a run that prints reports")
	}
	return nil
}

// withSites adds the map's analyzer to the analyzers of a run that makes
// the map, for passes.Recovering.
func withSites(opts *options, analyzers []*analysis.Analyzer) []*analysis.Analyzer {
	if !opts.sites {
		return analyzers
	}
	return append(append([]*analysis.Analyzer(nil), analyzers...), passes.SiteMapAnalyzer)
}

// sitesAnalyzer is the map's analyzer for a run of analyzers (the copies
// KeepingSuppressed made). It is not among opts.analyzers, so the cache's
// keys, which hash those, are a normal run's: a map run reuses what a
// normal run stored, and the other way round, except that a unit stored
// without its map misses a map run (planCache).
func sitesAnalyzer(analyzers []*analysis.Analyzer) *analysis.Analyzer {
	return passes.SiteMap(analyzers)
}

// writeSites prints the map of the units' sites, with the findings
// joined to them, and returns the run's exit code: as with -json, 0
// unless something failed.
func writeSites(opts *options, units []unit, all []finding, code int, stdout, stderr io.Writer) int {
	m := buildMap(units, all)
	var err error
	if opts.format == "json" {
		err = writeSitesJSON(m, stdout)
	} else {
		writeSitesText(m, stdout)
	}
	if err == nil && opts.html != "" {
		err = writeSitesHTML(m, opts.html)
	}
	if err != nil {
		fmt.Fprintf(stderr, "idemlint: %v\n", err)
		return exitBrokenPk
	}
	if passes.AnyCrashed() {
		return exitBrokenPk
	}
	return code
}

// siteMap is the map as printed.
type siteMap struct {
	Version int           `json:"version"`
	Summary sitesSummary  `json:"summary"`
	Sites   []passes.Site `json:"sites"`
}

// buildMap merges the units' rows, joins the reports to them, names them
// by their place relative to the working directory and links their
// nested retries into chains.
func buildMap(units []unit, all []finding) *siteMap {
	rows := mergeSites(units)
	joinReports(rows, all)
	wd, _ := os.Getwd()
	ids := map[string]bool{}
	for i := range rows {
		relativeRow(&rows[i], wd)
		if ids[rows[i].ID] { // two rows at one place: the second says which it is
			rows[i].ID += "/" + rows[i].Category
		}
		ids[rows[i].ID] = true
	}
	linkChains(rows)
	for i := range rows {
		rows[i].Spans = nil
	}
	if rows == nil {
		rows = []passes.Site{}
	}
	return &siteMap{Version: passes.SitesVersion, Summary: summarize(rows), Sites: rows}
}

// mergeSites gathers the units' rows once each: a file is in a package
// and in its test variant, whose rows for it are the same, but for a
// client whose test files make more calls through it.
func mergeSites(units []unit) []passes.Site {
	type key struct {
		pos      passes.SitePos
		category string // a receive can be a handler's start and a client's call
	}
	var out []passes.Site
	at := map[key]int{}
	for _, u := range units {
		for _, s := range u.sites {
			k := key{s.Pos, s.Category}
			i, seen := at[k]
			switch {
			case !seen:
				at[k] = len(out)
				out = append(out, s)
			case s.Calls > out[i].Calls:
				out[i] = s
			}
		}
	}
	sortSites(out)
	return out
}

package retryamplify

import (
	"go/token"
	"go/types"
	"reflect"

	"github.com/idemlint/idemlint/passes/internal/retrysite"
)

// Result is what the analyzer found at each retry site, kept for the retry
// map (passes/internal/sitemap), which draws its nesting chains from these
// and not from a walk of its own, so map and reports cannot disagree.
// Sites are keyed by their position (Site.Pos), not by pointer: the result
// of a dependency lives as long as the run, and must not hold its syntax.
type Result struct {
	// Inners lists, for each site checked, the retries its attempts reach,
	// in source order; the first is the one reported.
	Inners map[token.Pos][]Inner
	// Helpers holds, for each call of a user-defined retry helper, the
	// attempts its RetriesFact counts (0: not a constant).
	Helpers map[token.Pos]int
}

// Inner is one retry an outer site's attempts reach: a nested site (at
// Pos), or a call of Via, a function that retries.
type Inner struct {
	Pos, End token.Pos
	Attempts int
	Via      *types.Func
}

// Attempts returns how many attempts the site makes when its operation
// keeps failing, as the reports count them, or 0 when not a constant.
func Attempts(info *types.Info, s *retrysite.Site) int { return attempts(info, s) }

// The result type is declared beside the type, which only the map reads.
func init() { Analyzer.ResultType = reflect.TypeFor[*Result]() }

func newResult() *Result {
	return &Result{Inners: map[token.Pos][]Inner{}, Helpers: map[token.Pos]int{}}
}

// record keeps what check found for outer, and, for a helper call, the
// helper's attempts.
func (a *amplifier) record(outer *retrysite.Site, found []inner) {
	for _, in := range found {
		a.result.Inners[outer.Pos()] = append(a.result.Inners[outer.Pos()], Inner{in.pos, in.end, in.attempts, in.via})
	}
	if outer.Kind == retrysite.UserHelper {
		if f := a.fact(outer.HelperFunc); f != nil {
			a.result.Helpers[outer.Pos()] = f.Attempts
		}
	}
}

package retryamplify

import (
	"github.com/idemlint/idemlint/passes/internal/retrysite"
)

// A library client on its default retryer (an AWS SDK client's three
// attempts, built without a retry setting of the program's) retries by
// itself wherever it is used: inside a redelivered handler that retry is
// not one the program wrote or configured, and is not counted (RULES.md,
// "Redelivery"). RetriesFact.Default carries that across functions.

// libraryDefault reports whether a site is a client retrying on its
// library's defaults.
func libraryDefault(s *retrysite.Site) bool {
	return s.Kind == retrysite.Client && s.Client != nil && s.Client.Default
}

// learnDefaults sets RetriesFact.Default on the functions of the package
// whose every retry is a library default: every site they hold, and every
// retrying function they call. A function is taken for one until a site
// or callee proves otherwise, so that functions calling each other keep
// it.
func (a *amplifier) learnDefaults() {
	for _, d := range a.decls {
		if f := a.local[d.Func]; f != nil {
			f.Default = a.recursive[d.FuncDecl] == nil
			for _, s := range a.inDecl[d.FuncDecl] {
				f.Default = f.Default && libraryDefault(s)
			}
		}
	}
	for changed := true; changed; {
		changed = false
		for _, d := range a.decls {
			f := a.local[d.Func]
			if f == nil || !f.Default {
				continue
			}
			for _, c := range a.index.Of(d.FuncDecl).Calls {
				fn := a.entered(c.CallExpr, c.Callee, d.Func)
				if fn == nil || fn == d.Func {
					continue
				}
				if g := a.fact(fn); g != nil && !g.Default {
					f.Default, changed = false, true
					break
				}
			}
		}
	}
}

// countedIn drops, inside a redelivered handler, the inner retries that
// are library defaults.
//
// So does a loop whose success goes round (polls, consumers) on its
// failure paths: its rounds are the program's schedule, and a client
// retrying on its library's defaults inside it is a retry the program
// neither wrote nor configured.
func countedIn(outer *retrysite.Site, found []inner, failurePaths bool) []inner {
	if outer.Kind != retrysite.Redelivery && !failurePaths {
		return found
	}
	var out []inner
	for _, in := range found {
		if !in.dflt {
			out = append(out, in)
		}
	}
	return out
}

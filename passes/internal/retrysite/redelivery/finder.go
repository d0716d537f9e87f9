// Package redelivery finds the handlers that a job queue or message broker
// runs again for the same task or message (RULES.md, "Redelivery"): the
// eleven job and broker frameworks of libs.Frameworks, how many times each
// runs a handler (read from its configuration, carried across packages by
// JobOptsFact and ActivityRunsFact), which part of the handler runs again
// (what follows the receive and precedes the acknowledgement, AckFact),
// the functions handed a delivered message that acknowledge it themselves
// (workers), and the handlers that ask for a redelivery themselves (naks)
// or leave a message unacknowledged on failure (skips).
//
// It decides which handlers are Redelivery sites and fills in their
// site.Redelivered; what a site's attempt does is left to the analyzers,
// and the failure tests of the handler to package status.
package redelivery

import (
	"go/types"

	"golang.org/x/tools/go/analysis"

	"github.com/idemlint/idemlint/passes/internal/bodies"
	"github.com/idemlint/idemlint/passes/internal/ifaces"
	"github.com/idemlint/idemlint/passes/internal/retrysite/site"
)

// finder holds what the search for handlers reads of the package.
type finder struct {
	pass  *analysis.Pass
	index *bodies.Index
	info  *types.Info
	decls site.Decls
	impls *ifaces.Resolver
}

// Sites returns the handlers of the package that a framework runs again,
// in the order of the code, with the naks and skips of broker handlers
// noted. d indexes the package's function declarations.
func Sites(pass *analysis.Pass, index *bodies.Index, d site.Decls) []*site.Site {
	f := &finder{pass: pass, index: index, info: pass.TypesInfo, decls: d, impls: &ifaces.Resolver{Program: pass.Pkg}}
	red := f.redeliverySites()
	if len(red) > 0 {
		f.noteNaks(red)
		f.noteSkips(red)
	}
	return red
}

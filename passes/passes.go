// Package passes lists idemlint's analyzers. The idemlint command, the
// golangci-lint plugin and the tests take the suite from here.
package passes

import (
	"golang.org/x/tools/go/analysis"

	"github.com/idemlint/idemlint/passes/nojitter"
	"github.com/idemlint/idemlint/passes/redislock"
	"github.com/idemlint/idemlint/passes/retryamplify"
	"github.com/idemlint/idemlint/passes/retrybody"
	"github.com/idemlint/idemlint/passes/retryclienterror"
	"github.com/idemlint/idemlint/passes/retrynonidempotent"
	"github.com/idemlint/idemlint/passes/selectinsert"
	"github.com/idemlint/idemlint/passes/unboundedretry"
)

// All returns idemlint's analyzers, in the order of the rule catalogue.
func All() []*analysis.Analyzer {
	return []*analysis.Analyzer{
		retrynonidempotent.Analyzer,
		selectinsert.Analyzer,
		nojitter.Analyzer,
		unboundedretry.Analyzer,
		redislock.Analyzer,
		retryamplify.Analyzer,
		retrybody.Analyzer,
		retryclienterror.Analyzer,
	}
}

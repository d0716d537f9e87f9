package nojitter

import (
	"go/ast"
	"go/types"

	"github.com/idemlint/idemlint/passes/internal/libs"
	"github.com/idemlint/idemlint/passes/internal/retrysite"
)

// hotRetryIsSafe reports whether a loop that retries at once does no harm:
// it makes at most two attempts (one immediate retry, the idiom for a
// failure the retry itself sidesteps: a broken pooled connection replaced
// by a new one, a missing directory created first), or its way back to the
// next attempt passes (or its failure test is) a test of whether the attempt collided with something
// that already exists (os.IsExist, EEXIST): a search for a free name, where
// waiting would not help.
func hotRetryIsSafe(info *types.Info, s *retrysite.Site) bool {
	if n := retrysite.LoopAttempts(info, s.Node); n > 0 && n <= 2 {
		return true
	}
	for _, t := range s.Tests {
		if testsExists(info, t) {
			return true
		}
	}
	for _, n := range s.RetryPath {
		if cond, ok := n.(ast.Expr); ok && testsExists(info, cond) {
			return true
		}
	}
	return false
}

// testsExists reports whether a failure test asks whether the attempt hit
// something that already exists.
func testsExists(info *types.Info, e ast.Expr) bool {
	found := false
	ast.Inspect(e, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.CallExpr:
			found = found || libs.ExistsTests[libs.NameOf(libs.Callee(info, n))]
		case *ast.Ident:
			_, ok := libs.ExistsErrors.LookupObject(info.Uses[n])
			found = found || ok
		}
		return !found
	})
	return found
}

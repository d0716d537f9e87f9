package nojitter

import (
	"go/ast"
	"go/types"

	"github.com/idemlint/idemlint/passes/internal/astutil"
	"github.com/idemlint/idemlint/passes/internal/libs"
	"github.com/idemlint/idemlint/passes/internal/retrysite"
)

// hotRetryIsSafe reports whether a loop that retries at once does no harm:
// it retries only attempts that never reached the server
// (retrysite.NotSent: database/sql's retry on a broken pooled connection
// takes a new one), or its failure test, or a test on its way back to the
// next attempt, asks whether the attempt lost a race that an immediate
// retry resolves: a name that already exists (os.IsExist, EEXIST: a search
// for a free name), or an optimistic Redis transaction whose watched key
// changed (redis.TxFailedErr). Waiting would not make either succeed; the
// dependency is not failing.
//
// A loop that retries once (a token renewed after a 401, the request sent
// again) makes no storm either.
func hotRetryIsSafe(info *types.Info, s *retrysite.Site) bool {
	if s.RetriesOnce(info) {
		return true
	}
	if s.OnlyRetries(func(test ast.Expr) bool { return retrysite.NotSent(info, test) }) {
		return true
	}
	for _, t := range s.Tests {
		if testsLostRace(info, t) {
			return true
		}
	}
	for _, n := range s.RetryPath {
		if cond, ok := n.(ast.Expr); ok && testsLostRace(info, cond) {
			return true
		}
	}
	return false
}

// testsLostRace reports whether a failure test asks whether the attempt
// lost such a race.
func testsLostRace(info *types.Info, e ast.Expr) bool {
	return astutil.Some(e, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.CallExpr:
			return libs.LostRaceTests[libs.NameOf(libs.Callee(info, n))]
		case *ast.Ident:
			_, ok := libs.LostRaceErrors.LookupObject(info.Uses[n])
			return ok
		}
		return false
	})
}

// randomlyTaken reports whether the wait w runs only when an if statement
// of body draws a random number: whether it waits at all is random.
func randomlyTaken(info *types.Info, body ast.Node, w *ast.CallExpr) bool {
	return body != nil && astutil.Some(body, func(n ast.Node) bool {
		ifs, ok := n.(*ast.IfStmt)
		return ok && astutil.Contains(ifs.Body, w) && astutil.Some(ifs.Cond, func(n ast.Node) bool {
			call, ok := n.(*ast.CallExpr)
			return ok && libs.IsRandom(libs.Callee(info, call))
		})
	})
}

package nojitter

import (
	"go/ast"
	"go/token"
	"go/types"

	"github.com/idemlint/idemlint/passes/internal/astutil"
	"github.com/idemlint/idemlint/passes/internal/libs"
	"github.com/idemlint/idemlint/passes/internal/retrysite"
	"github.com/idemlint/idemlint/passes/internal/retrysite/site"
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
	if renewsAuth(info, s) {
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

// renewsAuth reports whether the loop goes round only on a 401: every
// test that sends it round holds only when a response's status is 401
// (if resp.StatusCode != http.StatusUnauthorized || ... { return resp,
// nil }). The credentials (a token, a DPoP nonce) are renewed for the
// next attempt, which an immediate retry is the fix for, not a storm; a
// transport error that went round would be a test of the error.
func renewsAuth(info *types.Info, s *retrysite.Site) bool {
	return s.OnlyRetriesRoundWhen(func(test ast.Expr, failIf bool) bool {
		return requires401(info, test, failIf)
	})
}

// requires401 reports whether e can have the value want only when a
// status compared in it is 401.
func requires401(info *types.Info, e ast.Expr, want bool) bool {
	b, ok := ast.Unparen(e).(*ast.BinaryExpr)
	if !ok {
		return false
	}
	switch {
	case b.Op == token.LAND && want, b.Op == token.LOR && !want:
		return requires401(info, b.X, want) || requires401(info, b.Y, want)
	case b.Op == token.EQL && want, b.Op == token.NEQ && !want:
		for _, side := range [][2]ast.Expr{{b.X, b.Y}, {b.Y, b.X}} {
			if n, ok := astutil.IntConst(info, side[1]); ok && n == 401 && readsStatus(info, side[0]) {
				return true
			}
		}
	}
	return false
}

// readsStatus reports whether e reads the status of an HTTP response
// (resp.StatusCode).
func readsStatus(info *types.Info, e ast.Expr) bool {
	sel, ok := ast.Unparen(e).(*ast.SelectorExpr)
	return ok && sel.Sel.Name == "StatusCode" && site.IsResponseType(info.TypeOf(sel.X))
}

package retrysite

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"

	"github.com/idemlint/idemlint/passes/internal/astutil"
	"github.com/idemlint/idemlint/passes/internal/libs"
	"github.com/idemlint/idemlint/passes/internal/retrysite/fails"
)

// A helper's operation that says "again" only while what it reads is not
// there yet (retry.RetryContext(ctx, t, func() *retry.RetryError { _, err
// := c.GetTopic(...); if resp.StatusCode == 404 { return
// retry.RetryableError(err) }; if err != nil { return
// retry.NonRetryableError(err) }; return nil })) polls for a resource
// just created: every real error ends it (RULES.md: a poll's "still
// pending" answer is no failure). Such a call is no retry site.

// pollsForExistence reports whether every return of op that the helper
// retries (libs.RetryableErrors) lies under a test that the resource is
// not found (a 404, IsAPIError(err, 404, ""), an AWS NotFound or NoSuch
// code) or follows a test of the attempt's error that always leaves (the
// call succeeded, and its answer is "not yet": if topic == nil), and one
// lies under a not-found test.
func pollsForExistence(info *types.Info, body *ast.BlockStmt) bool {
	return againOnlyWhen(info, body, func(cond ast.Expr) bool { return testsNotFound(info, cond) })
}

// againOnlyWhen reports whether every return of body that the helper
// retries lies under a test that when accepts, or follows a test of the
// attempt's error that always leaves, and one lies under such a test.
func againOnlyWhen(info *types.Info, body *ast.BlockStmt, when func(ast.Expr) bool) bool {
	if body == nil {
		return false
	}
	notFound, poll := 0, true
	var stack []ast.Node
	ast.Inspect(body, func(n ast.Node) bool {
		if n == nil {
			stack = stack[:len(stack)-1]
			return true
		}
		if _, lit := n.(*ast.FuncLit); lit || !poll {
			return false
		}
		if ret, ok := n.(*ast.ReturnStmt); ok && returnsRetryable(info, ret) {
			switch {
			case underTest(stack, ret, when):
				notFound++
			case afterFailureLeaves(info, stack, ret):
			default:
				poll = false
			}
		}
		stack = append(stack, n)
		return true
	})
	return poll && notFound > 0
}

// underTest reports whether n lies in the body of an if of path whose
// condition when accepts.
func underTest(path []ast.Node, n ast.Node, when func(ast.Expr) bool) bool {
	for i := len(path) - 1; i >= 0; i-- {
		ifs, ok := path[i].(*ast.IfStmt)
		if ok && ifs.Body.Pos() <= n.Pos() && n.End() <= ifs.Body.End() && when(ifs.Cond) {
			return true
		}
	}
	return false
}

// againOnParam returns 1 + the index of a parameter of fd that the
// operation of helper site s compares the failure with (awsErr.Code() ==
// code) before every return the helper retries, or 0.
func againOnParam(info *types.Info, fd *ast.FuncDecl, s *Site) int {
	fn, ok := info.Defs[fd.Name].(*types.Func)
	if !ok || s.Kind != Helper {
		return 0
	}
	params := fn.Signature().Params()
	for i := range params.Len() {
		p := params.At(i)
		if _, isFunc := p.Type().Underlying().(*types.Signature); isFunc {
			continue
		}
		equals := func(cond ast.Expr) bool { return comparesWith(info, cond, p) }
		if againOnlyWhen(info, s.Op.Body, equals) {
			return i + 1
		}
	}
	return 0
}

// comparesWith reports whether cond is true only when something equals
// the variable v (ok && awsErr.Code() == code).
func comparesWith(info *types.Info, cond ast.Expr, v types.Object) bool {
	b, ok := ast.Unparen(cond).(*ast.BinaryExpr)
	if !ok {
		return false
	}
	switch b.Op {
	case token.LAND:
		return comparesWith(info, b.X, v) || comparesWith(info, b.Y, v)
	case token.EQL:
		for _, side := range []ast.Expr{b.X, b.Y} {
			if id, ok := ast.Unparen(side).(*ast.Ident); ok && info.Uses[id] == v {
				return true
			}
		}
	}
	return false
}

// notFoundArg reports whether e, a caller's argument for a helper's
// AgainOn parameter, says "not found" (404, an AWS NotFound code).
func notFoundArg(info *types.Info, e ast.Expr) bool {
	return isInt(info, e, 404) || notFoundCode(info, e)
}

// testsNotFound reports whether cond is true only when something was not
// found: a conjunction one of whose sides is such a test, a disjunction
// both of whose are.
func testsNotFound(info *types.Info, cond ast.Expr) bool {
	switch x := ast.Unparen(cond).(type) {
	case *ast.BinaryExpr:
		switch x.Op {
		case token.LAND:
			return testsNotFound(info, x.X) || testsNotFound(info, x.Y)
		case token.LOR:
			return testsNotFound(info, x.X) && testsNotFound(info, x.Y)
		case token.EQL:
			return isInt(info, x.X, 404) || isInt(info, x.Y, 404) || notFoundCode(info, x.X) || notFoundCode(info, x.Y)
		}
	case *ast.CallExpr:
		for _, a := range x.Args {
			if isInt(info, a, 404) {
				return true // IsAPIError(err, http.StatusNotFound, "")
			}
		}
	}
	return false
}

func isInt(info *types.Info, e ast.Expr, v int64) bool {
	c, ok := astutil.IntConst(info, e)
	return ok && c == v
}

func notFoundCode(info *types.Info, e ast.Expr) bool {
	tv, ok := info.Types[e]
	return ok && tv.Value != nil && tv.Value.Kind() == constant.String && libs.AWSNotFoundCode(constant.StringVal(tv.Value))
}

// afterFailureLeaves reports whether ret follows, in its block or one
// around it, an if that tests an error against nil (err != nil) and
// always leaves: the attempt succeeded where ret runs.
func afterFailureLeaves(info *types.Info, path []ast.Node, ret *ast.ReturnStmt) bool {
	child := ast.Node(ret)
	for i := len(path) - 1; i >= 0; i-- {
		if b, ok := path[i].(*ast.BlockStmt); ok {
			for _, st := range b.List {
				if st == child {
					break
				}
				if ifs, isIf := st.(*ast.IfStmt); isIf && ifs.Else == nil && fails.TestsErr(info, ifs.Cond) && astutil.Terminates(ifs.Body) {
					return true
				}
			}
		}
		child = path[i]
	}
	return false
}

// againOn returns the AgainOn of the helper fd: the parameter the
// operation of a library helper call in fd compares its failure with.
func againOn(info *types.Info, fd *ast.FuncDecl, sites []*Site) int {
	for _, s := range sites {
		if s.Encl == nil || s.Node.Pos() < fd.Pos() || s.Node.End() > fd.End() {
			continue
		}
		if k := againOnParam(info, fd, s); k > 0 {
			return k
		}
	}
	return 0
}

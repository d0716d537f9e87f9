package retrysite

import (
	"go/ast"
	"go/token"
	"go/types"

	"github.com/idemlint/idemlint/passes/internal/astutil"
	"github.com/idemlint/idemlint/passes/internal/retrysite/status"
)

// A retry loop that goes round only on outcomes proving the server did not
// process the request (a 4xx it refused the request with, a throttle
// error, an attempt never sent) cannot do the work twice: retrynonidempotent
// does not report it, and a user-defined helper written so retries only
// those (site.HelperFact.Unprocessed) for every caller.

// unprocessedReading reads a loop's failure tests for such outcomes.
type unprocessedReading struct {
	info      *types.Info
	unsent    status.Unsent
	throttles *status.ThrottleTypes
}

// OnlyUnprocessed reports whether every failure test of a retry loop whose
// failure goes round picks an outcome that proves the server did not
// process the request: a 4xx status (429, a 401 before a token refresh),
// a throttle error, or an attempt that was never sent (NotSent, also
// through a predicate of the program). A test whose failure returns (case
// err != nil: return err) retries nothing. A test whose failure is its
// false value (if resp.StatusCode != 429 { return nil }) is read negated.
func (r *Result) OnlyUnprocessed(info *types.Info, s *Site) bool {
	return unprocessedReading{info, r.unsent, r.throttles}.only(s)
}

// ThrottleError reports whether t, or what it points to, is an error
// type made only for a 429 (status.ThrottleTypeFact).
func (r *Result) ThrottleError(t types.Type) bool {
	return r.throttles.Is(t)
}

func (u unprocessedReading) only(s *Site) bool {
	return s.OnlyRetriesRoundWhen(u.when) || u.guarded(s)
}

// guarded reads a loop body whose statements test the attempt one after
// the other, each leaving the loop on one side: if err == nil { return nil
// }; if !errors.Is(err, syscall.ECONNREFUSED) { return err }; sleep. The
// attempt goes round only when every such test let it pass, so one of
// them that passes only an unprocessed outcome is enough. Tests that go
// round on their own (if ... { continue }) must each pick one.
func (u unprocessedReading) guarded(s *Site) bool {
	var body *ast.BlockStmt
	switch l := s.Node.(type) {
	case *ast.ForStmt:
		body = l.Body
	case *ast.RangeStmt:
		body = l.Body
	}
	if body == nil || s.Kind != Loop || len(s.RetryTests) == 0 {
		return false
	}
	top := map[ast.Expr]bool{}
	for _, st := range body.List {
		if ifs, ok := st.(*ast.IfStmt); ok && ifs.Else == nil && exitsLoop(ifs.Body) {
			top[ifs.Cond] = true
		}
	}
	guarded := false
	for _, t := range s.RetryTests {
		switch {
		case s.RetryOnFalse[t] && top[t]:
			guarded = guarded || u.when(t, false)
		case !u.when(t, !s.RetryOnFalse[t]):
			return false
		}
	}
	return guarded
}

// exitsLoop reports whether a block ends by leaving the loop.
func exitsLoop(b *ast.BlockStmt) bool {
	if len(b.List) == 0 {
		return false
	}
	switch last := b.List[len(b.List)-1].(type) {
	case *ast.ReturnStmt:
		return true
	case *ast.BranchStmt:
		return last.Tok == token.BREAK || last.Tok == token.GOTO
	}
	return false
}

// when reports whether test having the value failIf proves the request
// was not processed: a status the server rejected it with (429, or any
// 4xx: a 400 asking for a fresh DPoP nonce, a 401 before a token
// refresh), a throttle error, a failure before it was sent.
func (u unprocessedReading) when(test ast.Expr, failIf bool) bool {
	test = ast.Unparen(test)
	if failIf {
		// case http.StatusTooManyRequests: a test that is a constant is a
		// case of a switch on the status.
		if rejection(u.info, test) {
			return true
		}
		return u.unsent.NotSent(u.info, test) || astutil.Some(test, func(n ast.Node) bool {
			if e, ok := n.(ast.Expr); ok && u.throttles.Matches(u.info, e) {
				return true
			}
			b, ok := n.(*ast.BinaryExpr)
			return ok && b.Op == token.EQL && comparesWithRejection(u.info, b)
		})
	}
	switch x := test.(type) {
	case *ast.UnaryExpr:
		return x.Op == token.NOT && u.when(x.X, true)
	case *ast.BinaryExpr:
		switch x.Op {
		case token.NEQ: // false when equal: opErr.Op != "dial" lets a dial error through
			return comparesWithRejection(u.info, x) ||
				u.unsent.NotSent(u.info, &ast.BinaryExpr{X: x.X, OpPos: x.OpPos, Op: token.EQL, Y: x.Y})
		case token.LOR: // false only when both are
			return u.when(x.X, false) || u.when(x.Y, false)
		case token.LAND: // false when either is
			return u.when(x.X, false) && u.when(x.Y, false)
		}
	}
	return false
}

// comparesWithRejection reports whether b compares with a 4xx status: the
// server rejected the request (a 429 to slow down, a 400 or 401 that a
// new nonce or token answers) and did not act on it, so sending it again
// cannot do the work twice (499, a proxy's "client closed", says nothing
// of what the upstream did).
func comparesWithRejection(info *types.Info, b *ast.BinaryExpr) bool {
	return rejection(info, b.X) || rejection(info, b.Y)
}

// rejection reports whether e is a constant 4xx status (but 499).
func rejection(info *types.Info, e ast.Expr) bool {
	return status.Rejection(info, e)
}

// OnlyUnprocessedAfter reports whether the helper call s goes round after
// running call only when the attempt proved unprocessed (a 403 "not
// ready", a 412 before anything was done): call is not sent again
// after the server acted on it, whatever the attempt does before it.
func (r *Result) OnlyUnprocessedAfter(info *types.Info, s *Site, call *ast.CallExpr) bool {
	if s.Kind != Helper && s.Kind != UserHelper {
		return false
	}
	return status.OnlyUnprocessedAfter(info, s, call, r.facts, &status.Unprocessed{Unsent: r.unsent, Body: r.decls.Body})
}

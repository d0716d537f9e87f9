package retrysite

import (
	"go/ast"
	"go/token"
	"go/types"
	"slices"

	"github.com/idemlint/idemlint/passes/internal/astutil"
	"github.com/idemlint/idemlint/passes/internal/retrysite/site"
)

// An attempt run in a goroutine, so that the round can also wait for a
// context or a timeout, hands its outcome back on channels:
//
//	for {
//		go func() {
//			resp, err := c.Do(req)
//			if err != nil {
//				errs <- err
//				return
//			}
//			responses <- resp
//		}()
//		select {
//		case <-ctx.Done():
//			return nil, ctx.Err()
//		case resp := <-responses:
//			return resp, nil
//		case err := <-errs:
//			continue
//		}
//	}
//
// A receive from a channel of errors that the goroutine launched in the
// round sends only failures on is that attempt's failure.

// failureReceived returns the error variable n, an assignment of the body
// (err := <-errs), receives a failure into, or nil.
func failureReceived(info *types.Info, body *ast.BlockStmt, n ast.Node) types.Object {
	as, ok := n.(*ast.AssignStmt)
	if !ok || len(as.Lhs) != 1 || len(as.Rhs) != 1 {
		return nil
	}
	id, ok := as.Lhs[0].(*ast.Ident)
	if !ok || id.Name == "_" || !site.IsErrorType(info.TypeOf(id)) {
		return nil
	}
	recv, ok := ast.Unparen(as.Rhs[0]).(*ast.UnaryExpr)
	if !ok || recv.Op != token.ARROW {
		return nil
	}
	ch := site.NameOf(recv.X)
	if ch == nil {
		return nil
	}
	chObj := info.ObjectOf(ch)
	if chObj == nil || !sendsOnlyFailures(info, body, chObj) {
		return nil
	}
	return info.ObjectOf(id)
}

// sendsOnlyFailures reports whether body launches a goroutine, a function
// literal, that sends on ch, and every send on ch there is of an error
// tested non-nil just before (if err != nil { ch <- err }).
func sendsOnlyFailures(info *types.Info, body *ast.BlockStmt, ch types.Object) bool {
	sends, failures := 0, 0
	for _, st := range body.List {
		g, ok := st.(*ast.GoStmt)
		if !ok {
			continue
		}
		lit, ok := ast.Unparen(g.Call.Fun).(*ast.FuncLit)
		if !ok {
			continue
		}
		ast.Inspect(lit.Body, func(n ast.Node) bool {
			ifs, ok := n.(*ast.IfStmt)
			if ok {
				for _, st := range ifs.Body.List {
					if s, ok := st.(*ast.SendStmt); ok && sendsOn(info, s, ch) && testedNonNil(info, ifs.Cond, s.Value) {
						failures++
					}
				}
			}
			if s, ok := n.(*ast.SendStmt); ok && sendsOn(info, s, ch) {
				sends++
			}
			return true
		})
	}
	return sends > 0 && sends == failures
}

func sendsOn(info *types.Info, s *ast.SendStmt, ch types.Object) bool {
	id := site.NameOf(s.Chan)
	return id != nil && info.ObjectOf(id) == ch
}

// testedNonNil reports whether cond is v != nil.
func testedNonNil(info *types.Info, cond, v ast.Expr) bool {
	b, ok := ast.Unparen(cond).(*ast.BinaryExpr)
	id, isIdent := ast.Unparen(v).(*ast.Ident)
	return ok && isIdent && b.Op == token.NEQ && astutil.IsNilTest(info, b, info.ObjectOf(id))
}

// decidesOn reports whether call, of a function value, is given an
// outcome error of the round and answers a bool and an error (keepTrying,
// replacement := cb(i, err)): a callback deciding on the failure, not
// another attempt.
func (w *loopWalk) decidesOn(call *ast.CallExpr) bool {
	if _, isFunc := w.info.Uses[site.NameOf(call.Fun)].(*types.Func); isFunc || site.NameOf(call.Fun) == nil {
		return false
	}
	res, ok := w.info.TypeOf(call).(*types.Tuple)
	if !ok || res.Len() != 2 || !site.IsBool(res.At(0).Type()) || !site.IsErrorType(res.At(1).Type()) {
		return false
	}
	for _, a := range call.Args {
		if id, ok := ast.Unparen(a).(*ast.Ident); ok && w.out.Errs[w.info.ObjectOf(id)] {
			return true
		}
	}
	return false
}

// AnswerSelects returns the cases of the select statements of s's body
// in which an attempt receives its outcome from a channel (case err :=
// <-errs, sent by the goroutine that made the attempt): the select waits
// for the attempt's own answer, or for its context, not a delay.
func AnswerSelects(s *Site) map[ast.Node]bool {
	out := map[ast.Node]bool{}
	if s.Op.Body == nil {
		return out
	}
	ast.Inspect(s.Op.Body, func(n ast.Node) bool {
		sel, ok := n.(*ast.SelectStmt)
		if !ok {
			return true
		}
		var comms []ast.Node
		answers := false
		for _, c := range sel.Body.List {
			cc := c.(*ast.CommClause)
			if cc.Comm == nil {
				continue
			}
			comms = append(comms, cc.Comm)
			answers = answers || receivesOutcome(s, cc.Comm)
		}
		if answers {
			for _, c := range comms {
				out[c] = true
			}
		}
		return true
	})
	return out
}

// receivesOutcome reports whether n is an attempt of s that receives its
// outcome from a channel.
func receivesOutcome(s *Site, n ast.Node) bool {
	as, ok := n.(*ast.AssignStmt)
	if !ok || len(as.Rhs) != 1 || !slices.Contains(s.Attempt, n) {
		return false
	}
	u, ok := ast.Unparen(as.Rhs[0]).(*ast.UnaryExpr)
	return ok && u.Op == token.ARROW
}

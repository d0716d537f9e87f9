package redelivery

import (
	"go/ast"
	"go/token"
	"go/types"

	"github.com/idemlint/idemlint/passes/internal/astutil"
	"github.com/idemlint/idemlint/passes/internal/libs"
	"github.com/idemlint/idemlint/passes/internal/retrysite/site"
	"github.com/idemlint/idemlint/passes/internal/retrysite/status"
)

// noteSkips sets Redelivered.Skips on the consumers whose failure path
// leaves the message without an acknowledgement, where the broker then
// delivers it again in the same process (libs.Framework.SkipRedelivers,
// ReturnRedelivers):
//
//	for _, m := range out.Messages {
//		if err := h.handle(ctx, m); err != nil {
//			log.Printf("handle: %v", err)
//			continue // not deleted: visible again after the visibility timeout
//		}
//		c.sqs.DeleteMessage(ctx, ...)
//	}
//
// A skip is an if, in the code the site covers, that tests an error
// (not the receive's own) and ends by continue (SkipRedelivers only) or
// return, with no acknowledgement or Nak anywhere in it: a branch that
// deletes, commits or dead-letters and acknowledges the message is no
// retry. A return from a worker function (site.Redelivered.Worker) ends
// no sarama session, and a handler that defers its acknowledgement
// acknowledges on every return: neither skips.
func (f *finder) noteSkips(sites []*site.Site) {
	r := &redeliveries{finder: f, acks: map[*types.Func]bool{}, impls: f.impls}
	for _, s := range sites {
		red := s.Redelivery
		if red == nil || s.Op.Body == nil || red.F.RetriesErrors || red.Naks {
			continue
		}
		if !red.F.SkipRedelivers && (!red.F.ReturnRedelivers || red.Worker) || r.defersAck(s.Op.Body) {
			continue
		}
		received := receivedObjects(f.info, s)
		ast.Inspect(s.Op.Body, func(n ast.Node) bool {
			if lit, ok := n.(*ast.FuncLit); ok && lit.Body != s.Op.Body {
				return false
			}
			ifs, ok := n.(*ast.IfStmt)
			if !ok || !red.Covers(ifs.Pos()) || !status.FailureTest(f.info, ifs.Cond, true) || mentionsReceived(f.info, ifs.Cond, received) {
				return true
			}
			if skips(ifs.Body, red.F.SkipRedelivers) && !astutil.Some(ifs, func(n ast.Node) bool {
				call, ok := n.(*ast.CallExpr)
				return ok && (r.isAck(call) || f.isNak(call) || r.localAck(call))
			}) {
				red.Skips = append(red.Skips, ifs)
			}
			return true
		})
	}
}

// skips reports whether a failure branch ends by leaving the message: a
// return, or a continue when a skipped message comes back.
func skips(body *ast.BlockStmt, byContinue bool) bool {
	if len(body.List) == 0 {
		return false
	}
	switch last := body.List[len(body.List)-1].(type) {
	case *ast.ReturnStmt:
		return true
	case *ast.BranchStmt:
		return byContinue && last.Tok == token.CONTINUE && last.Label == nil
	}
	return false
}

// defersAck reports whether a handler body defers an acknowledgement
// (defer m.Ack(), or a deferred literal that acks), outside the function
// literals it holds.
func (r *redeliveries) defersAck(body *ast.BlockStmt) bool {
	found := false
	ast.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.DeferStmt:
			found = found || astutil.Some(n.Call, func(n ast.Node) bool {
				call, ok := n.(*ast.CallExpr)
				return ok && (r.isAck(call) || r.localAck(call))
			})
		}
		return !found
	})
	return found
}

// localAck reports whether call is of a function of this package that
// acknowledges (its AckFact, exported by learnAcks).
func (r *redeliveries) localAck(call *ast.CallExpr) bool {
	fn := libs.Callee(r.info, call)
	if fn == nil || fn.Pkg() != r.pass.Pkg {
		return false
	}
	var fact AckFact
	return r.pass.ImportObjectFact(fn, &fact)
}

// receivedObjects returns the variables a receive site's call assigns
// (out, err := c.ReceiveMessage(...)): a test of them is about the
// receive, not about a message.
func receivedObjects(info *types.Info, s *site.Site) map[types.Object]bool {
	call, ok := s.Node.(*ast.CallExpr)
	if !ok {
		return nil
	}
	out := map[types.Object]bool{}
	ast.Inspect(s.Op.Body, func(n ast.Node) bool {
		as, ok := n.(*ast.AssignStmt)
		if !ok || !astutil.Some(as, func(n ast.Node) bool { return n == call }) {
			return true
		}
		for _, l := range as.Lhs {
			if id, ok := l.(*ast.Ident); ok && info.ObjectOf(id) != nil {
				out[info.ObjectOf(id)] = true
			}
		}
		return false
	})
	return out
}

func mentionsReceived(info *types.Info, e ast.Expr, objs map[types.Object]bool) bool {
	return len(objs) > 0 && astutil.Some(e, func(n ast.Node) bool {
		id, ok := n.(*ast.Ident)
		return ok && objs[info.ObjectOf(id)]
	})
}

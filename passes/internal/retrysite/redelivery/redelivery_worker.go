package redelivery

import (
	"go/ast"
	"go/token"
	"go/types"

	"github.com/idemlint/idemlint/passes/internal/astutil"
	"github.com/idemlint/idemlint/passes/internal/libs"
	"github.com/idemlint/idemlint/passes/internal/retrysite/site"
)

// workers makes sites of the functions of the package that are handed a
// delivered message (a parameter of a broker's message type) and
// acknowledge it themselves:
//
//	for _, m := range out.Messages {
//		go w.handle(ctx, m) // or w.handle(ctx, m), or w.jobs <- m
//	}
//
//	func (w *Worker) handle(ctx context.Context, m types.Message) {
//		if err := w.api.Charge(ctx, m.Body); err != nil {
//			return // not deleted: SQS delivers it again
//		}
//		w.sqs.DeleteMessage(ctx, ...)
//	}
//
// What precedes the acknowledgement runs again when the message comes
// back. The receive loop's own site ends at the call of such a function,
// which acknowledges (AckFact), so the work inside it was covered by no
// site. Only functions that acknowledge are taken: acknowledging a message
// only makes sense of one that was received, whereas a function handed a
// message it does not acknowledge may be handling one the program made
// (a producer's), and what it does is covered by its caller's site.
// Callbacks a framework acknowledges when they return (a NATS Subscribe
// without ManualAck) are not redelivered on failure and are left out.
func (r *redeliveries) workers() {
	for _, b := range r.index.Bodies {
		if b.Func == nil || b.Block == nil || r.seen[b.Block] || !r.acks[b.Func] || r.autoAcked[b.Func] {
			continue
		}
		fw := messageParam(b.Func.Signature())
		if fw == nil {
			continue
		}
		until := r.firstAck(b.Block, b.Block.Pos())
		if !callsBefore(b.Block, until) {
			continue // an acknowledgement helper: nothing runs before it
		}
		r.addBody(b, &site.Redelivered{F: fw, Until: until, Worker: true})
	}
}

// callsBefore reports whether block calls something that ends before pos
// (anything at all when pos is NoPos).
func callsBefore(block *ast.BlockStmt, pos token.Pos) bool {
	return astutil.Some(block, func(n ast.Node) bool {
		_, ok := n.(*ast.CallExpr)
		return ok && (pos == token.NoPos || n.End() <= pos)
	})
}

// messageParam returns the framework of the first parameter of sig whose
// type is a broker's delivered message (or a pointer to one, or a slice of
// them), or nil.
func messageParam(sig *types.Signature) *libs.Framework {
	for v := range sig.Params().Variables() {
		t := v.Type()
		if s, ok := t.Underlying().(*types.Slice); ok {
			t = s.Elem()
		}
		if p, ok := t.(*types.Pointer); ok {
			t = p.Elem()
		}
		if fw := paramFramework(libs.HandedMessages, t); fw != nil {
			return fw
		}
		if fw := paramFramework(libs.DeliveryChans, t); fw != nil {
			return fw
		}
	}
	return nil
}

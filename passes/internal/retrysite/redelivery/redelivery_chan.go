package redelivery

import (
	"go/ast"
	"go/token"
	"go/types"

	"github.com/idemlint/idemlint/passes/internal/bodies"
	"github.com/idemlint/idemlint/passes/internal/libs"
	"github.com/idemlint/idemlint/passes/internal/retrysite/site"
)

// handedMessages makes a site of a worker loop over a channel of the
// program's own that carries broker messages (a consumer loop fetches and
// hands each to a pool of goroutines), when the loop acknowledges them:
// what precedes the acknowledgement runs again after a crash. A loop that
// does not acknowledge leaves it to code idemlint does not follow; a loop
// over a channel the library returns (sarama's claim.Messages()) is the
// library's own delivery, recognised by its handler.
func (r *redeliveries) handedMessages(b *bodies.Body, rs *ast.RangeStmt, elem types.Type) {
	if p, ok := elem.(*types.Pointer); ok {
		elem = p.Elem()
	}
	fw := paramFramework(libs.HandedMessages, elem)
	if fw == nil || r.libraryChan(b, rs.X) {
		return
	}
	ack := r.firstAck(rs.Body, rs.Body.Pos())
	if ack == token.NoPos || !callsBefore(rs.Body, ack) {
		return // no acknowledgement, or one made before any work (a worker that acks)
	}
	red := &site.Redelivered{F: fw, From: rs.Body.Pos(), Until: ack}
	red.Until = r.dedup(rs.Body, red)
	r.out = append(r.out, &site.Site{Kind: site.Redelivery, Node: rs, Encl: b.Node,
		Op: site.Operation{Body: rs.Body}, Redelivery: red})
}

// libraryChan reports whether a channel is returned by a call into a
// package outside the program being analyzed, directly or through a local
// variable.
func (r *redeliveries) libraryChan(b *bodies.Body, e ast.Expr) bool {
	call := r.madeBy(b, e)
	if call == nil {
		return false
	}
	fn := libs.Callee(r.info, call)
	return fn != nil && fn.Pkg() != nil && brokerPath(fn.Pkg().Path())
}

func brokerPath(path string) bool {
	for _, p := range libs.RedeliveryPaths {
		if p == path {
			return true
		}
	}
	for k := range libs.HandedMessages {
		if k.Pkg == path {
			return true
		}
	}
	return false
}

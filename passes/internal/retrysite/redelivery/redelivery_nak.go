package redelivery

import (
	"go/ast"
	"go/constant"
	"go/types"

	"github.com/idemlint/idemlint/passes/internal/astutil"
	"github.com/idemlint/idemlint/passes/internal/libs"
	"github.com/idemlint/idemlint/passes/internal/retrysite/site"
)

// noteNaks sets Redelivered.Naks on the broker handlers that ask for a
// redelivery themselves (msg.Nak(), d.Nack(false, true)): their failures
// are run again by the broker, as a job queue runs a failed job again.
func (f *finder) noteNaks(sites []*site.Site) {
	for _, s := range sites {
		if s.Redelivery == nil || s.Op.Body == nil || s.Redelivery.F.RetriesErrors {
			continue
		}
		s.Redelivery.Naks = s.Redelivery.Naks || astutil.Some(s.Op.Body, func(n ast.Node) bool {
			call, ok := n.(*ast.CallExpr)
			return ok && f.isNak(call)
		})
	}
}

// isNak reports whether call asks the broker to deliver its message again.
func (f *finder) isNak(call *ast.CallExpr) bool {
	fn := libs.Callee(f.info, call)
	if fn == nil {
		return false
	}
	requeue, ok := lookupMirrored(libs.Naks, fn)
	if !ok {
		return false
	}
	if requeue < 0 {
		return true
	}
	if requeue >= len(call.Args) {
		return false
	}
	tv, ok := f.info.Types[call.Args[requeue]]
	return ok && tv.Value != nil && tv.Value.Kind() == constant.Bool && constant.BoolVal(tv.Value)
}

// BrokerReply reports whether call answers the broker about a delivered
// message (an Ack, a Nak, a commit): the handler talking to its broker,
// whatever the client library does inside to deliver the answer, not an
// operation the handler retries.
func BrokerReply(info *types.Info, call *ast.CallExpr) bool {
	fn := libs.Callee(info, call)
	if fn == nil {
		return false
	}
	if _, ok := lookupMirrored(libs.Acks, fn); ok {
		return true
	}
	_, ok := lookupMirrored(libs.Naks, fn)
	return ok
}

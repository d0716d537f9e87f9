package libs

import (
	"go/ast"
	"go/types"
)

// ReceiveTimeouts are receives given how long to wait for the next
// message, with the error value each returns when nothing arrived in
// that time (nats.go's Subscription.NextMsg and a pull subscription's
// Fetch return ErrTimeout). That value says "nothing yet", not that the
// receive failed: a loop going round on it waits for a message, as a
// poll does (RULES.md, retry loop: a "still pending" sentinel). The same
// value from a request (nats.Conn.Request) is no answer, a failure, so
// the sentinel is read only for the receives named here.
var ReceiveTimeouts = Table[string]{
	{NATS, "Subscription", "NextMsg"}: "ErrTimeout",
	{NATS, "Subscription", "Fetch"}:   "ErrTimeout",
}

// NothingYet returns the error value call, a receive of ReceiveTimeouts,
// returns when nothing arrived in time, or nil.
func NothingYet(info *types.Info, call *ast.CallExpr) *types.Var {
	fn := Callee(info, call)
	name, ok := ReceiveTimeouts.Lookup(fn)
	if !ok || fn.Pkg() == nil {
		return nil
	}
	v, _ := fn.Pkg().Scope().Lookup(name).(*types.Var)
	return v
}

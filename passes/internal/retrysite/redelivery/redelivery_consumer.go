package redelivery

import (
	"fmt"
	"go/ast"
	"go/types"

	"github.com/idemlint/idemlint/passes/internal/astutil"
	"github.com/idemlint/idemlint/passes/internal/bodies"
	"github.com/idemlint/idemlint/passes/internal/libs"
	"github.com/idemlint/idemlint/passes/internal/retrysite/site"
)

// ConsumerFact marks a consumer helper of the program: a function that
// receives a broker's deliveries itself and hands them to the function it
// is given as its parameter Param (counting from 0, receiver excluded),
// before it acknowledges them:
//
//	func Consume(ctx context.Context, sub *nats.Subscription, f func(context.Context, []*nats.Msg) bool) {
//		for {
//			msgs, err := sub.Fetch(batch)
//			...
//			if f(ctx, msgs) { ack(msgs) } else { nak(msgs) }
//		}
//	}
//
// The function a caller hands it is then a handler the broker runs again,
// as if it were registered with the framework itself: real services wrap
// their broker's receive loop once and pass every handler through it.
type ConsumerFact struct {
	Param     int
	Framework string // libs.Framework.Name
	Attempts  int    // runs of one delivery, first included; 0 = no limit
	Naks      bool   // the helper asks for the redelivery itself
}

func (*ConsumerFact) AFact() {}
func (f *ConsumerFact) String() string {
	s := fmt.Sprintf("consumes with parameter %d (%s", f.Param, f.Framework)
	if f.Naks {
		s += ", naks"
	}
	return s + ")"
}

// learnConsumers exports a ConsumerFact for each function of the package
// whose redelivered code (a site found here) calls a function parameter of
// its own.
func (r *redeliveries) learnConsumers() {
	r.consumers = map[*types.Func]*ConsumerFact{}
	for _, s := range r.out {
		if s.Op.Body == nil || s.Redelivery == nil || s.Redelivery.Worker {
			continue
		}
		b := r.byBlock[s.Op.Body]
		if b == nil {
			continue
		}
		fd, ok := r.enclosingDecl(b).(*ast.FuncDecl)
		if !ok {
			continue
		}
		fn, ok := r.info.Defs[fd.Name].(*types.Func)
		if !ok || r.consumers[fn] != nil {
			continue
		}
		params := paramIndexes(r.info, fd)
		red := s.Redelivery
		ast.Inspect(s.Op.Body, func(n ast.Node) bool {
			call, ok := n.(*ast.CallExpr)
			if !ok || !red.Covers(call.Pos()) || r.consumers[fn] != nil {
				return true
			}
			id, ok := ast.Unparen(call.Fun).(*ast.Ident)
			if !ok {
				return true
			}
			if i, ok := params[r.info.Uses[id]]; ok {
				r.consumers[fn] = &ConsumerFact{Param: i, Framework: red.F.Name, Attempts: red.Attempts, Naks: r.naksIn(s.Op.Body, red)}
			}
			return true
		})
	}
	for fn, fact := range r.consumers {
		r.pass.ExportObjectFact(fn, fact)
	}
}

// naksIn reports whether the code after the receive asks for a
// redelivery: the answer to a failed handler, which comes after the
// acknowledgement of a successful one in the code.
func (r *redeliveries) naksIn(body *ast.BlockStmt, red *site.Redelivered) bool {
	return astutil.Some(body, func(n ast.Node) bool {
		call, ok := n.(*ast.CallExpr)
		return ok && call.Pos() >= red.From && r.isNak(call)
	})
}

// paramIndexes maps the function-typed parameters of fd to their index.
func paramIndexes(info *types.Info, fd *ast.FuncDecl) map[types.Object]int {
	out := map[types.Object]int{}
	i := 0
	for _, field := range fd.Type.Params.List {
		for _, name := range field.Names {
			if obj := info.Defs[name]; obj != nil {
				if _, ok := obj.Type().Underlying().(*types.Signature); ok {
					out[obj] = i
				}
			}
			i++
		}
		if len(field.Names) == 0 {
			i++
		}
	}
	return out
}

// consumerCalls makes sites of the handlers the package hands to consumer
// helpers, its own or another package's (ConsumerFact).
func (r *redeliveries) consumerCalls() {
	for _, b := range r.index.Bodies {
		for _, c := range b.Calls {
			r.consumerCall(b, c)
		}
	}
}

func (r *redeliveries) consumerCall(b *bodies.Body, c bodies.Call) {
	if c.Callee == nil {
		return
	}
	fn := c.Callee.Origin()
	fact := r.consumers[fn]
	if fact == nil && fn.Pkg() != r.pass.Pkg {
		var imported ConsumerFact
		if r.pass.ImportObjectFact(fn, &imported) {
			fact = &imported
		}
	}
	if fact == nil || fact.Param >= len(c.Args) {
		return
	}
	fw := libs.FrameworkNamed(fact.Framework)
	if fw == nil {
		return
	}
	red := &site.Redelivered{F: fw, Attempts: fact.Attempts, Naks: fact.Naks, FailNaks: fact.Naks}
	arg := c.Args[fact.Param]
	if fn := forwardsTo(r.info, arg); fn != nil {
		r.handlerFunc(b, c.CallExpr, arg, fn, red)
		return
	}
	r.handlerArg(b, c.CallExpr, arg, red)
}

// forwardsTo returns the function a literal only hands its work to, with
// the literal's result as its own: func(ctx context.Context, msgs
// []*nats.Msg) bool { return s.onMessage(ctx, state, msgs) }, the adapter
// that gives a method the helper's signature. Its failure is the method's.
func forwardsTo(info *types.Info, e ast.Expr) *types.Func {
	lit, ok := ast.Unparen(e).(*ast.FuncLit)
	if !ok || len(lit.Body.List) != 1 {
		return nil
	}
	ret, ok := lit.Body.List[0].(*ast.ReturnStmt)
	if !ok || len(ret.Results) != 1 {
		return nil
	}
	call, ok := ast.Unparen(ret.Results[0]).(*ast.CallExpr)
	if !ok {
		return nil
	}
	return libs.Callee(info, call)
}

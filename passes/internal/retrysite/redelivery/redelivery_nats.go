package redelivery

import (
	"go/ast"
	"go/types"

	"github.com/idemlint/idemlint/passes/internal/astutil"
	"github.com/idemlint/idemlint/passes/internal/bodies"
	"github.com/idemlint/idemlint/passes/internal/libs"
	"github.com/idemlint/idemlint/passes/internal/retrysite/site"
)

// optionCalls returns the option calls a call passes from index i on,
// following a spread slice (js.Subscribe(subj, cb, opts...)) to what the
// enclosing function puts in it: a literal ([]nats.SubOpt{nats.Durable(d),
// nats.ManualAck()}) and what append adds, with a visited set.
func (r *redeliveries) optionCalls(b *bodies.Body, call *ast.CallExpr, i int) []*ast.CallExpr {
	var out []*ast.CallExpr
	encl := r.index.Of(r.enclosingDecl(b))
	if encl == nil {
		encl = b
	}
	seen := map[*types.Var]bool{}
	var add func(e ast.Expr, spread bool)
	add = func(e ast.Expr, spread bool) {
		e = ast.Unparen(e)
		if !spread {
			if c, ok := e.(*ast.CallExpr); ok {
				out = append(out, c)
			}
			return
		}
		switch x := e.(type) {
		case *ast.CompositeLit:
			for _, el := range x.Elts {
				add(el, false)
			}
		case *ast.CallExpr:
			if astutil.IsAppend(r.info, x) {
				for j, a := range x.Args {
					add(a, j == 0 || x.Ellipsis.IsValid() && j == len(x.Args)-1)
				}
			}
		case *ast.Ident:
			v, ok := r.info.Uses[x].(*types.Var)
			if !ok || seen[v] {
				return
			}
			seen[v] = true
			for _, val := range r.index.Assignments(r.info, encl, v) {
				add(val, true)
			}
		}
	}
	for ; i >= 0 && i < len(call.Args); i++ {
		add(call.Args[i], call.Ellipsis.IsValid() && i == len(call.Args)-1)
	}
	return out
}

// jetStreamConsumer reads how the JetStream consumer a call reads from
// was made, following its receiver through local variables (and a
// Messages iterator back to its consumer) to the call that made it:
// MaxDeliver of its ConsumerConfig, or none when the consumer
// acknowledges nothing (an ordered consumer, AckPolicy AckNonePolicy). A
// consumer made out of sight (a field, js.Consumer(ctx, stream, name))
// keeps the server's default: no limit.
func (r *redeliveries) jetStreamConsumer(b *bodies.Body, call *ast.CallExpr) (attempts int, noAck bool) {
	recv := receiverOf(call)
	for range 2 {
		if recv == nil {
			return 0, false
		}
		made := r.madeBy(b, recv)
		if made == nil {
			return 0, false
		}
		fn := libs.Callee(r.info, made)
		if _, ok := libs.JetStreamIterators.Lookup(fn); ok {
			recv = receiverOf(made)
			continue
		}
		ordered, ok := libs.JetStreamConsumers.Lookup(fn)
		if !ok || len(made.Args) == 0 {
			return 0, false
		}
		if ordered {
			return 0, true
		}
		lit := r.literalOf(b, made.Args[len(made.Args)-1])
		if lit == nil {
			return 0, false
		}
		if v := fieldValue(lit, "AckPolicy"); v != nil && namesConst(r.info, v, libs.JetStream, "AckNonePolicy") {
			return 0, true
		}
		if v := fieldValue(lit, "MaxDeliver"); v != nil {
			return intArg(r.info, v), false
		}
		return 0, false
	}
	return 0, false
}

// receiverOf returns x of a method call x.m(...), or nil.
func receiverOf(call *ast.CallExpr) ast.Expr {
	if sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr); ok {
		return sel.X
	}
	return nil
}

// literalOf returns the composite literal e is, or that the local variable
// e names is assigned once, or nil.
func (r *redeliveries) literalOf(b *bodies.Body, e ast.Expr) *ast.CompositeLit {
	if u, ok := ast.Unparen(e).(*ast.UnaryExpr); ok {
		e = u.X
	}
	if id, ok := ast.Unparen(e).(*ast.Ident); ok {
		if v, ok := r.info.Uses[id].(*types.Var); ok {
			e = site.LocalDef(r.info, b.Node, v)
		}
	}
	lit, _ := ast.Unparen(e).(*ast.CompositeLit)
	return lit
}

// namesConst reports whether e names the constant pkg.name.
func namesConst(info *types.Info, e ast.Expr, pkg, name string) bool {
	id := site.NameOf(e)
	if id == nil {
		return false
	}
	c, ok := info.Uses[id].(*types.Const)
	return ok && c.Pkg() != nil && c.Pkg().Path() == pkg && c.Name() == name
}

// syncSubscription reads the subscription a NextMsg call reads from: ok
// when a JetStream SubscribeSync made it, in sight, without AckNone, with
// its MaxDeliver (0: no limit). A core NATS subscription, or one out of
// sight, redelivers nothing we can see.
func (r *redeliveries) syncSubscription(b *bodies.Body, call *ast.CallExpr) (attempts int, ok bool) {
	recv := receiverOf(call)
	if recv == nil {
		return 0, false
	}
	made := r.madeBy(b, recv)
	if made == nil {
		return 0, false
	}
	i, ok := libs.NATSSyncSubscribes.Lookup(libs.Callee(r.info, made))
	if !ok {
		return 0, false
	}
	for _, o := range r.optionCalls(b, made, i) {
		switch fn := libs.NameOf(libs.Callee(r.info, o)); {
		case fn == libs.NATSAckNone:
			return 0, false
		case fn == libs.NATSMaxDeliver && len(o.Args) == 1:
			attempts = intArg(r.info, o.Args[0])
		}
	}
	return attempts, true
}

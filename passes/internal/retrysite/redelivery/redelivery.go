package redelivery

import (
	"go/ast"
	"go/token"
	"go/types"
	"sort"
	"strings"

	"github.com/idemlint/idemlint/passes/internal/bodies"
	"github.com/idemlint/idemlint/passes/internal/ifaces"
	"github.com/idemlint/idemlint/passes/internal/libs"
	"github.com/idemlint/idemlint/passes/internal/retrysite/site"
)

// redeliverySites finds the handlers of the package that a framework runs
// again. Packages that import no such framework pay nothing.
func (f *finder) redeliverySites() []*site.Site {
	// A package that only hands its handlers to another package's
	// consumer helper (ConsumerFact) depends on a broker without
	// importing one.
	direct := libs.ImportsAny(f.pass.Pkg, libs.RedeliveryPaths...)
	if !direct && !libs.DependsOn(f.pass.Pkg, libs.RedeliveryPaths...) {
		return nil
	}
	r := &redeliveries{finder: f, byBlock: map[*ast.BlockStmt]*bodies.Body{}, seen: map[*ast.BlockStmt]bool{}, autoAcked: map[*types.Func]bool{}, impls: f.impls}
	for _, b := range f.index.Bodies {
		r.byBlock[b.Block] = b
	}
	r.cfg = f.jobConfigs()
	if direct {
		f.exportJobFacts(r.cfg)
		r.learnAcks()
		for _, b := range f.index.Bodies {
			r.signature(b)
			for _, c := range b.Calls {
				r.registration(b, c)
				r.receive(b, c)
			}
			for _, l := range b.Loops {
				r.deliveries(b, l)
			}
		}
		r.workers()
		r.learnConsumers()
	}
	r.consumerCalls()
	sort.Slice(r.out, func(i, j int) bool { return r.out[i].Node.Pos() < r.out[j].Node.Pos() })
	return r.out
}

type redeliveries struct {
	*finder
	byBlock map[*ast.BlockStmt]*bodies.Body
	seen    map[*ast.BlockStmt]bool // handler bodies already sites
	cfg     *jobConfigs
	acks    map[*types.Func]bool // functions of the package that acknowledge
	impls   *ifaces.Resolver     // interface methods with one implementation
	// autoAcked are the callbacks registered where the framework
	// acknowledges their message when they return (no nats.ManualAck).
	autoAcked map[*types.Func]bool
	// consumers are the consumer helpers of the package (ConsumerFact).
	consumers map[*types.Func]*ConsumerFact
	out       []*site.Site
}

// add records a site for a handler body of this package, once.
func (r *redeliveries) addBody(b *bodies.Body, red *site.Redelivered) {
	if r.seen[b.Block] || red == nil || red.Attempts == 1 {
		return
	}
	r.seen[b.Block] = true
	red.Until = r.dedup(b.Block, red)
	r.out = append(r.out, &site.Site{Kind: site.Redelivery, Node: b.Node, Encl: b.Node,
		Op: site.Operation{Body: b.Block}, Redelivery: red})
}

// signature makes a site of a function whose signature makes it a handler:
// func(context.Context, *asynq.Task) error, river's
// func(context.Context, *river.Job[T]) error, a sarama ConsumeClaim.
func (r *redeliveries) signature(b *bodies.Body) {
	sig := r.signatureOf(b)
	if sig == nil {
		return
	}
	params, results := sig.Params(), sig.Results()
	if params.Len() != 2 || results.Len() != 1 || !isError(results.At(0).Type()) {
		return
	}
	if b.Func != nil && b.Func.Name() == "ConsumeClaim" {
		if fw := paramFramework(libs.ClaimHandlers, params.At(1).Type()); fw != nil {
			r.addBody(b, &site.Redelivered{F: fw, Until: r.firstAck(b.Block, b.Block.Pos())})
		}
		return
	}
	if !libs.IsNamed(params.At(0).Type(), "context", "Context") {
		return
	}
	ptr, ok := params.At(1).Type().(*types.Pointer)
	if !ok {
		return
	}
	if fw := paramFramework(libs.HandlerParams, ptr.Elem()); fw != nil {
		r.addBody(b, r.cfg.handler(fw, b, ptr.Elem()))
	}
}

func (r *redeliveries) signatureOf(b *bodies.Body) *types.Signature {
	if b.Func != nil {
		return b.Func.Signature()
	}
	sig, _ := r.info.TypeOf(b.Node.(*ast.FuncLit)).(*types.Signature)
	return sig
}

func paramFramework(table map[libs.HandlerParam]*libs.Framework, t types.Type) *libs.Framework {
	n, ok := types.Unalias(t).(*types.Named)
	if !ok || n.Obj().Pkg() == nil {
		return nil
	}
	return table[libs.HandlerParam{Pkg: n.Obj().Pkg().Path(), Type: n.Origin().Obj().Name()}]
}

func isError(t types.Type) bool { return types.Identical(t, types.Universe.Lookup("error").Type()) }

// registration makes sites of the callbacks a call hands to a framework
// (Temporal's RegisterActivity, watermill's AddHandler, a JetStream
// Subscribe with ManualAck, Pub/Sub's Receive).
func (r *redeliveries) registration(b *bodies.Body, c bodies.Call) {
	reg, ok := libs.Registrations.Lookup(c.Callee)
	if !ok || reg.Handler >= len(c.Args) {
		return
	}
	red := &site.Redelivered{F: reg.F}
	if reg.Options >= 0 {
		needed := reg.NeedsOption == libs.Func{}
		for _, o := range r.optionCalls(b, c.CallExpr, reg.Options) {
			fn := libs.NameOf(libs.Callee(r.info, o))
			needed = needed || fn == reg.NeedsOption
			if fn == libs.NATSMaxDeliver && len(o.Args) == 1 {
				red.Attempts = intArg(r.info, o.Args[0])
			}
			if fn == libs.NATSAckNone {
				return // nothing is acknowledged, nothing comes back
			}
		}
		if !needed {
			if op := site.ResolveOp(r.info, r.decls, c.Args[reg.Handler], b.Node); op.Func != nil {
				r.autoAcked[op.Func.Origin()] = true
			}
			return
		}
	}
	if reg.Consumer {
		attempts, noAck := r.jetStreamConsumer(b, c.CallExpr)
		if noAck {
			return
		}
		red.Attempts = attempts
	}
	arg := c.Args[reg.Handler]
	if reg.Struct {
		if methods := activityMethods(r.info.TypeOf(arg)); methods != nil {
			for _, m := range methods {
				r.handlerFunc(b, c.CallExpr, arg, m, red)
			}
			return
		}
	}
	r.handlerArg(b, c.CallExpr, arg, red)
}

// handlerArg makes a site of the handler a call hands over as arg: a
// named function (handlerFunc), or a function literal of this package.
func (r *redeliveries) handlerArg(b *bodies.Body, call *ast.CallExpr, arg ast.Expr, red *site.Redelivered) {
	op := site.ResolveOp(r.info, r.decls, arg, b.Node)
	switch {
	case op.Func != nil:
		r.handlerFunc(b, call, arg, op.Func, red)
	case op.Body != nil:
		if hb := r.byBlock[op.Body]; hb != nil {
			red.Until = r.firstAck(op.Body, op.Body.Pos())
			r.addBody(hb, red)
		}
	}
}

// handlerFunc makes a site of a named handler: its body when it is
// declared here, else the registering call, whose operation is the
// function (its facts tell what it does).
func (r *redeliveries) handlerFunc(b *bodies.Body, call *ast.CallExpr, arg ast.Expr, fn *types.Func, red *site.Redelivered) {
	fn = fn.Origin()
	cp := *red
	red = &cp
	if red.F == libs.TemporalFramework {
		if fn.Pkg() != r.pass.Pkg && len(r.cfg.activities[fn]) == 0 && r.executedElsewhere(fn) {
			return // that package reads its retry policy and reports
		}
		red.Attempts = r.cfg.activity(fn)
	}
	if fd := r.decls[fn]; fd != nil {
		if hb := r.index.Of(fd); hb != nil {
			red.Until = r.firstAck(fd.Body, fd.Body.Pos())
			r.addBody(hb, red)
		}
		return
	}
	if fn.Pkg() == r.pass.Pkg || red.Attempts == 1 {
		return
	}
	if messageParam(fn.Signature()) != nil && r.importedAck(fn) {
		return // its own package made it a site: it acknowledges (workers)
	}
	r.out = append(r.out, &site.Site{Kind: site.Redelivery, Node: call, Encl: b.Node,
		Op: site.Operation{Func: fn, Expr: arg}, Redelivery: red})
}

// activityMethods returns the exported methods of a struct (or pointer to
// one) registered as a whole: each is an activity. It returns nil for a
// function value.
func activityMethods(t types.Type) []*types.Func {
	if t == nil {
		return nil
	}
	if _, isFunc := t.Underlying().(*types.Signature); isFunc {
		return nil
	}
	base := t
	if p, ok := t.(*types.Pointer); ok {
		base = p.Elem()
	}
	if _, ok := base.Underlying().(*types.Struct); !ok {
		return nil
	}
	var out []*types.Func
	ms := types.NewMethodSet(types.NewPointer(base))
	for i := range ms.Len() {
		if fn, ok := ms.At(i).Obj().(*types.Func); ok && fn.Exported() {
			out = append(out, fn)
		}
	}
	return out
}

// receive makes a site of the code that handles what a receive returns
// (kafka-go's FetchMessage, franz-go's PollFetches, SQS's ReceiveMessage),
// up to its acknowledgement (CommitMessages, DeleteMessage) or, when there
// is none after it, to the end of the loop that receives.
func (r *redeliveries) receive(b *bodies.Body, c bodies.Call) {
	fw, ok := lookupMirrored(libs.Receives, c.Callee)
	if !ok {
		return
	}
	red := &site.Redelivered{F: fw, From: c.End(), Until: r.firstAck(b.Block, c.End())}
	switch {
	case fw == libs.NATSFramework && strings.HasPrefix(c.Callee.Name(), "NextMsg"):
		attempts, ok := r.syncSubscription(b, c.CallExpr)
		if !ok {
			return
		}
		red.Attempts = attempts
	case c.Callee.Pkg() != nil && c.Callee.Pkg().Path() == libs.JetStream:
		attempts, noAck := r.jetStreamConsumer(b, c.CallExpr)
		if noAck {
			return
		}
		red.Attempts = attempts
	}
	if red.Until == token.NoPos {
		if loop := innermostLoop(b, c.Pos()); loop != nil {
			red.Until = loop.End()
		}
	}
	red.Until = r.dedup(b.Block, red)
	r.out = append(r.out, &site.Site{Kind: site.Redelivery, Node: c.CallExpr, Encl: b.Node,
		Op: site.Operation{Body: b.Block}, Redelivery: red})
}

func innermostLoop(b *bodies.Body, pos token.Pos) ast.Stmt {
	var in ast.Stmt
	for _, l := range b.Loops {
		if l.Pos() <= pos && pos < l.End() && (in == nil || l.Pos() > in.Pos()) {
			in = l
		}
	}
	return in
}

// deliveries makes a site of a loop over RabbitMQ deliveries that are
// acknowledged by hand: Consume with autoAck false, or a loop that acks.
func (r *redeliveries) deliveries(b *bodies.Body, l ast.Stmt) {
	rs, ok := l.(*ast.RangeStmt)
	if !ok {
		return
	}
	t := r.info.TypeOf(rs.X)
	if t == nil {
		return
	}
	ch, ok := t.Underlying().(*types.Chan)
	if !ok {
		return
	}
	fw := paramFramework(libs.DeliveryChans, ch.Elem())
	if fw == nil {
		r.handedMessages(b, rs, ch.Elem())
		return
	}
	ack := r.firstAck(rs.Body, rs.Body.Pos())
	switch r.autoAck(b, rs.X) {
	case 1:
		return
	case -1:
		if ack == token.NoPos {
			return // who acks is not known: a consumer with autoAck
		}
	}
	red := &site.Redelivered{F: fw, From: rs.Body.Pos(), Until: ack}
	red.Until = r.dedup(rs.Body, red)
	r.out = append(r.out, &site.Site{Kind: site.Redelivery, Node: rs, Encl: b.Node,
		Op: site.Operation{Body: rs.Body}, Redelivery: red})
}

// autoAck follows a delivery channel to its Consume call: 1 when autoAck is
// true, 0 when false, -1 when not known.
func (r *redeliveries) autoAck(b *bodies.Body, e ast.Expr) int {
	call := r.madeBy(b, e)
	if call == nil {
		return -1
	}
	i, ok := libs.AMQPConsume.Lookup(libs.Callee(r.info, call))
	if !ok || i >= len(call.Args) {
		return -1
	}
	if tv, ok := r.info.Types[call.Args[i]]; ok && tv.Value != nil {
		if tv.Value.String() == "true" {
			return 1
		}
		return 0
	}
	return -1
}

// madeBy returns the call that makes e, itself or through at most three
// local variables assigned once (msgs, _ := ch.Consume(...); in := msgs),
// or nil.
func (r *redeliveries) madeBy(b *bodies.Body, e ast.Expr) *ast.CallExpr {
	for range 3 {
		switch x := ast.Unparen(e).(type) {
		case *ast.Ident:
			v, ok := r.info.Uses[x].(*types.Var)
			if !ok {
				return nil
			}
			if e = site.LocalDef(r.info, b.Node, v); e == nil {
				return nil
			}
		case *ast.CallExpr:
			return x
		default:
			return nil
		}
	}
	return nil
}

// firstAck returns the position of the first acknowledgement in block
// after pos, or NoPos. A deferred one (defer m.Ack()) runs when the
// function returns, after everything that follows it: it ends nothing
// where it stands.
func (r *redeliveries) firstAck(block *ast.BlockStmt, after token.Pos) token.Pos {
	first := token.NoPos
	ast.Inspect(block, func(n ast.Node) bool {
		if first != token.NoPos {
			return false
		}
		if _, ok := n.(*ast.DeferStmt); ok {
			return false
		}
		if call, ok := n.(*ast.CallExpr); ok && call.Pos() >= after {
			if r.isAck(call) {
				first = call.Pos()
			}
		}
		return true
	})
	return first
}

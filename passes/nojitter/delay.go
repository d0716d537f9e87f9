package nojitter

import (
	"fmt"
	"go/constant"
	"go/token"
	"go/types"
	"slices"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/idemlint/idemlint/passes/internal/libs"
)

// delay summarises what flows into a wait's duration.
type delay struct {
	random  bool // a random value reaches it
	grows   bool // it grows with the attempt
	capped  bool // a min or clamp limits it
	opaque  bool // part of it comes from where we cannot judge
	param   bool // part of it is a parameter: judged where it is computed
	varying bool // it depends on a value that changes round the loop
	// server: it is the delay the server asked for (Retry-After), which
	// is waited as given (serverdelay.go). Where it merges with a
	// fallback, only the fallback is judged.
	server bool
	// gate, when random is set, is the receiver field whose value decides
	// whether the random part is added at all (a jpillora-style
	// Backoff.Duration adds jitter only if b.Jitter is set): the caller's
	// value for the field decides.
	gate *types.Var
}

func (d delay) merge(o delay) delay {
	gate := d.gate
	switch {
	case !d.random:
		gate = o.gate
	case o.random && o.gate != d.gate:
		gate = nil // random on some path whatever the field holds
	}
	return delay{
		gate:    gate,
		random:  d.random || o.random,
		grows:   d.grows || o.grows,
		capped:  d.capped || o.capped,
		opaque:  d.opaque || o.opaque,
		param:   d.param || o.param,
		varying: d.varying || o.varying,
		server:  d.server || o.server,
	}
}

// tracer follows SSA values backwards to the sources of a delay.
type tracer struct {
	pkg *types.Package
	// throttleError tells the error types made only for a 429
	// (retrysite.Result.ThrottleError): a delay they carry is the
	// server's.
	throttleError func(types.Type) bool
	seen          map[ssa.Value]bool
	// facts answers for functions of other packages.
	facts func(*types.Func) (DelayFact, bool)
	// funcs are the package's functions, whose stores to fields and
	// package variables tell what a delay kept in one can be.
	funcs  func() []*ssa.Function
	stores map[types.Object][]*ssa.Store
	// inField holds the fields and variables being followed, so a field
	// that feeds itself (b.cur = b.cur * 2) is seen to vary.
	inField map[types.Object]bool
	// callers holds the static calls of each function of the package; a
	// function used as a value is in escaped (it has callers we cannot
	// see).
	callers map[*ssa.Function][]*ssa.CallCommon
	escaped map[*ssa.Function]bool
	// boundRecv holds, for a bound method's wrapper, the receivers the
	// method values seen (b.Duration) were bound to.
	boundRecv map[*ssa.Function][]ssa.Value
	// built is the constructor call that gave a policy's jitter field
	// its zero (gate.go), where a delay without jitter is reported.
	built      token.Pos
	builtField string
	// inCallee counts the calls being followed into: there a parameter is
	// the argument of that call, which the caller traces itself.
	inCallee int
	// via says where a delay kept in a field or passed by a caller comes
	// from, for the report's related information.
	via []analysis.RelatedInformation
	// server: a server's delay was set aside (serverdelay.go).
	server bool
}

// note records where part of the delay comes from (at most a few places).
func (t *tracer) note(pos token.Pos, format string, args ...any) {
	if !pos.IsValid() || len(t.via) >= 3 {
		return
	}
	r := analysis.RelatedInformation{Pos: pos, Message: fmt.Sprintf(format, args...)}
	if !slices.Contains(t.via, r) { // a field followed from two edges
		t.via = append(t.via, r)
	}
}

func (t *tracer) trace(v ssa.Value, depth int) delay {
	if v == nil || depth > 24 {
		return delay{}
	}
	if t.seen[v] {
		_, isPhi := v.(*ssa.Phi)
		return delay{varying: isPhi} // round a loop: d = d * 2
	}
	t.seen[v] = true
	switch v := v.(type) {
	case *ssa.Const:
		return delay{}
	case *ssa.Parameter:
		return t.argument(v, depth)
	case *ssa.FreeVar:
		return t.captured(v, depth)
	case *ssa.Convert:
		return t.trace(v.X, depth+1)
	case *ssa.ChangeType:
		return t.trace(v.X, depth+1)
	case *ssa.MakeInterface:
		return t.trace(v.X, depth+1)
	case *ssa.Extract:
		return t.trace(v.Tuple, depth+1)
	case *ssa.Field: // cfg.Delay, cfg a struct value
		if t.throttleError(v.X.Type()) {
			return delay{server: true}
		}
		return t.stored(fieldOf(v.X.Type(), v.Field), depth+1)
	case *ssa.Index: // for _, ms := range delaysMs, an array of delays
		return t.trace(v.X, depth+1)
	case *ssa.UnOp:
		if v.Op == token.MUL { // a load
			return t.load(v.X, depth+1)
		}
		return t.trace(v.X, depth+1)
	case *ssa.BinOp:
		d := t.trace(v.X, depth+1).merge(t.trace(v.Y, depth+1))
		switch v.Op {
		case token.SHL:
			// 1 << (attempt % 7) doubles up to a constant and starts
			// over: it cannot exceed 1 << 6, so it is capped.
			if _, isConst := v.Y.(*ssa.Const); !isConst {
				d.grows = true
				d.capped = d.capped || boundedCount(v.Y)
			}
		case token.MUL:
			_, xc := v.X.(*ssa.Const)
			_, yc := v.Y.(*ssa.Const)
			if !xc && !yc || d.varying && (xc || yc) {
				d.grows = d.grows || d.varying
			}
		}
		return d
	case *ssa.Phi:
		d := delay{varying: true}
		gate, gated := recvGate(v), true
		var kept []ssa.Value
		for i, e := range v.Edges {
			de := t.trace(e, depth+1)
			if de.server {
				// wait = ra when the server sent Retry-After: fine;
				// the other edges are the fallback, judged alone.
				t.noteServer(e)
				continue
			}
			if !isZero(e) {
				kept = append(kept, e)
			}
			if de.random && de.gate == nil {
				if g := gate[i]; g != nil {
					de.gate = g
				} else {
					gated = false
				}
			}
			d = d.merge(de)
		}
		if !gated {
			d.gate = nil
		}
		if len(kept) == 0 && len(kept) < len(v.Edges) {
			// Only the server's delay, or none (a zero).
			for _, e := range v.Edges {
				if !isZero(e) {
					return delay{server: true, varying: true}
				}
			}
		}
		if clamps(v, kept) {
			d.capped = true
		}
		return d
	case *ssa.Call:
		return t.call(v.Common(), depth)
	case *ssa.Lookup:
		// resp.Header["Retry-After"]
		if isServerHeader(v.Index) {
			return delay{server: true}
		}
	case *ssa.Slice:
		// max(values ...time.Duration) is given a slice of the
		// arguments: what is stored in its array.
		if a, ok := v.X.(*ssa.Alloc); ok {
			return t.elements(a, depth+1)
		}
	}
	return delay{opaque: true}
}

// elements summarises the values stored in the elements of an array
// allocated in the function (the slice a variadic call packs).
func (t *tracer) elements(a *ssa.Alloc, depth int) delay {
	d := delay{}
	if a.Referrers() == nil {
		return delay{opaque: true}
	}
	for _, r := range *a.Referrers() {
		switch r := r.(type) {
		case *ssa.IndexAddr:
			d = d.merge(t.storedAt(r, depth+1))
		case *ssa.Slice, *ssa.DebugRef:
		default:
			return delay{opaque: true}
		}
	}
	return d
}

// storedAt summarises the values stored at an address.
func (t *tracer) storedAt(addr ssa.Value, depth int) delay {
	d := delay{}
	if refs := addr.Referrers(); refs != nil {
		for _, u := range *refs {
			if st, ok := u.(*ssa.Store); ok && st.Addr == addr {
				d = d.merge(t.trace(st.Val, depth+1))
			}
		}
	}
	return d
}

// load follows a load from an address to the values stored there.
func (t *tracer) load(addr ssa.Value, depth int) delay {
	switch a := addr.(type) {
	case *ssa.Global:
		return t.stored(a.Object(), depth)
	case *ssa.FieldAddr:
		if t.throttleError(a.X.Type()) {
			return delay{server: true} // rl.RetryAfter of a throttle error: the server's delay
		}
		return t.stored(fieldOf(a.X.Type(), a.Field), depth)
	case *ssa.IndexAddr:
		// for _, v := range values, values a parameter: one of the
		// arguments (a max or min helper).
		if p, ok := a.X.(*ssa.Parameter); ok {
			if _, isSlice := p.Type().Underlying().(*types.Slice); isSlice {
				return t.trace(p, depth+1)
			}
		}
		// time.Sleep(c.schedule[attempt]): a schedule of delays is judged
		// by the elements of the slices it may hold (a literal in the
		// function, or every value stored in the field or variable).
		if _, isSlice := a.X.Type().Underlying().(*types.Slice); isSlice {
			return t.trace(a.X, depth+1)
		}
		// times := [...]int{15, 30, 60}; times[attempt]: an array of the
		// function, judged by the elements it is given.
		// Its largest element caps it, however the index grows.
		if arr, ok := a.X.(*ssa.Alloc); ok {
			d := t.load(arr, depth+1)
			d.capped = d.capped || !d.opaque && !d.grows
			return d
		}
	case *ssa.Parameter:
		return t.pointee(a, depth) // *n, n *int
	case *ssa.FreeVar:
		// A variable a function literal captures: what its maker stores
		// in it, unless the literal itself writes it.
		if refs := a.Referrers(); refs != nil {
			for _, r := range *refs {
				if st, ok := r.(*ssa.Store); ok && st.Addr == a {
					return t.sharedCell(a, depth)
				}
			}
		}
		if b := binding(a); b != nil {
			return t.load(b, depth+1)
		}
	case *ssa.Alloc:
		d := delay{}
		refs := a.Referrers()
		if refs == nil {
			return delay{opaque: true}
		}
		stores, others, server := 0, 0, false
		for _, r := range *refs {
			if ia, ok := r.(*ssa.IndexAddr); ok {
				// An array literal: what its elements are set to.
				d = d.merge(t.storedAt(ia, depth+1))
				continue
			}
			if st, ok := r.(*ssa.Store); ok && st.Addr == a {
				stores++
				ds := t.trace(st.Val, depth+1)
				if ds.server {
					t.noteServer(st.Val) // wait = ra: only the fallback is judged
					server = true
					continue
				}
				if !isZero(st.Val) {
					others++
				}
				d = d.merge(ds)
			}
		}
		if server && others == 0 {
			return delay{server: true} // the server's delay, or none
		}
		if stores > 1 {
			d.varying = true
		}
		return d
	}
	return delay{opaque: true}
}

func (t *tracer) call(c *ssa.CallCommon, depth int) delay {
	if b, ok := c.Value.(*ssa.Builtin); ok {
		d := delay{}
		for _, a := range c.Args {
			d = d.merge(t.trace(a, depth+1))
		}
		if b.Name() == "min" {
			d.capped = true
		}
		return d
	}
	if c.IsInvoke() {
		return t.invoke(c, depth)
	}
	if readsServerHeader(c) {
		return delay{server: true} // resp.Header.Get("Retry-After")
	}
	callee := c.StaticCallee()
	if callee == nil {
		return t.storedCalls(c, depth)
	}
	fn, _ := callee.Object().(*types.Func)
	if fn != nil {
		fn = fn.Origin()
	}
	if libs.IsRandom(fn) {
		return delay{random: true}
	}
	args := delay{}
	for _, a := range c.Args {
		args = args.merge(t.trace(a, depth+1))
	}
	switch {
	case libs.IsMethod(fn, "time", "Duration", "Seconds"), libs.IsMethod(fn, "time", "Duration", "Milliseconds"), libs.IsMethod(fn, "time", "Duration", "Minutes"):
		return args // base.Seconds(): the duration, in other units
	case libs.Is(fn, "math", "Min"):
		args.capped = true
		return args
	case libs.Is(fn, "math", "Pow"):
		// math.Pow(2, float64(attempt%reset)) starts over like a shift
		// by a remainder: capped.
		args.grows = true
		args.capped = args.capped || len(c.Args) == 2 && boundedCount(c.Args[1])
		return args
	case fn != nil && fn.Pkg() != nil && fn.Pkg().Path() == "math" && roundsOrBounds[fn.Name()]:
		// math.Floor(d), math.Round(d), math.Max(d, 0): the same
		// number, rounded or bounded from below. (math.Modf splits a
		// number it may have decoded from a server's answer: not this.)
		return args
	case isParser(fn):
		// time.ParseDuration(cfg.Interval): the text's value, as fixed
		// as the setting it is read from. Text holds no random part,
		// wherever it comes from (a custom resource's field, a
		// parameter): only a server's header makes it the server's.
		args.opaque = false
		return args
	case (fn != nil && fn.Pkg() == t.pkg || localClosure(callee, t.pkg)) && len(callee.Blocks) > 0:
		t.inCallee++
		d := t.returns(callee, depth+1)
		t.inCallee--
		if d.random && d.gate != nil && len(c.Args) > 0 && t.gateOff(c.Args[0], d.gate.Name()) {
			t.note(c.Pos(), "%s adds no jitter: its receiver's %s is never set or is zero", callee.Name(), d.gate.Name())
			d.random, d.gate = false, nil
		}
		d.varying = d.varying || args.varying
		d.random = d.random || args.random
		d.capped = d.capped || args.capped
		// parseRetryAfter(resp.Header.Get("Retry-After"), now): what
		// it computes from the header is the server's delay.
		d.server = d.server || args.server && (d.param || d.opaque)
		d.param = d.param && args.param // its own parameters are the arguments we followed, when the result depends on them
		return d
	case fn != nil:
		if f, ok := t.facts(fn); ok {
			if f.Server {
				return delay{server: true}
			}
			if f.ServerPath {
				t.server = true // the helper returns the server's delay or a fallback
			}
			random := f.Random
			if f.JitterField != "" && len(c.Args) > 0 && t.gateOff(c.Args[0], f.JitterField) {
				random = false
				t.note(c.Pos(), "%s adds no jitter: its receiver's %s is never set or is zero", fn.Name(), f.JitterField)
			}
			return delay{random: random || args.random, capped: f.Capped || args.capped, grows: f.Grows || args.grows, varying: args.varying, param: args.param}
		}
	}
	if args.server {
		// strconv.Atoi(h), http.ParseTime(h), time.Until(t) of the
		// server's Retry-After: still the server's delay.
		return delay{server: true}
	}
	if settingByName(fn, c) {
		return delay{}
	}
	return delay{opaque: true}
}

// settingByName reports whether the call looks a duration up by a
// constant name (c.Duration("connect-retry-delay") of a command's flags,
// viper.GetDuration("retry.delay")): a setting, as fixed as a field of
// the program's configuration, with no random part.
func settingByName(fn *types.Func, c *ssa.CallCommon) bool {
	if fn == nil {
		return false
	}
	sig := fn.Signature()
	if sig.Params().Len() != 1 || sig.Results().Len() != 1 || !libs.IsNamed(sig.Results().At(0).Type(), "time", "Duration") {
		return false
	}
	name := c.Args[len(c.Args)-1]
	k, ok := name.(*ssa.Const)
	return ok && k.Value != nil && k.Value.Kind() == constant.String
}

// returns summarises the values a function of the package returns.
func (t *tracer) returns(fn *ssa.Function, depth int) delay {
	if fn == nil {
		return delay{opaque: true} // a method of a type that did not type-check
	}
	d := delay{}
	server, other := false, false
	hooks := hookReturnsBesides(fn)
	for _, b := range fn.Blocks {
		if len(b.Instrs) == 0 {
			continue
		}
		if ret, ok := b.Instrs[len(b.Instrs)-1].(*ssa.Return); ok && len(ret.Results) > 0 {
			if hooks[ret] {
				t.note(ret.Pos(), "a function the caller may set replaces the delay here; the default, below, is judged")
				continue
			}
			dr := t.trace(ret.Results[0], depth)
			if dr.server {
				// return ra: the server's delay; the other returns
				// are the fallback, judged alone (return 0, none, is
				// no fallback).
				server = true
				t.noteServer(ret.Results[0])
				continue
			}
			other = other || !isZero(ret.Results[0])
			if dr.grows && boundedBranch(b) {
				dr.capped = true // if attempt < 50 { return ... attempt ... }
			}
			d = d.merge(dr)
		}
	}
	if server && !other {
		return delay{server: true}
	}
	if d.grows && returnClamps(fn) {
		d.capped = true
	}
	return d
}

// hookReturnsBesides returns the returns of fn that hand back what a
// function held in a struct field computes (if conf.BackoffFunc != nil {
// return conf.BackoffFunc(n, max) }), when fn has other returns: a hook
// the program's users may set, in place of the default the other returns
// give. The default is what every client that sets nothing waits.
func hookReturnsBesides(fn *ssa.Function) map[*ssa.Return]bool {
	hooks := map[*ssa.Return]bool{}
	others := 0
	for _, b := range fn.Blocks {
		if len(b.Instrs) == 0 {
			continue
		}
		ret, ok := b.Instrs[len(b.Instrs)-1].(*ssa.Return)
		if !ok || len(ret.Results) == 0 {
			continue
		}
		if call, ok := ret.Results[0].(*ssa.Call); ok && call.Call.Value != nil && !call.Call.IsInvoke() && call.Call.StaticCallee() == nil && loadsField(call.Call.Value) {
			hooks[ret] = true
		} else {
			others++
		}
	}
	if others == 0 {
		return nil
	}
	return hooks
}

// loadsField reports whether v is a function value read from a struct
// field.
func loadsField(v ssa.Value) bool {
	switch v := v.(type) {
	case *ssa.UnOp:
		_, ok := v.X.(*ssa.FieldAddr)
		return v.Op == token.MUL && ok
	case *ssa.Field:
		return true
	}
	return false
}

// clamps reports whether a phi merges a value with its clamp: one of its
// predecessors ends in `if x > max`-style comparison of one of its edges
// (of those judged: `if ra > 0 { wait = ra }` compares the server's
// delay, and clamps nothing).
func clamps(phi *ssa.Phi, edges []ssa.Value) bool {
	if counts(phi) {
		return false // for i := 0; i < n; i++: the rounds are limited, not the delay
	}
	for _, pred := range phi.Block().Preds {
		for _, b := range append([]*ssa.BasicBlock{pred}, pred.Preds...) {
			ifi, ok := b.Instrs[len(b.Instrs)-1].(*ssa.If)
			if !ok {
				continue
			}
			cmp, ok := ifi.Cond.(*ssa.BinOp)
			if !ok || (cmp.Op != token.GTR && cmp.Op != token.GEQ && cmp.Op != token.LSS && cmp.Op != token.LEQ) {
				continue
			}
			for _, e := range edges {
				if e == cmp.X || e == cmp.Y {
					return true
				}
			}
		}
	}
	return false
}

// counts reports whether phi is a loop's counter: one of its edges adds
// a constant to it (i = i + 1).
func counts(phi *ssa.Phi) bool {
	for _, e := range phi.Edges {
		if b, ok := e.(*ssa.BinOp); ok && (b.Op == token.ADD || b.Op == token.SUB) && (b.X == phi || b.Y == phi) {
			_, xc := b.X.(*ssa.Const)
			_, yc := b.Y.(*ssa.Const)
			if xc || yc {
				return true
			}
		}
	}
	return false
}

// stored summarises the values stored in a field or package variable
// anywhere in the package: a delay kept in c.retryDelay, set to a
// constant by the constructor, is a constant delay. A setting whose stores
// are all out of sight (a field of a configuration filled in by the
// caller) is a fixed value too: configuration holds no random part.
func (t *tracer) stored(obj types.Object, depth int) delay {
	if obj == nil || t.funcs == nil {
		return delay{} // a setting: fixed for every client
	}
	if t.inField[obj] {
		return delay{varying: true} // b.cur = b.cur * 2
	}
	if t.stores == nil {
		t.stores = storesOf(t.funcs())
	}
	if t.inField == nil {
		t.inField = map[types.Object]bool{}
	}
	t.inField[obj] = true
	defer delete(t.inField, obj)
	// The stores are in other functions than a callee being followed:
	// their parameters are theirs, not the callee's arguments.
	inCallee := t.inCallee
	t.inCallee = 0
	defer func() { t.inCallee = inCallee }()
	d := delay{}
	for i, st := range t.stores[obj] {
		if i == 0 && isNumeric(obj.Type()) {
			t.note(st.Pos(), "%s is set here", obj.Name())
		}
		ds := t.trace(st.Val, depth+1)
		if ds.grows && comparedBefore(st, obj) {
			ds.capped = true // if b.cur >= b.max/b.mult { b.cur = b.max } else { b.cur *= b.mult }
		}
		d = d.merge(ds)
	}
	if len(t.stores[obj]) > 1 {
		d.varying = true
	}
	return d
}

// roundsOrBounds are the functions of package math that return their
// argument rounded, or bounded by another.
var roundsOrBounds = map[string]bool{"Floor": true, "Ceil": true, "Round": true, "RoundToEven": true, "Trunc": true, "Abs": true, "Max": true, "Min": true}

// fieldOf returns field i of a struct type or of what a pointer type
// points to, or nil.
func fieldOf(t types.Type, i int) types.Object {
	if p, ok := t.Underlying().(*types.Pointer); ok {
		t = p.Elem()
	}
	s, ok := t.Underlying().(*types.Struct)
	if !ok || i < 0 || i >= s.NumFields() {
		return nil
	}
	return s.Field(i)
}

// storesOf indexes the values stored in each field and package variable by
// funcs (composite literals are stores to fields in SSA).
func storesOf(funcs []*ssa.Function) map[types.Object][]*ssa.Store {
	out := map[types.Object][]*ssa.Store{}
	for _, fn := range funcs {
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				st, ok := instr.(*ssa.Store)
				if !ok {
					continue
				}
				switch a := st.Addr.(type) {
				case *ssa.Global:
					out[a.Object()] = append(out[a.Object()], st)
				case *ssa.FieldAddr:
					if f := fieldOf(a.X.Type(), a.Field); f != nil {
						out[f] = append(out[f], st)
					}
				}
			}
		}
	}
	return out
}

// argument summarises what a parameter receives: for an unexported
// function of the package that is only called (never used as a value),
// every caller is in sight, and the arguments they pass are the delay
// (retry(2*time.Second, stop, f) gives retry's interval a constant).
// Otherwise it is a parameter: judged where its value is computed.
func (t *tracer) argument(p *ssa.Parameter, depth int) delay {
	param := delay{param: true, varying: true}
	fn := p.Parent()
	if t.inCallee == 0 && fn != nil && t.funcs != nil && fn.Object() != nil && fn.Object().Exported() && fn.Pkg != nil && fn.Pkg.Pkg == t.pkg {
		return t.exportedArgument(p, fn, depth)
	}
	if t.inCallee > 0 || fn == nil || t.funcs == nil || fn.Object() == nil || fn.Object().Exported() || fn.Pkg == nil || fn.Pkg.Pkg != t.pkg {
		return param
	}
	if t.callers == nil {
		t.callers, t.escaped = callersOf(t.funcs())
	}
	calls := t.callers[fn]
	if len(calls) == 0 || t.escaped[fn] {
		return param
	}
	idx := ssaParamIndex(fn, p)
	d := delay{}
	for i, c := range calls {
		if idx < 0 || idx >= len(c.Args) {
			return param
		}
		if i == 0 {
			t.note(c.Pos(), "%s is called here with %s", fn.Name(), p.Name())
		}
		d = d.merge(t.trace(c.Args[idx], depth+1))
	}
	if len(calls) > 1 {
		d.varying = true
	}
	return d
}

// captured traces a variable a function literal captures by value from
// the function that makes it; anything it cannot pin down is opaque. (A
// captured variable the literal reads through its address is a load:
// load follows the binding to the maker's stores.) The option a
// constructor returns, func WithInitialBackoff(d time.Duration) Option {
// return func(c *opts) { c.initialBackoff = d } }, stores what the
// constructor is given, judged like any parameter.
func (t *tracer) captured(v *ssa.FreeVar, depth int) delay {
	if b := binding(v); b != nil {
		return t.trace(b, depth+1)
	}
	return delay{opaque: true}
}

// binding returns the value the maker of v's function binds to it, when
// the maker hands the function away: returns it (an option constructor),
// passes it to a call (retry.NewStandard(func(o *StandardOptions) {...}))
// or stores it in a field (cfg.Retryer = func() aws.Retryer {...}). A
// literal its maker calls itself (delay := func(n int) time.Duration {
// return base * n }) scales what the maker's caller chose, which is not
// judged here.
func binding(v *ssa.FreeVar) ssa.Value {
	mc, idx := maker(v)
	if mc == nil || !returned(mc) && !handedOn(mc) {
		return nil
	}
	return mc.Bindings[idx]
}

// handedOn reports whether the closure mc is an argument of a call or
// stored in a field or a slice, rather than called by its maker.
func handedOn(mc *ssa.MakeClosure) bool {
	for _, r := range *mc.Referrers() {
		switch r := r.(type) {
		case ssa.CallInstruction:
			if slices.Contains(r.Common().Args, ssa.Value(mc)) {
				return true
			}
		case *ssa.Store:
			// A field, or an element of a slice: the variadic arguments
			// of retry.NewStandard(opts...) are stored in one.
			switch r.Addr.(type) {
			case *ssa.FieldAddr, *ssa.IndexAddr:
				return r.Val == mc
			}
		}
	}
	return false
}

// maker returns the MakeClosure that makes v's function in its parent,
// and v's index among its bindings, or nil.
func maker(v *ssa.FreeVar) (*ssa.MakeClosure, int) {
	fn := v.Parent()
	if fn == nil || fn.Parent() == nil {
		return nil, -1
	}
	idx := slices.Index(fn.FreeVars, v)
	for _, b := range fn.Parent().Blocks {
		for _, instr := range b.Instrs {
			if mc, ok := instr.(*ssa.MakeClosure); ok && mc.Fn == fn && idx >= 0 && idx < len(mc.Bindings) {
				return mc, idx
			}
		}
	}
	return nil, -1
}

// returned reports whether v is returned by the function that makes it.
func returned(v ssa.Value) bool {
	refs := v.Referrers()
	if refs == nil {
		return false
	}
	for _, r := range *refs {
		switch r := r.(type) {
		case *ssa.Return:
			return true
		case *ssa.ChangeType, *ssa.MakeInterface:
			if returned(r.(ssa.Value)) {
				return true
			}
		case *ssa.Store:
			// producerOpt{fn: func(c *cfg) { c.txnBackoff = d }}: the option
			// is a struct holding the literal, returned as a value or a
			// pointer.
			if fa, ok := r.Addr.(*ssa.FieldAddr); ok && r.Val == v {
				if a, ok := fa.X.(*ssa.Alloc); ok && structReturned(a) {
					return true
				}
			}
		}
	}
	return false
}

// structReturned reports whether the struct allocated by a is returned,
// as its address or loaded as a value.
func structReturned(a *ssa.Alloc) bool {
	if returned(a) {
		return true
	}
	for _, r := range *a.Referrers() {
		if u, ok := r.(*ssa.UnOp); ok && u.Op == token.MUL && returned(u) {
			return true
		}
	}
	return false
}

// callersOf indexes the static calls of each function in funcs, and the
// functions used otherwise than by calling them.
func callersOf(funcs []*ssa.Function) (map[*ssa.Function][]*ssa.CallCommon, map[*ssa.Function]bool) {
	calls := map[*ssa.Function][]*ssa.CallCommon{}
	escaped := map[*ssa.Function]bool{}
	var ops []*ssa.Value
	for _, fn := range funcs {
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				var callee ssa.Value
				if c, ok := instr.(ssa.CallInstruction); ok && !c.Common().IsInvoke() {
					callee = c.Common().Value
					if f, ok := callee.(*ssa.Function); ok {
						calls[f] = append(calls[f], c.Common())
					}
				}
				ops = instr.Operands(ops[:0])
				for _, op := range ops {
					if op == nil || *op == nil || *op == callee {
						continue
					}
					if f, ok := (*op).(*ssa.Function); ok {
						escaped[f] = true
					}
				}
			}
		}
	}
	return calls, escaped
}

// localClosure reports whether callee is a function literal of the
// package (wait := func(n int) time.Duration {...}; time.Sleep(wait(i))):
// it is followed into like a named function; what it captures stays
// opaque.
func localClosure(callee *ssa.Function, pkg *types.Package) bool {
	return callee.Object() == nil && callee.Parent() != nil && callee.Pkg != nil && callee.Pkg.Pkg == pkg
}

// boundedCount reports whether a shift count cannot exceed a constant,
// whatever the attempt: attempt % n, attempt & mask, min(attempt, n).
func boundedCount(v ssa.Value) bool {
	for {
		switch c := v.(type) {
		case *ssa.Convert:
			v = c.X
			continue
		case *ssa.BinOp:
			_, yc := c.Y.(*ssa.Const)
			_, xc := c.X.(*ssa.Const)
			// attempt % reset, reset a parameter: the caller's constant
			// (ExponentialBackoff(attempt, 7)) bounds it as one here would.
			_, yp := c.Y.(*ssa.Parameter)
			return c.Op == token.REM && (yc || yp) || c.Op == token.AND && (xc || yc)
		case *ssa.Call:
			if b, ok := c.Call.Value.(*ssa.Builtin); ok && b.Name() == "min" {
				for _, a := range c.Call.Args {
					if _, ok := a.(*ssa.Const); ok {
						return true
					}
				}
			}
		}
		return false
	}
}

// isParser reports whether fn turns text into a number or a duration
// (libs.Parsers: time.ParseDuration, strconv.Atoi...): what it returns is
// the text's value, no random part.
func isParser(fn *types.Func) bool {
	_, ok := libs.Parsers.Lookup(fn)
	return ok
}

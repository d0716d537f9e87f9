package nojitter

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"slices"
	"sort"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/idemlint/idemlint/passes/internal/bodies"
	"github.com/idemlint/idemlint/passes/internal/libs"
	"github.com/idemlint/idemlint/passes/internal/ssautil"
)

// DelayFact describes a function returning a time.Duration, so a delay
// computed by a helper of another package is judged like a local one.
type DelayFact struct {
	Random, Capped, Grows bool
	// JitterField, for a method, names the receiver field that decides
	// whether the random part is added (a Backoff whose Jitter is zero adds
	// none): a caller whose receiver never sets it gets no jitter.
	JitterField string
	// Server says that it returns the delay the server asked for
	// (Retry-After) on every path: waited as given, not judged.
	// ServerPath says it does on some path, and the rest of the fact
	// describes the fallback it returns otherwise.
	Server, ServerPath bool
}

func (*DelayFact) AFact() {}
func (f *DelayFact) String() string {
	if f.Server {
		return "delay(server's Retry-After)"
	}
	s := fmt.Sprintf("delay(random=%t capped=%t grows=%t)", f.Random, f.Capped, f.Grows)
	if f.JitterField != "" {
		s = fmt.Sprintf("delay(random=%t if %s is set, capped=%t grows=%t)", f.Random, f.JitterField, f.Capped, f.Grows)
	}
	if f.ServerPath {
		s += " or the server's Retry-After"
	}
	return s
}

// WaitsFact lists the functions of a package that block for a duration
// (they call time.Sleep, wait on a timer or a channel, or call a function
// that does), by waitsKey, sorted. It is one fact for the package, not
// one per function: the driver copies every object fact of a dependency
// into the facts of each package that imports it, directly or not, and
// most functions of a large SDK wait (a channel receive is enough), so on
// an application these copies were most of the facts' time and memory.
type WaitsFact struct{ Funcs []string }

func (*WaitsFact) AFact()           {}
func (f *WaitsFact) String() string { return "waits " + strings.Join(f.Funcs, " ") }

// waitsKey names fn in its package's WaitsFact: F, or T.M for a method;
// "" for a method whose receiver is not a named type (a type error).
func waitsKey(fn *types.Func) string {
	recv := fn.Signature().Recv()
	if recv == nil {
		return fn.Name()
	}
	t := types.Unalias(recv.Type())
	if p, ok := t.(*types.Pointer); ok {
		t = types.Unalias(p.Elem())
	}
	n, ok := t.(*types.Named)
	if !ok {
		return ""
	}
	return n.Obj().Name() + "." + fn.Name()
}

// importedWaits reports whether fn, a function of another package, waits
// by its package's WaitsFact. As with a fact on the function itself, an
// instance of a generic function or method is not the function declared.
func importedWaits(pass *analysis.Pass, fn *types.Func) bool {
	if fn.Origin() != fn || fn.Pkg() == nil {
		return false
	}
	var f WaitsFact
	if !pass.ImportPackageFact(fn.Pkg(), &f) {
		return false
	}
	k := waitsKey(fn)
	i := sort.SearchStrings(f.Funcs, k)
	return k != "" && i < len(f.Funcs) && f.Funcs[i] == k
}

// exportDelayFacts exports a DelayFact for each function of the package
// that returns a time.Duration (returnsDelay) computed from what we can
// judge. Most packages that get here are dependencies given SSA for
// these facts alone, so each function is traced in a partial SSA form
// holding it and what it calls in the package (ssautil.PartialFunc). A
// trace that asks a question about the whole package (the stores into a
// field, the implementations of a method) builds the full form through
// t.funcs; it is then traced again in the full form, and so is every
// function after it, so that no trace mixes the two forms: the facts are
// those of a trace in the full form alone.
func exportDelayFacts(pass *analysis.Pass, shared *ssautil.SSA, t *tracer) {
	var objs []*types.Func
	for _, file := range pass.Files {
		for _, decl := range file.Decls {
			if fd, ok := decl.(*ast.FuncDecl); ok {
				if obj, ok := pass.TypesInfo.Defs[fd.Name].(*types.Func); ok && returnsDelay(obj.Signature()) {
					objs = append(objs, obj)
				}
			}
		}
	}
	shared.Want(objs...)
	for _, obj := range objs {
		fn := shared.PartialFunc(obj)
		if fn == nil {
			continue
		}
		d := traceFact(t, fn)
		if shared.Built() {
			if full := shared.Func(obj); full != fn {
				fn = full
				d = traceFact(t, fn)
			}
		}
		if d.opaque {
			continue
		}
		f := &DelayFact{Random: d.random, Capped: d.capped, Grows: d.grows, Server: d.server, ServerPath: t.server && !d.server}
		if d.random && d.gate != nil {
			f.JitterField = d.gate.Name()
		}
		pass.ExportObjectFact(obj, f)
	}
}

// traceFact traces the delay fn returns, for its fact.
func traceFact(t *tracer, fn *ssa.Function) delay {
	t.seen, t.server = map[ssa.Value]bool{}, false
	t.inCallee = 1 // a fact speaks of the parameters, whoever passes them
	d := t.returns(fn, 0)
	t.inCallee = 0
	return d
}

// returnsDelay reports whether a function returns a delay: a single
// time.Duration, or a time.Duration and an error (a BackoffDelay method
// of the AWS SDK's retryer, func(attempt int, err error)
// (time.Duration, error)).
func returnsDelay(sig *types.Signature) bool {
	res := sig.Results()
	switch res.Len() {
	case 1:
		return isDuration(res.At(0).Type())
	case 2:
		return isDuration(res.At(0).Type()) && types.Identical(res.At(1).Type(), types.Universe.Lookup("error").Type())
	}
	return false
}

func isDuration(t types.Type) bool {
	return libs.IsNamed(t, "time", "Duration")
}

// waiters finds the functions of the package that wait, exports a
// WaitsFact for each, and returns the set. A function waits if it waits
// itself or calls a function of the package that does (propagated
// backwards along the calls).
func waiters(pass *analysis.Pass) map[*types.Func]bool {
	out := map[*types.Func]bool{}
	callers := map[*types.Func][]*types.Func{}
	var work []*types.Func
	for _, b := range pass.ResultOf[bodies.Analyzer].(*bodies.Index).Decls() {
		waits := b.Receives
		for _, c := range b.Calls {
			if c.Callee != nil && c.Callee.Pkg() == pass.Pkg {
				callers[c.Callee] = append(callers[c.Callee], b.Func)
			}
			waits = waits || callWaits(pass, c.CallExpr, c.Callee)
		}
		if waits {
			out[b.Func] = true
			work = append(work, b.Func)
		}
	}
	for len(work) > 0 {
		fn := work[len(work)-1]
		work = work[:len(work)-1]
		for _, caller := range callers[fn] {
			if !out[caller] {
				out[caller] = true
				work = append(work, caller)
			}
		}
	}
	var keys []string
	for fn := range out {
		if k := waitsKey(fn); k != "" {
			keys = append(keys, k)
		}
	}
	if len(keys) > 0 {
		sort.Strings(keys)
		pass.ExportPackageFact(&WaitsFact{Funcs: slices.Compact(keys)})
	}
	return out
}

// blocks reports whether n waits: a wait call, a channel receive, a call of
// a function that waits, or a call of a function value given a duration
// (sleep := time.Sleep, injected for tests).
func blocks(pass *analysis.Pass, n ast.Node, local map[*types.Func]bool) bool {
	return blocksBesides(pass, n, local, nil)
}

// blocksBesides is blocks leaving out the call again: a recursive
// retry's own call waits only when it goes round once more.
func blocksBesides(pass *analysis.Pass, n ast.Node, local map[*types.Func]bool, again ast.Node) bool {
	return blocksIn(pass, n, local, again, true)
}

// blocksIn is blocksBesides, looking into the literals that local
// variables hold only when closures is set (one level: a literal that
// calls itself through its variable is not followed round).
func blocksIn(pass *analysis.Pass, n ast.Node, local map[*types.Func]bool, again ast.Node, closures bool) bool {
	found := false
	ast.Inspect(n, func(n ast.Node) bool {
		if found || n == again {
			return false
		}
		var fn *types.Func
		if call, ok := n.(*ast.CallExpr); ok {
			if fn = libs.Callee(pass.TypesInfo, call); local[fn] {
				found = true
				return false
			}
		}
		switch n := n.(type) {
		case *ast.UnaryExpr:
			found = n.Op == token.ARROW
		case *ast.CallExpr:
			found = callWaits(pass, n, fn) || closures && fn == nil && closureBlocks(pass, n, local)
		}
		_, lit := n.(*ast.FuncLit)
		return !found && !lit
	})
	return found
}

// closureBlocks reports whether call runs a function literal kept in a
// local variable (onError := func(err error) error { ...; select { case
// <-time.After(d): } }) whose code waits.
func closureBlocks(pass *analysis.Pass, call *ast.CallExpr, local map[*types.Func]bool) bool {
	id, ok := ast.Unparen(call.Fun).(*ast.Ident)
	if !ok {
		return false
	}
	v, ok := pass.TypesInfo.Uses[id].(*types.Var)
	if !ok || v.Parent() == nil || v.Parent() == v.Pkg().Scope() {
		return false
	}
	index := pass.ResultOf[bodies.Analyzer].(*bodies.Index)
	b := index.Holding(call)
	if b == nil {
		return false
	}
	vals := index.Assignments(pass.TypesInfo, b, v)
	if len(vals) != 1 {
		return false
	}
	if made, ok := ast.Unparen(vals[0]).(*ast.CallExpr); ok && made.Pos() < call.Pos() {
		// backoff := newBackoff(max); ...; backoff(ctx): the literal
		// the maker returns.
		for _, lit := range madeLits(index, libs.Callee(pass.TypesInfo, made)) {
			if blocksIn(pass, lit.Body, local, nil, false) {
				return true
			}
		}
		return false
	}
	lit, ok := ast.Unparen(vals[0]).(*ast.FuncLit)
	return ok && lit.Pos() < call.Pos() && blocksIn(pass, lit.Body, local, nil, false)
}

// madeLits returns the function literals fn, a function of the package,
// returns (func newBackoff(d time.Duration) func(context.Context) error
// { ...; return func(ctx context.Context) error { ... } }).
func madeLits(index *bodies.Index, fn *types.Func) []*ast.FuncLit {
	if fn == nil {
		return nil
	}
	var out []*ast.FuncLit
	for _, b := range index.Decls() {
		if b.Func != fn {
			continue
		}
		ast.Inspect(b.Block, func(n ast.Node) bool {
			if ret, ok := n.(*ast.ReturnStmt); ok && len(ret.Results) == 1 {
				if lit, ok := ast.Unparen(ret.Results[0]).(*ast.FuncLit); ok {
					out = append(out, lit)
				}
			}
			_, lit := n.(*ast.FuncLit)
			return !lit
		})
	}
	return out
}

// callWaits reports whether a call waits; fn is its callee.
func callWaits(pass *analysis.Pass, call *ast.CallExpr, fn *types.Func) bool {
	if _, ok := libs.Waits.Lookup(fn); ok {
		return true
	}
	if fn != nil && fn.Pkg() != nil && libs.Logging[fn.Pkg().Path()] {
		return false // a log line may take a lock, it does not pace retries
	}
	if fn != nil && fn.Pkg() != pass.Pkg && importedWaits(pass, fn) {
		return true
	}
	if tv, ok := pass.TypesInfo.Types[call.Fun]; fn == nil && !(ok && (tv.IsType() || tv.IsBuiltin())) {
		for _, a := range call.Args {
			if isDuration(pass.TypesInfo.TypeOf(a)) {
				return true
			}
		}
	}
	return false
}

package wait

import (
	"go/ast"
	"go/token"
	"go/types"
	"slices"

	"github.com/idemlint/idemlint/passes/internal/astutil"
	"github.com/idemlint/idemlint/passes/internal/libs"
	"github.com/idemlint/idemlint/passes/internal/retrysite/site"
)

// waitFact returns the fact of a wait helper: one of this package, or one
// imported.
func (f *Waits) waitFact(fn *types.Func) *site.WaitFact {
	if fn == nil {
		return nil
	}
	fn = fn.Origin()
	if w := f.waits[fn]; w != nil {
		return w
	}
	if fn.Pkg() == nil || fn.Pkg() == f.pass.Pkg {
		return nil
	}
	var fact site.WaitFact
	if f.pass.ImportObjectFact(fn, &fact) {
		return &fact
	}
	return nil
}

// Wait returns the fact of the wait helper that call invokes, or nil.
func (f *Waits) Wait(call *ast.CallExpr) *site.WaitFact {
	if w := f.waitFact(libs.Callee(f.info, call)); w != nil && !w.Iter {
		return w
	}
	return nil
}

// Learn finds the wait helpers declared in the package, a helper that
// waits through another one included, and exports their facts.
func (f *Waits) Learn() {
	for range 4 { // a helper calling a helper declared later
		grew := false
		for fn, fd := range f.decls {
			if f.waits[fn] != nil {
				continue
			}
			w := f.waitHelper(fn, fd)
			if w == nil {
				w = f.iterHelper(fn, fd)
			}
			if w != nil {
				f.waits[fn] = w
				grew = true
			}
		}
		if !grew {
			break
		}
	}
	for fn, w := range f.waits {
		f.pass.ExportObjectFact(fn, w)
	}
}

// waitHelper returns the fact of fd when it is a wait helper: it waits for
// a duration (computed from one of its time.Duration parameters, or by
// itself), does nothing else than wait (no operation, no loop, no call of a
// function value), and its results are at most an error or a bool and the
// duration it waited.
func (f *Waits) waitHelper(fn *types.Func, fd *ast.FuncDecl) *site.WaitFact {
	sig := fn.Signature()
	durations := map[types.Object]int{}
	for i := range sig.Params().Len() {
		if p := sig.Params().At(i); libs.IsNamed(p.Type(), "time", "Duration") {
			durations[p] = i
		}
	}
	if sig.Results().Len() > 2 {
		return nil
	}
	// It returns an error or a bool, how a stop is told, and perhaps the
	// duration it slept (slept, continual := b.sleepWithBackoff(...)).
	reports := false
	for i := range sig.Results().Len() {
		switch t := sig.Results().At(i).Type(); {
		case site.IsErrorType(t) || site.IsBool(t):
			reports = true
		case !libs.IsNamed(t, "time", "Duration"):
			return nil
		}
	}
	// A loop or a function literal anywhere in it makes it no wait
	// helper: the index says so without walking the body, which most
	// functions of every package would need.
	if b := f.index.Of(fd); b != nil && (len(b.Loops) > 0 || len(b.Lits) > 0) {
		return nil
	}
	var fact *site.WaitFact
	clean := true
	stops := false
	var cases []*ast.CommClause // an if in one tells what the select received
	ast.Inspect(fd.Body, func(n ast.Node) bool {
		if !clean {
			return false
		}
		switch n := n.(type) {
		case *ast.FuncLit, *ast.ForStmt, *ast.RangeStmt, *ast.GoStmt:
			clean = false
		case *ast.CommClause:
			if f.receivesStop(n, sig) {
				stops = true
			}
			cases = append(cases, n)
		case *ast.IfStmt:
			if reports && !inAny(n, cases) && f.failsOnItsOwn(n) {
				clean = false // time.Sleep(d); if busy() { return errBusy }: an operation
			}
		case *ast.CallExpr:
			if w := f.waitThrough(n, durations); w != nil {
				if fact == nil {
					fact = w
				}
				stops = stops || w.Stops
				return true
			}
			if !f.harmlessInWait(n) {
				clean = false
			}
		}
		return true
	})
	if !clean || fact == nil {
		return nil
	}
	fact.Stops = stops && reports
	return fact
}

// failsOnItsOwn reports whether the if statement returns an error
// that is not nil on a test that asks no context, timer or stop: a function
// that waits and then fails for a reason of its own (simulated work that
// sleeps and fails one time in two) is an operation, not a wait helper,
// whose error tells that the wait was cut short.
func (f *Waits) failsOnItsOwn(ifs *ast.IfStmt) bool {
	asksStop := astutil.Some(ifs.Cond, func(n ast.Node) bool {
		e, ok := n.(ast.Expr)
		if !ok {
			return false
		}
		t := f.info.TypeOf(e)
		_, isChan := types.Unalias(typeOrNil(t)).(*types.Chan)
		return t != nil && (site.IsContext(t) || isChan || site.IsErrorType(t) || site.IsBool(t) && isIdentOrField(e))
	})
	if asksStop || ifs.Init != nil {
		return false
	}
	return astutil.Some(ifs.Body, func(n ast.Node) bool {
		ret, ok := n.(*ast.ReturnStmt)
		if !ok || len(ret.Results) != 1 {
			return false
		}
		return site.IsErrorType(f.info.TypeOf(ret.Results[0])) && !site.IsNil(f.info, ret.Results[0])
	})
}

// inAny reports whether n lies within one of the clauses.
func inAny(n ast.Node, clauses []*ast.CommClause) bool {
	for _, c := range clauses {
		if c.Pos() <= n.Pos() && n.End() <= c.End() {
			return true
		}
	}
	return false
}

// typeOrNil returns t, or the invalid type for nil, so that a type
// switch or assertion on it is safe.
func typeOrNil(t types.Type) types.Type {
	if t == nil {
		return types.Typ[types.Invalid]
	}
	return t
}

// isIdentOrField reports whether e names a variable or a field (a stop
// flag: if s.closed), not a computed value.
func isIdentOrField(e ast.Expr) bool {
	switch ast.Unparen(e).(type) {
	case *ast.Ident, *ast.SelectorExpr:
		return true
	}
	return false
}

// waitThrough returns what waiting through call says when it waits for a
// duration computed from one of the parameters in durations, or nil.
func (f *Waits) waitThrough(call *ast.CallExpr, durations map[types.Object]int) *site.WaitFact {
	if f.resetsUnread(call) {
		return nil
	}
	fn := libs.Callee(f.info, call)
	idx, ok := libs.Waits.Lookup(fn)
	var inner *site.WaitFact
	if !ok || libs.Is(fn, "time", "AfterFunc") {
		if _, jitter := libs.Jitterers.Lookup(fn); jitter {
			return nil
		}
		if inner = f.waitFact(fn); inner == nil || inner.Iter {
			return nil
		}
		if inner.Param < 0 {
			return &site.WaitFact{Param: -1, Jittered: inner.Jittered, Stops: inner.Stops}
		}
		idx = inner.Param
	} else if _, jitter := libs.Jitterers.Lookup(fn); jitter {
		return nil
	}
	if idx >= len(call.Args) {
		return nil
	}
	arg := call.Args[idx]
	param, exact := -1, false
	if id, ok := unconvert(f.info, arg).(*ast.Ident); ok {
		if i, ok := durations[f.info.Uses[id]]; ok {
			param, exact = i, true
		}
	}
	if param < 0 {
		param = f.paramFlowing(arg, durations)
	}
	// param < 0: b.Wait(ctx) computes its delay itself.
	w := &site.WaitFact{Param: param, Exact: exact, Jittered: f.random(arg)}
	if inner != nil {
		w.Exact = w.Exact && inner.Exact
		w.Jittered = w.Jittered || inner.Jittered
		w.Stops = inner.Stops
	}
	return w
}

// paramFlowing returns the duration parameter that e is computed from,
// directly or through a local variable of the helper, or -1.
func (f *Waits) paramFlowing(e ast.Expr, durations map[types.Object]int) int {
	return f.paramFlowingFrom(e, durations, map[*types.Var]bool{})
}

// paramFlowingFrom is paramFlowing with the locals already followed:
// locals defined from each other (min, max = max, min) lead back to
// where the walk started.
func (f *Waits) paramFlowingFrom(e ast.Expr, durations map[types.Object]int, seen map[*types.Var]bool) int {
	found := -1
	ast.Inspect(e, func(n ast.Node) bool {
		id, ok := n.(*ast.Ident)
		if !ok || found >= 0 {
			return found < 0
		}
		obj := f.info.Uses[id]
		if i, ok := durations[obj]; ok {
			found = i
			return false
		}
		// d := jitter(param): the local is computed from the parameter.
		if v, ok := obj.(*types.Var); ok && isLocal(v) && !seen[v] {
			seen[v] = true
			if def := localDefIn(f, v); def != nil && def != e {
				found = f.paramFlowingFrom(def, durations, seen)
			}
		}
		return found < 0
	})
	return found
}

// localDefIn returns the single expression a local variable is given in
// the declaration that holds it, or nil.
func localDefIn(f *Waits, v *types.Var) ast.Expr {
	for _, fd := range f.decls {
		if fd.Pos() <= v.Pos() && v.Pos() < fd.End() {
			return site.LocalDef(f.info, fd, v)
		}
	}
	return nil
}

// random reports whether e draws a random number, itself or through a
// local variable it reads.
func (f *Waits) random(e ast.Expr) bool {
	return f.randomFrom(e, map[*types.Var]bool{})
}

// randomFrom is random with the locals already followed (a swap defines
// each of two locals from the other).
func (f *Waits) randomFrom(e ast.Expr, seen map[*types.Var]bool) bool {
	found := false
	ast.Inspect(e, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.CallExpr:
			found = found || libs.IsRandom(libs.Callee(f.info, n))
		case *ast.Ident:
			if v, ok := f.info.Uses[n].(*types.Var); ok && isLocal(v) && !seen[v] {
				seen[v] = true
				if def := localDefIn(f, v); def != nil && def != e {
					found = found || f.randomFrom(def, seen)
				}
			}
		}
		return !found
	})
	return found
}

// isLocal reports whether v is a local variable (not a field, not a
// package variable).
func isLocal(v *types.Var) bool {
	return !v.IsField() && v.Parent() != nil && v.Pkg() != nil && v.Parent() != v.Pkg().Scope()
}

// unconvert strips parentheses and conversions: time.Duration(d).
func unconvert(info *types.Info, e ast.Expr) ast.Expr {
	for {
		e = ast.Unparen(e)
		call, ok := e.(*ast.CallExpr)
		if !ok || len(call.Args) != 1 {
			return e
		}
		if tv, ok := info.Types[call.Fun]; !ok || !tv.IsType() {
			return e
		}
		e = call.Args[0]
	}
}

// harmlessInWait reports whether a call may appear in a function that only
// waits: the clock, timers, contexts, errors, logging, random numbers,
// builtins and conversions, and the functions of the program that compute a
// duration. Anything else is an operation: a function that sleeps and then
// sends a request is not a wait helper.
func (f *Waits) harmlessInWait(call *ast.CallExpr) bool {
	if tv, ok := f.info.Types[call.Fun]; ok && (tv.IsType() || tv.IsBuiltin()) {
		return true
	}
	fn := libs.Callee(f.info, call)
	if fn == nil {
		// retryAfter(attempt), a function value that only computes a
		// delay (a policy's Duration method value kept in a field).
		sig, ok := types.Unalias(typeOrNil(f.info.TypeOf(call.Fun))).Underlying().(*types.Signature)
		return ok && computesDelay(sig)
	}
	if f.buildsOnly(fn, map[*types.Func]bool{}) {
		return true // NewBackoff(base, 2, 0, cap): a policy made, nothing done
	}
	if fn.Pkg() != nil {
		switch path := fn.Pkg().Path(); {
		case path == "time" || path == "context" || path == "math" || path == "sync/atomic" || path == "sync":
			return true
		case libs.Logging[path] || libs.IsRandom(fn):
			return true
		}
	}
	if _, ok := libs.Jitterers.Lookup(fn); ok {
		return true
	}
	if f.asksStop(fn) {
		return true
	}
	// A delay computed (d := b.next(), d, continual := b.sleepTime(...)).
	return computesDelay(fn.Signature())
}

// computesDelay reports whether a function of signature sig returns a
// delay and at most whether to go on.
func computesDelay(sig *types.Signature) bool {
	res := sig.Results()
	return res.Len() >= 1 && res.Len() <= 2 && libs.IsNamed(res.At(0).Type(), "time", "Duration") &&
		(res.Len() == 1 || site.IsBool(res.At(1).Type()))
}

// buildsOnly reports whether fn, of this package, only returns a
// composite literal built from its parameters (return &Backoff{base,
// factor, jitter, cap}), or what another such function returns (return
// NewBackoff(time.Second, 2, 0, time.Minute)): a constructor that does
// nothing else.
func (f *Waits) buildsOnly(fn *types.Func, seen map[*types.Func]bool) bool {
	fd := f.decls[fn]
	if fd == nil || fd.Body == nil || len(fd.Body.List) != 1 || seen[fn] {
		return false
	}
	seen[fn] = true
	ret, ok := fd.Body.List[0].(*ast.ReturnStmt)
	if !ok || len(ret.Results) != 1 {
		return false
	}
	e := ast.Unparen(ret.Results[0])
	if call, ok := e.(*ast.CallExpr); ok {
		inner := libs.Callee(f.info, call)
		return inner != nil && f.buildsOnly(inner, seen) && !slices.ContainsFunc(call.Args, func(a ast.Expr) bool { return astutil.Some(a, isCall) })
	}
	if u, ok := e.(*ast.UnaryExpr); ok && u.Op == token.AND {
		e = u.X
	}
	lit, ok := e.(*ast.CompositeLit)
	return ok && !astutil.Some(lit, isCall)
}

// asksStop reports whether fn, of this package, only asks whether a stop
// was told: a select with a default that receives from its parameters
// (select { case <-stop: return true; default: return false }), which
// neither waits nor does anything.
func (f *Waits) asksStop(fn *types.Func) bool {
	fd := f.decls[fn]
	if fd == nil || fd.Body == nil || len(fd.Body.List) != 1 {
		return false
	}
	sel, ok := fd.Body.List[0].(*ast.SelectStmt)
	if !ok {
		return false
	}
	polls := false
	for _, st := range sel.Body.List {
		cc := st.(*ast.CommClause)
		switch {
		case cc.Comm == nil:
			polls = true
		case !f.receivesStop(cc, fn.Signature()):
			return false
		}
		for _, b := range cc.Body {
			if ret, ok := b.(*ast.ReturnStmt); !ok || astutil.Some(ret, isCall) {
				return false
			}
		}
	}
	return polls
}

func isCall(n ast.Node) bool {
	_, ok := n.(*ast.CallExpr)
	return ok
}

// receivesStop reports whether a select case receives from a context's
// Done channel or from a channel parameter or field (a stop or quit
// channel): the wait then ends early when the caller is told to stop.
func (f *Waits) receivesStop(cc *ast.CommClause, sig *types.Signature) bool {
	ch := site.Received(cc.Comm)
	if ch == nil {
		return false
	}
	switch x := ast.Unparen(ch).(type) {
	case *ast.CallExpr: // ctx.Done()
		sel, ok := x.Fun.(*ast.SelectorExpr)
		return ok && sel.Sel.Name == "Done" && site.IsContext(f.info.TypeOf(sel.X))
	case *ast.Ident: // stop, a parameter
		v, ok := f.info.Uses[x].(*types.Var)
		if !ok {
			return false
		}
		for i := range sig.Params().Len() {
			if sig.Params().At(i) == v {
				return true
			}
		}
	case *ast.SelectorExpr: // c.quit, a field; not a timer's or ticker's C
		v, ok := f.info.Uses[x.Sel].(*types.Var)
		return ok && v.IsField() && v.Pkg() != nil && v.Pkg().Path() != "time"
	}
	return false
}

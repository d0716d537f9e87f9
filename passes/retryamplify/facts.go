package retryamplify

import (
	"fmt"
	"go/ast"
	"go/types"

	"github.com/idemlint/idemlint/passes/internal/astutil"
	"github.com/idemlint/idemlint/passes/internal/libs"
)

// RetriesFact marks a function that retries something when called: it
// holds a retry site, or calls a function that does. Attempts is the
// attempt count of that retry when it is a constant, else 0.
type RetriesFact struct {
	Attempts int
	// Limit says where the bound of its one retry loop comes from, when
	// its caller gives it (limit.go): a call may switch the retries off.
	Limit *Limit
	// UntilCtx is 1 + the index of the context parameter whose end alone
	// ends the function's retries (untilctx.go), or 0.
	UntilCtx int
	// Default says every retry it reaches is a library client on its
	// defaults (defaults.go).
	Default bool
}

func (*RetriesFact) AFact() {}
func (f *RetriesFact) String() string {
	if f.UntilCtx > 0 {
		return fmt.Sprintf("retries(attempts=%d, until parameter %d is done)", f.Attempts, f.UntilCtx-1)
	}
	if f.Default {
		return fmt.Sprintf("retries(attempts=%d) library default", f.Attempts)
	}
	return fmt.Sprintf("retries(attempts=%d)", f.Attempts)
}

// maxAttempts bounds the worst cases a fact records; beyond it (or with a
// count that is not constant) the fact says 0, unknown.
const maxAttempts = 1 << 20

// learn exports a RetriesFact for each function of the package that holds
// a retry site or calls a function that retries, with its worst case: a
// site's attempts times the worst inner retry its attempts reach.
func (a *amplifier) learn() {
	// A function whose one retry loop is bounded by what its caller gives
	// it (limit.go) does not retry when a call gives it one attempt: such
	// calls are left out of the membership, and a function that also
	// calls another that retries loses its Limit, which may make more
	// calls count (a few rounds; limits only go).
	limits := map[*types.Func]*Limit{}
	for _, d := range a.decls {
		if l := a.limitOf(d); l != nil {
			limits[d.Func] = l
			if l.Options && a.options == nil {
				a.exportOptions()
			}
		}
	}
	for {
		a.local = map[*types.Func]*RetriesFact{}
		a.members(limits)
		pruned := false
		for _, d := range a.decls {
			if limits[d.Func] == nil {
				continue
			}
			for _, c := range a.index.Of(d.FuncDecl).Calls {
				if fn := a.entered(c.CallExpr, c.Callee, d.Func); fn != nil && fn != d.Func && a.fact(fn) != nil && !a.offCall(c.CallExpr, fn, limits) {
					delete(limits, d.Func)
					pruned = true
					break
				}
			}
		}
		if !pruned {
			break
		}
	}
	for fn, f := range a.local {
		f.Limit = limits[fn]
	}
	// Which retries end only with a context first: a caller that stops on
	// the same context does not multiply them.
	for _, d := range a.decls {
		if f := a.local[d.Func]; f != nil {
			f.UntilCtx = a.untilCtx(d) + 1
		}
	}
	for range 3 {
		for _, d := range a.decls {
			if f := a.local[d.Func]; f != nil {
				f.Attempts = a.worst(d)
			}
		}
	}
	a.learnDefaults()
	if libs.Modeled(a.pass.Pkg.Path()) {
		return // a modeled library's retries are read at each use (libs.Modeled)
	}
	for fn, f := range a.local {
		a.pass.ExportObjectFact(fn, f)
	}
	a.exportOnInterfaces()
}

// offCall reports whether a call of fn gives it a single attempt: fn
// retries only as its Limit says (one of this package's, or its fact's).
func (a *amplifier) offCall(call *ast.CallExpr, fn *types.Func, limits map[*types.Func]*Limit) bool {
	if l := limits[fn]; l != nil {
		return a.switchedOff(call, &RetriesFact{Limit: l})
	}
	if f := a.fact(fn); f != nil && fn.Pkg() != a.pass.Pkg {
		return a.switchedOff(call, f)
	}
	return false
}

// members marks the functions of the package that retry when called.
// Membership first: what holds a site or calls an imported function that
// retries, then, backwards along the calls of the package, its callers
// (calls of functions declared later, recursion); a call that gives a
// function that retries as configured a single attempt does not count. A
// call of an interface method is resolved to its sole implementation only
// once a method of that name is known to retry: resolving every one is
// costly and seldom matters.
func (a *amplifier) members(limits map[*types.Func]*Limit) {
	callers := map[*types.Func][]*types.Func{}
	var work []*types.Func
	mark := func(fn *types.Func) {
		if a.local[fn] == nil {
			a.local[fn] = &RetriesFact{}
			work = append(work, fn)
		}
	}
	type ifaceCall struct {
		call           *ast.CallExpr
		caller, method *types.Func
	}
	var ifaceCalls []ifaceCall
	for _, d := range a.decls {
		if len(a.inDecl[d.FuncDecl]) > 0 || a.recursive[d.FuncDecl] != nil {
			mark(d.Func)
		}
		for _, c := range a.index.Of(d.FuncDecl).Calls {
			fn := c.Callee
			switch {
			case fn == nil || fn == d.Func:
			case isInterfaceMethod(fn):
				ifaceCalls = append(ifaceCalls, ifaceCall{c.CallExpr, d.Func, fn})
			case a.offCall(c.CallExpr, fn, limits):
			case fn.Pkg() == a.pass.Pkg:
				callers[fn] = append(callers[fn], d.Func)
			case a.fact(fn) != nil:
				mark(d.Func)
			}
		}
	}
	for {
		for len(work) > 0 {
			fn := work[len(work)-1]
			work = work[:len(work)-1]
			for _, caller := range callers[fn] {
				mark(caller)
			}
		}
		retrying := a.importedRetryingMethods()
		for fn := range a.local {
			if fn.Signature().Recv() != nil {
				retrying[fn.Name()] = true
			}
		}
		for _, c := range ifaceCalls {
			if a.local[c.caller] == nil && retrying[c.method.Name()] {
				if impl := a.entered(c.call, c.method, c.caller); impl != c.method && impl != c.caller && a.fact(impl) != nil {
					mark(c.caller)
				}
			}
		}
		if len(work) == 0 {
			break
		}
	}
}

// exportOnInterfaces puts the fact of a retrying method on the methods of
// the package's interfaces it alone implements among the types this
// package can see: an importer checked from export data (go vet) may not
// see an unexported implementation, but it reads the fact on the
// interface method its call names.
func (a *amplifier) exportOnInterfaces() {
	names := map[string]bool{}
	for fn := range a.local {
		if fn.Signature().Recv() != nil {
			names[fn.Name()] = true
		}
	}
	if len(names) == 0 {
		return
	}
	scope := a.pass.Pkg.Scope()
	for _, name := range scope.Names() {
		tn, ok := scope.Lookup(name).(*types.TypeName)
		if !ok || tn.IsAlias() || !tn.Exported() { // only an importer needs it
			continue
		}
		iface, ok := tn.Type().Underlying().(*types.Interface)
		if !ok {
			continue
		}
		for m := range iface.Methods() {
			if m.Pkg() != a.pass.Pkg || !names[m.Name()] || a.local[m] != nil {
				continue
			}
			if f := a.local[a.soleImplementation(m)]; f != nil {
				a.pass.ExportObjectFact(m, f)
			}
		}
	}
}

// worst is the most attempts a call of d can make when everything fails.
func (a *amplifier) worst(d astutil.Decl) int {
	best := 0
	if s := a.recursive[d.FuncDecl]; s != nil {
		best = s.Attempts(a.pass.TypesInfo)
	}
	for _, s := range a.inDecl[d.FuncDecl] {
		n := attempts(a.pass.TypesInfo, s)
		if ins := a.inners(s); len(ins) > 0 {
			n = product(n, ins[0].attempts)
		}
		best = max(best, n)
	}
	for _, c := range a.index.Of(d.FuncDecl).Calls {
		if fn := a.entered(c.CallExpr, c.Callee, d.Func); fn != nil && fn != d.Func {
			if f := a.fact(fn); f != nil && !a.switchedOff(c.CallExpr, f) {
				best = max(best, f.Attempts)
			}
		}
	}
	return best
}

// attemptsAt is how many attempts a call of a function with fact f makes:
// what the call configures, when it can be read (0 when it switches the
// retries off), or the function's worst case.
func (a *amplifier) attemptsAt(call *ast.CallExpr, f *RetriesFact) int {
	if n, ok := a.callAttempts(call, f); ok {
		if n <= 1 {
			return 0
		}
		return n
	}
	return f.Attempts
}

func isInterfaceMethod(fn *types.Func) bool {
	recv := fn.Signature().Recv()
	return recv != nil && types.IsInterface(recv.Type())
}

func product(a, b int) int {
	if a <= 0 || b <= 0 || a*b > maxAttempts {
		return 0
	}
	return a * b
}

func (a *amplifier) fact(fn *types.Func) *RetriesFact {
	if fn == nil {
		return nil
	}
	if f := a.local[fn]; f != nil {
		return f
	}
	var f RetriesFact
	if fn.Pkg() != nil && fn.Pkg() != a.pass.Pkg && a.pass.ImportObjectFact(fn, &f) {
		return &f
	}
	return nil
}

// importedRetryingMethods returns the names of the methods of other
// packages that retry: an interface call of one of those names may enter
// one of them.
func (a *amplifier) importedRetryingMethods() map[string]bool {
	out := map[string]bool{}
	for _, f := range a.pass.AllObjectFacts() {
		if fn, ok := f.Object.(*types.Func); ok && fn.Signature().Recv() != nil {
			if _, ok := f.Fact.(*RetriesFact); ok {
				out[fn.Name()] = true
			}
		}
	}
	return out
}

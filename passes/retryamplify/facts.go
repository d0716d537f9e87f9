package retryamplify

import (
	"fmt"
	"go/types"

	"github.com/idemlint/idemlint/passes/internal/astutil"
)

// RetriesFact marks a function that retries something when called: it
// holds a retry site, or calls a function that does. Attempts is the
// attempt count of that retry when it is a constant, else 0.
type RetriesFact struct {
	Attempts int
	// UntilCtx is 1 + the index of the context parameter whose end alone
	// ends the function's retries (untilctx.go), or 0.
	UntilCtx int
}

func (*RetriesFact) AFact() {}
func (f *RetriesFact) String() string {
	if f.UntilCtx > 0 {
		return fmt.Sprintf("retries(attempts=%d, until parameter %d is done)", f.Attempts, f.UntilCtx-1)
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
	// Membership first: what holds a site or calls an imported function
	// that retries, then, backwards along the calls of the package, its
	// callers (calls of functions declared later, recursion). A call of an
	// interface method is resolved to its sole implementation only once a
	// method of that name is known to retry: resolving every one is costly
	// and seldom matters. Then the worst cases, in a few rounds.
	callers := map[*types.Func][]*types.Func{}
	var work []*types.Func
	mark := func(fn *types.Func) {
		if a.local[fn] == nil {
			a.local[fn] = &RetriesFact{}
			work = append(work, fn)
		}
	}
	type ifaceCall struct{ caller, method *types.Func }
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
				ifaceCalls = append(ifaceCalls, ifaceCall{d.Func, fn})
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
				if impl := a.entered(c.method, c.caller); impl != c.method && impl != c.caller && a.fact(impl) != nil {
					mark(c.caller)
				}
			}
		}
		if len(work) == 0 {
			break
		}
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
	for fn, f := range a.local {
		a.pass.ExportObjectFact(fn, f)
	}
	a.exportOnInterfaces()
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
		if fn := a.entered(c.Callee, d.Func); fn != nil && fn != d.Func {
			if f := a.fact(fn); f != nil {
				best = max(best, f.Attempts)
			}
		}
	}
	return best
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

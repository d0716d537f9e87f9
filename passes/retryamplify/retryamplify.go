package retryamplify

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"slices"
	"sort"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/idemlint/idemlint/passes/internal/astutil"
	"github.com/idemlint/idemlint/passes/internal/bodies"
	"github.com/idemlint/idemlint/passes/internal/ifaces"
	"github.com/idemlint/idemlint/passes/internal/libs"
	"github.com/idemlint/idemlint/passes/internal/report"
	"github.com/idemlint/idemlint/passes/internal/retrysite"
)

// Analyzer reports retries nested in retries.
var Analyzer = &analysis.Analyzer{
	Name:      "retryamplify",
	Doc:       Doc,
	URL:       "https://github.com/idemlint/idemlint#retryamplify",
	Requires:  []*analysis.Analyzer{retrysite.Analyzer, bodies.Analyzer},
	Run:       run,
	FactTypes: []analysis.Fact{new(RetriesFact), new(OptionFact)},
}

func run(pass *analysis.Pass) (any, error) {
	res := pass.ResultOf[retrysite.Analyzer].(*retrysite.Result)
	// A goto retry (retry: ...; goto retry) is a retry loop like any other.
	sites := slices.Concat(res.Sites, res.Gotos)
	a := &amplifier{pass: pass, res: res, local: map[*types.Func]*RetriesFact{}, recursive: map[*ast.FuncDecl]*retrysite.Site{}, result: newResult()}
	a.sites = a.counted(sites)
	// A function that retries by calling itself retries when called: a
	// retry site that calls it runs it again on every attempt.
	for _, s := range res.Recursions {
		if fd, ok := s.Encl.(*ast.FuncDecl); ok {
			a.recursive[fd] = s
		}
	}
	// Nothing retries here, and no imported function retries: nothing to
	// learn or report (most packages of a large program).
	if len(a.sites) == 0 && len(a.recursive) == 0 && len(pass.AllObjectFacts()) == 0 {
		return a.result, nil
	}
	a.index = pass.ResultOf[bodies.Analyzer].(*bodies.Index)
	a.decls = astutil.FuncDecls(pass.TypesInfo, pass.Files)
	sort.Slice(a.decls, func(i, j int) bool { return a.decls[i].Pos() < a.decls[j].Pos() })
	a.inDecl = map[*ast.FuncDecl][]*retrysite.Site{}
	for _, s := range a.sites {
		// A handler is not a function that retries when called: its
		// framework runs it again, not its callers.
		if s.Kind == retrysite.Redelivery {
			continue
		}
		if d := a.declOf(s.Node.Pos()); d != nil {
			a.inDecl[d] = append(a.inDecl[d], s)
		}
	}
	a.learn()
	for _, outer := range a.sites {
		a.check(outer, false)
	}
	// A loop whose success goes round too (a status poll) retries on its
	// failure paths: a failed call that reaches another retry runs it
	// again on each of them, so the attempts multiply as in any retry
	// loop. It is an outer site only: a call of the function holding it
	// polls, it is no retry of the caller's. Only a loop that counts its
	// failures retries them by design; a consumer's receive loop that goes
	// round after a failed receive for as long as it runs is its schedule
	// (retrysite.CountsFailures).
	for _, outer := range a.counted(res.FailureRetries) {
		if retrysite.CountsFailures(pass.TypesInfo, outer) {
			a.check(outer, true)
		}
	}
	return a.result, nil
}

// counted leaves out the sites that multiply nothing: retry loops of
// attempts that never reached the server (database/sql's retry on a broken
// pooled connection), calls of a helper whose only retries are of that
// kind, or of another package's helper that has no RetriesFact. (A
// retrying client with retries switched off is no site at all: retrysite
// reads its configuration.)
func (a *amplifier) counted(sites []*retrysite.Site) []*retrysite.Site {
	info := a.pass.TypesInfo
	// The tests whose failure goes round decide what is retried; a test
	// whose failure leaves (if err != nil { return err }) retries nothing.
	notSent := func(test ast.Expr) bool { return retrysite.NotSent(info, test) }
	enclosing := func(s *retrysite.Site) *types.Func {
		if d, ok := s.Encl.(*ast.FuncDecl); ok {
			fn, _ := info.Defs[d.Name].(*types.Func)
			return fn
		}
		return nil
	}
	quiet := map[*types.Func]bool{}
	var kept []*retrysite.Site
	for _, s := range sites {
		// A loop that retries only answers no client retries by itself (an
		// optimistic write that lost its race) multiplies nothing either.
		if s.OnlyRetriesRound(notSent) || s.OnlyRetriesUnretried(info) {
			if fn := enclosing(s); fn != nil {
				quiet[fn] = true
			}
			continue
		}
		kept = append(kept, s)
	}
	for _, s := range kept {
		delete(quiet, enclosing(s)) // a helper that also retries for real
	}
	var out []*retrysite.Site
	for _, s := range kept {
		switch {
		case s.Kind == retrysite.UserHelper && quiet[s.HelperFunc]:
			continue
		case s.Kind == retrysite.UserHelper && s.HelperFunc.Pkg() != a.pass.Pkg && a.fact(s.HelperFunc) == nil:
			continue
		case s.Kind == retrysite.Redelivery && !redelivered(s):
			continue
		}
		out = append(out, s)
	}
	return out
}

// amplifier finds what each retry site's attempts reach that retries.
type amplifier struct {
	pass  *analysis.Pass
	res   *retrysite.Result
	sites []*retrysite.Site
	local map[*types.Func]*RetriesFact // functions of this package that retry
	// recursive holds the recursive retry of each declaration that has one.
	recursive map[*ast.FuncDecl]*retrysite.Site

	impls      map[*types.Func]*types.Func // soleImplementation's answers
	several    map[*types.Func]bool        // methods with several implementations
	candidates []*types.Package            // programPackages' answer

	index  *bodies.Index
	decls  []astutil.Decl
	inDecl map[*ast.FuncDecl][]*retrysite.Site // the sites of each declaration

	parentsOf map[*ast.BlockStmt]map[ast.Node]ast.Node // failureEndsOuter's index
	ends      map[endsKey]bool                         // failureEndsOuter's answers
	options   map[*types.Func]*OptionFact              // this package's option constructors (switchedoff.go)

	result *Result // what check found, for the retry map
}

// inner is something an outer site's attempt enters that retries.
type inner struct {
	pos, end token.Pos
	attempts int
	via      *types.Func // set when entered through a call of a function that retries
	dflt     bool        // a library client on its defaults (defaults.go)
}

// inners lists, in source order, what the attempts of outer reach that
// retries: nested sites, calls of functions that retry (through an
// interface only when the package has a single implementation), and a
// named operation that retries.
func (a *amplifier) inners(outer *retrysite.Site) []inner {
	var found []inner
	info := a.pass.TypesInfo
	// The contexts that stop the outer site: an inner retry that ends only
	// with one of them stops with it (untilctx.go).
	ctxs := outerContexts(info, outer)
	var from *types.Func
	if d := a.declOf(outer.Node.Pos()); d != nil {
		from, _ = info.Defs[d.Name].(*types.Func)
	}
	callbacks := a.opaqueCallbacks(outer, from)
	async := asyncWork(info, outer.Op.Body)
	// A nested site lies in outer's operation, so in its declaration.
	for _, s := range a.inDecl[a.declOf(outer.Node.Pos())] {
		if s != outer && outer.InAttempt(entry(s)) && !astutil.Contains(s.Node, outer.Node) && !inAny(callbacks, s.Node) && !inNodes(async, s.Node) {
			if call, ok := s.Node.(*ast.CallExpr); ok && a.failureEndsOuter(outer, call) {
				continue
			}
			if ctx := ctxOnlyBound(info, s); ctx != nil && ctxs[ctx] {
				continue
			}
			in := inner{pos: s.Node.Pos(), end: s.Node.End(), attempts: attempts(a.pass.TypesInfo, s), dflt: libraryDefault(s)}
			if _, isGoto := s.Node.(*ast.BranchStmt); s.Kind == retrysite.Loop && !isGoto {
				in.end = in.pos + token.Pos(len("for"))
			}
			found = append(found, in)
		}
	}
	if outer.Op.Body != nil && outer.Op.Func == nil {
		ast.Inspect(outer.Op.Body, func(n ast.Node) bool {
			call, ok := n.(*ast.CallExpr)
			if !ok || !outer.InAttempt(call) || retrysite.BrokerReply(a.pass.TypesInfo, call) || inAny(callbacks, call) || inNodes(async, call) {
				return true
			}
			if fn, f := a.retryingCallee(call, from); f != nil && !a.switchedOff(call, f) && !stopsTogether(info, ctxs, call, f) && !a.failureEndsOuter(outer, call) {
				found = append(found, inner{pos: call.Pos(), end: call.End(), attempts: a.attemptsAt(call, f), via: fn, dflt: f.Default})
			}
			return true
		})
	} else if outer.Op.Func != nil {
		if f := a.fact(outer.Op.Func); f != nil {
			found = append(found, inner{pos: outer.Node.Pos(), end: outer.Node.End(), attempts: f.Attempts, via: outer.Op.Func, dflt: f.Default})
		}
	}
	sort.Slice(found, func(i, j int) bool { return found[i].pos < found[j].pos })
	return found
}

// retryingCallee returns the function a call made in from enters, and its
// fact when it retries.
func (a *amplifier) retryingCallee(call *ast.CallExpr, from *types.Func) (*types.Func, *RetriesFact) {
	fn := a.entered(call, libs.Callee(a.pass.TypesInfo, call), from)
	return fn, a.fact(fn)
}

// entered returns the function a call of callee made in from enters:
// callee, or the sole implementation of an interface method, unless that
// is a method of from's own type: a decorator (a RetryPublisher holding
// the Publisher it wraps) calls the implementation it wraps, which lives
// elsewhere, not itself.
func (a *amplifier) entered(call *ast.CallExpr, callee, from *types.Func) *types.Func {
	if callee == nil {
		return nil
	}
	// p.client.GetItem(...), client an unexported interface field the
	// package only ever fills with one type (a decorator that retries,
	// wrapping an SDK's client): that type's method runs.
	if sel, ok := callSelector(call); ok && isInterfaceMethod(callee) {
		if impl := a.res.StoredImpl(sel.X, callee); impl != nil && !sameReceiver(impl, from) {
			return impl
		}
	}
	if callee.Pkg() != a.pass.Pkg && isInterfaceMethod(callee) && a.fact(callee) != nil {
		return callee // its package put its one implementation's fact on it
	}
	impl := a.soleImplementation(callee)
	switch {
	case impl != nil && !sameReceiver(impl, from):
		return impl
	case impl == nil && a.several[callee]:
		return nil // could run any: opaque, whatever a fact on the method says
	}
	return callee
}

// callSelector returns the selector call calls (x.M), if any.
func callSelector(call *ast.CallExpr) (*ast.SelectorExpr, bool) {
	if call == nil {
		return nil, false
	}
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	return sel, ok
}

// sameReceiver reports whether f and g are methods of the same named type.
func sameReceiver(f, g *types.Func) bool {
	if f == nil || g == nil {
		return false
	}
	fr, gr := f.Signature().Recv(), g.Signature().Recv()
	if fr == nil || gr == nil {
		return false
	}
	return libs.TypeNameOf(fr.Type()) != nil && libs.TypeNameOf(fr.Type()) == libs.TypeNameOf(gr.Type())
}

// soleImplementation resolves an interface method to the method of the one
// type of the package that implements the interface, or returns nil (no
// implementation, or several: the call could reach any).
func (a *amplifier) soleImplementation(fn *types.Func) *types.Func {
	iface := ifaces.InterfaceOf(fn)
	if iface == nil {
		return nil
	}
	if impl, ok := a.impls[fn]; ok {
		return impl
	}
	if a.impls == nil {
		a.impls = map[*types.Func]*types.Func{}
		a.several = map[*types.Func]bool{}
		a.candidates = a.programPackages()
	}
	// The answer does not depend on the order the candidates are tried
	// in: one method found, or two different ones.
	var impl *types.Func
	for _, named := range a.candidatesFor(fn.Name()) {
		for _, ptr := range []bool{false, true} {
			if !ifaces.Implements(named, ptr, iface) {
				continue
			}
			var t types.Type = named
			if ptr {
				t = types.NewPointer(named)
			}
			m, _, _ := types.LookupFieldOrMethod(t, true, a.pass.Pkg, fn.Name())
			if mfn, ok := m.(*types.Func); ok {
				if impl != nil && impl != mfn {
					a.impls[fn] = nil
					a.several[fn] = true
					return nil
				}
				impl = mfn
			}
			break
		}
	}
	a.impls[fn] = impl
	return impl
}

// candidatesFor lists the types of the program that have a method named
// name (ifaces.Owners).
func (a *amplifier) candidatesFor(name string) []*types.Named {
	var out []*types.Named
	for _, pkg := range a.candidates {
		out = append(out, ifaces.Owners(pkg, name)...)
	}
	return out
}

// check reports, once per outer site, the first inner retry its attempts
// reach.
func (a *amplifier) check(outer *retrysite.Site, failurePaths bool) {
	found := countedIn(outer, a.inners(outer), failurePaths)
	found = slices.DeleteFunc(found, func(in inner) bool { return !skipFollows(outer, in.pos) })
	a.record(outer, found)
	if len(found) == 0 {
		return
	}
	in := found[0]
	d := analysis.Diagnostic{Pos: in.pos, End: in.end, Message: message(attempts(a.pass.TypesInfo, outer), in.attempts)}
	if e := outer.Op.Expr; e != nil && a.declOf(in.pos) != a.declOf(outer.Node.Pos()) {
		// The operation was made by another function (wait(ctx,
		// p.check(title))): the report goes where the outer site is
		// handed it, and points at the inner call.
		d.Pos, d.End = e.Pos(), e.End()
		d.Related = append(d.Related, analysis.RelatedInformation{Pos: in.pos, End: in.end, Message: "the operation reaches the inner retry here"})
	}
	if outer.Kind == retrysite.Redelivery {
		d.Message = redeliveryMessage(outer.Redelivery, in.attempts)
	}
	if in.via != nil {
		d.Message += ", here or in " + shortName(in.via)
		d.Related = append(d.Related, analysis.RelatedInformation{Pos: in.via.Pos(), Message: retriesText(in.via, in.attempts)})
	}
	report.Report(a.pass, d)
}

func retriesText(fn *types.Func, n int) string {
	name := strings.TrimPrefix(fn.FullName(), fn.Pkg().Path()+".")
	if n > 0 {
		return fmt.Sprintf("%s retries: up to %d attempts", name, n)
	}
	return name + " retries"
}

// shortName names a function as a reader finds it: pkg.Func or
// pkg.Type.Method.
func shortName(fn *types.Func) string {
	name := fn.Name()
	if recv := fn.Signature().Recv(); recv != nil {
		if tn := libs.TypeNameOf(recv.Type()); tn != nil {
			name = tn.Name() + "." + name
		}
	}
	if fn.Pkg() != nil {
		name = fn.Pkg().Name() + "." + name
	}
	return name
}

func message(outer, inner int) string {
	count := "the attempts multiply"
	if outer > 0 && inner > 0 {
		count = fmt.Sprintf("%d x %d = %d calls when the dependency keeps failing", outer, inner, outer*inner)
	}
	return fmt.Sprintf("retry inside a retry: every outer attempt runs the inner retry again, so %s; retry at one layer only", count)
}

// declOf returns the function declaration holding pos, or nil.
func (a *amplifier) declOf(pos token.Pos) *ast.FuncDecl {
	i := sort.Search(len(a.decls), func(i int) bool { return a.decls[i].End() > pos })
	if i < len(a.decls) && a.decls[i].Pos() <= pos {
		return a.decls[i].FuncDecl
	}
	return nil
}

// entry is the node of a nested site that an outer attempt runs: the site
// itself, or for a goto retry the first statement after its label (the
// goto is a jump, which no attempt lists).
func entry(s *retrysite.Site) ast.Node {
	if _, isGoto := s.Node.(*ast.BranchStmt); isGoto && s.Op.Body != nil && len(s.Op.Body.List) > 0 {
		return s.Op.Body.List[0]
	}
	return s.Node
}

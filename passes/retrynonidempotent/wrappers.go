package retrynonidempotent

import (
	"fmt"
	"go/ast"
	"go/types"

	"github.com/idemlint/idemlint/passes/internal/astutil"
	"github.com/idemlint/idemlint/passes/internal/bodies"
	"github.com/idemlint/idemlint/passes/internal/libs"
	"github.com/idemlint/idemlint/passes/internal/retrysite"
)

// SendsRequestFact marks a function that sends the request it is given as
// parameter Param (a c.do(req) wrapper around the client's Do that counts
// metrics or maps errors), or, for Param -1, the request its receiver
// holds (cfg.Execute()): a call of it is a send of that request. Keyed
// says it sets an idempotency key on every request it sends; Retried, that
// it sends it inside a retry site of its own (or through a retrying
// client), so a POST given to it is retried.
type SendsRequestFact struct {
	Param   int
	Keyed   bool
	Retried bool
}

func (*SendsRequestFact) AFact() {}
func (f *SendsRequestFact) String() string {
	if f.Param < 0 {
		return fmt.Sprintf("sends the receiver's request (keyed=%t retried=%t)", f.Keyed, f.Retried)
	}
	return fmt.Sprintf("sends request param %d (keyed=%t retried=%t)", f.Param, f.Keyed, f.Retried)
}

func (a *analyzer) sendsRequestFact(fn *types.Func, f *SendsRequestFact) bool {
	if fn == nil {
		return false
	}
	fn = a.implementation(fn)
	if local, ok := a.wrappers[fn]; ok {
		*f = *local
		return true
	}
	return fn.Pkg() != a.pass.Pkg && a.pass.ImportObjectFact(fn, f)
}

// learnWrappers finds the functions of the package that send a request
// parameter, or the request their receiver holds (cfg.Execute(), which
// sends cfg.Request); it reports whether it learned a new one.
func (a *analyzer) learnWrappers(sites *retrysite.Result) bool {
	grew := false
	for _, d := range a.decls {
		if a.wrappers[d.Func] != nil {
			continue
		}
		sig := d.Func.Signature()
		for i := -1; i < sig.Params().Len(); i++ {
			p := sig.Recv()
			if i >= 0 {
				p = sig.Params().At(i)
			}
			if p == nil || !isRequest(p.Type()) {
				continue
			}
			sends, retried := a.sendsParam(d, p, sites)
			if !sends {
				continue
			}
			var s send
			a.inspector(d).headersOf(&s, p)
			// Header maps copied from other parameters may hold the key.
			a.wrappers[d.Func] = &SendsRequestFact{Param: i, Keyed: s.keyed || len(s.keyParams) > 0, Retried: retried}
			grew = true
			break
		}
	}
	return grew
}

// wrappedArg is the argument of call that a SendsRequestFact's Param
// names: the receiver for -1, or nil when the call has none.
func wrappedArg(call *ast.CallExpr, param int) ast.Expr {
	if param < 0 {
		if sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr); ok {
			return sel.X
		}
		return nil
	}
	if param < len(call.Args) {
		return call.Args[param]
	}
	return nil
}

// sendsParam reports whether the body of d sends the request held by p,
// directly or through a wrapper (hc.Do(req), hc.Do(req.WithContext(ctx)),
// a handler func(*http.Request) (*http.Response, error) wrapping the
// client's Do), and whether it retries that send.
func (a *analyzer) sendsParam(d *bodies.Body, p *types.Var, sites *retrysite.Result) (sends, retried bool) {
	info := a.pass.TypesInfo
	for n, fn := range a.index.All(d) {
		call, ok := n.(*ast.CallExpr)
		if !ok {
			continue
		}
		var arg ast.Expr
		inner := false
		if row, ok := libs.Sends.Lookup(fn); ok {
			if row.RequestArg >= 0 && row.RequestArg < len(call.Args) {
				arg = call.Args[row.RequestArg]
			}
		} else if fn != nil && isDoer(fn) || fn == nil && len(call.Args) == 1 && isDoerFunc(info.TypeOf(call.Fun)) {
			arg = call.Args[0]
		} else if fn != d.Func {
			var f SendsRequestFact
			if a.sendsRequestFact(fn, &f) {
				arg, inner = wrappedArg(call, f.Param), f.Retried
			}
		}
		if arg != nil && (astutil.RootObject(info, arg) == p || a.madeFrom(d, arg, p)) {
			sends = true
			retried = retried || inner || len(a.retriedAt(sites, call)) > 0 || a.viaRetryingClient(call)
		}
	}
	return sends, retried
}

// madeFrom reports whether the request e was made in d from the parameter
// p: rr, _ := retryablehttp.FromRequest(p); c.rc.Do(rr.WithContext(ctx))
// sends the caller's request as surely as c.rc.Do(p) does. A request is
// followed, as the sends are (send.go), through the locals it is assigned
// to and the calls made on it or given it.
func (a *analyzer) madeFrom(d *bodies.Body, e ast.Expr, p *types.Var) bool {
	return a.madeFromVia(d, e, p, 0, map[*types.Var]bool{})
}

// madeFromVia is madeFrom with the locals being followed: locals assigned
// from each other (req, orig = orig, req) lead back to one. The depth
// keeps the paths through many such locals few.
func (a *analyzer) madeFromVia(d *bodies.Body, e ast.Expr, p *types.Var, depth int, following map[*types.Var]bool) bool {
	if depth > 6 {
		return false
	}
	info := a.pass.TypesInfo
	switch x := ast.Unparen(e).(type) {
	case *ast.Ident:
		v, ok := info.Uses[x].(*types.Var)
		if !ok {
			return false
		}
		if v == p {
			return true
		}
		if following[v] {
			return false
		}
		following[v] = true
		defer delete(following, v)
		for _, rhs := range a.index.Assignments(info, d, v) {
			if a.madeFromVia(d, rhs, p, depth+1, following) {
				return true
			}
		}
	case *ast.SelectorExpr:
		// cfg.Request, the request the holder p carries.
		f, ok := info.Uses[x.Sel].(*types.Var)
		return ok && f == embeddedRequest(info.TypeOf(x.X)) && a.madeFromVia(d, x.X, p, depth+1, following)
	case *ast.CallExpr:
		if sel, ok := x.Fun.(*ast.SelectorExpr); ok && isRequest(info.TypeOf(sel.X)) && a.madeFromVia(d, sel.X, p, depth+1, following) {
			return true
		}
		for _, arg := range x.Args {
			if isRequest(info.TypeOf(arg)) && a.madeFromVia(d, arg, p, depth+1, following) {
				return true
			}
		}
	}
	return false
}

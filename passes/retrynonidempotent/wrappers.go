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
// metrics or maps errors): a call of it is a send of that request. Keyed
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
// parameter; it reports whether it learned a new one.
func (a *analyzer) learnWrappers(sites *retrysite.Result) bool {
	grew := false
	for _, d := range a.decls {
		if a.wrappers[d.Func] != nil {
			continue
		}
		params := d.Func.Signature().Params()
		for i := range params.Len() {
			p := params.At(i)
			if !isRequest(p.Type()) {
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

// sendsParam reports whether the body of d sends the request held by p,
// directly or through a wrapper (hc.Do(req), hc.Do(req.WithContext(ctx))),
// and whether it retries that send.
func (a *analyzer) sendsParam(d *bodies.Body, p *types.Var, sites *retrysite.Result) (sends, retried bool) {
	info := a.pass.TypesInfo
	for n, fn := range a.index.All(d) {
		call, ok := n.(*ast.CallExpr)
		if !ok {
			continue
		}
		arg, inner := -1, false
		if row, ok := libs.Sends.Lookup(fn); ok {
			arg = row.RequestArg
		} else if fn != nil && isDoer(fn) {
			arg = 0
		} else if fn != d.Func {
			var f SendsRequestFact
			if a.sendsRequestFact(fn, &f) {
				arg, inner = f.Param, f.Retried
			}
		}
		if arg >= 0 && arg < len(call.Args) && (astutil.RootObject(info, call.Args[arg]) == p || a.madeFrom(d, call.Args[arg], p)) {
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

package retrybody

import (
	"fmt"
	"go/ast"
	"go/types"

	"golang.org/x/tools/go/analysis"

	"github.com/idemlint/idemlint/passes/internal/astutil"
	"github.com/idemlint/idemlint/passes/internal/report"
)

// A shared package often holds the one retry of a code base:
// retryhttp.Do(client, req) sends the request it is given in every
// attempt. Whoever hands it a request built with a body, in any package,
// gets the body drained by the first attempt. ResendsFact carries that
// across packages; the report is at the call that hands the request over.
// (A helper of the caller's own package is reported at its send, by
// callerSendsBody.)

// ResendsFact marks a function that sends its *http.Request parameter
// Param in every attempt of a retry, without resetting its body; Retry
// names the function that holds that retry.
type ResendsFact struct {
	Param int
	Retry string
}

func (*ResendsFact) AFact() {}

func (f *ResendsFact) String() string {
	return fmt.Sprintf("resends request parameter %d in %s", f.Param, f.Retry)
}

const msgResent = "request body is read to the end by the first attempt of the retry in %s, so its retries send it empty; build the request per attempt, or reset req.Body from req.GetBody in the retry"

// resends knows the functions that resend a request parameter.
type resends struct {
	pass  *analysis.Pass
	local map[*types.Func]*ResendsFact
	// direct are the functions of the package whose own retry resends
	// the parameter: their callers in the package are reported at the
	// send already.
	direct map[*types.Func]bool
}

func (r *resends) lookup(fn *types.Func) *ResendsFact {
	return lookupFact(r.pass, r.local, fn)
}

// note records that the function declared by encl sends its request
// parameter v in every attempt of a retry.
func (r *resends) note(encl ast.Node, v *types.Var) {
	fd, ok := encl.(*ast.FuncDecl)
	if !ok || !isRequest(v.Type()) {
		return
	}
	fn, _ := r.pass.TypesInfo.Defs[fd.Name].(*types.Func)
	if fn == nil || r.local[fn] != nil {
		return
	}
	if i := paramIndex(fn, v); i >= 0 {
		r.local[fn] = &ResendsFact{Param: i, Retry: fn.Pkg().Name() + "." + astutil.FuncName(fn)}
		r.direct[fn] = true
	}
}

func paramIndex(fn *types.Func, v *types.Var) int {
	params := fn.Signature().Params()
	for i := range params.Len() {
		if params.At(i) == v {
			return i
		}
	}
	return -1
}

// finish passes the facts up through the functions of the package that
// hand their own request parameter on (func (s *Sender) Send(req) {
// return retryhttp.Do(s.hc, req) }), reports the calls that hand over a
// request built with a body, and exports the facts.
func (r *resends) finish(c *checker) {
	idx := c.builders.index
	for changed := true; changed; {
		changed = false
		for _, d := range idx.Decls() {
			if r.local[d.Func] != nil {
				continue
			}
			for n, callee := range idx.All(d) {
				call, ok := n.(*ast.CallExpr)
				f := r.lookup(callee)
				if !ok || f == nil || f.Param >= len(call.Args) {
					continue
				}
				id, ok := ast.Unparen(call.Args[f.Param]).(*ast.Ident)
				if !ok {
					continue
				}
				v, ok := r.pass.TypesInfo.Uses[id].(*types.Var)
				if !ok {
					continue
				}
				if i := paramIndex(d.Func, v); i >= 0 && isRequest(v.Type()) {
					r.local[d.Func] = &ResendsFact{Param: i, Retry: f.Retry}
					changed = true
					break
				}
			}
		}
	}
	if checkRequest {
		for _, d := range idx.Decls() {
			for n, callee := range idx.All(d) {
				call, ok := n.(*ast.CallExpr)
				f := r.lookup(callee)
				if !ok || f == nil || f.Param >= len(call.Args) || r.direct[callee.Origin()] {
					continue
				}
				if c.builtWithBody(d.Node, call.Args[f.Param]) {
					report.At(c.pass, call, msgResent, f.Retry)
				}
			}
		}
	}
	for fn, f := range r.local {
		r.pass.ExportObjectFact(fn, f)
	}
}

package retrybody

import (
	"go/ast"
	"go/types"

	"golang.org/x/tools/go/analysis"

	"github.com/idemlint/idemlint/passes/internal/astutil"
	"github.com/idemlint/idemlint/passes/internal/libs"
	"github.com/idemlint/idemlint/passes/internal/report"
	"github.com/idemlint/idemlint/passes/internal/retrysite"
)

// Analyzer reports request bodies drained by the first attempt and response
// bodies left open by failed attempts.
var Analyzer = &analysis.Analyzer{
	Name:     "retrybody",
	Doc:      Doc,
	URL:      "https://github.com/idemlint/idemlint#retrybody",
	Requires: []*analysis.Analyzer{retrysite.Analyzer},
	Run:      run,
}

var checkRequest, checkResponse bool

func init() {
	Analyzer.Flags.BoolVar(&checkRequest, "request", true, "report request bodies made once and sent by every attempt")
	Analyzer.Flags.BoolVar(&checkResponse, "response", true, "report response bodies left open by failed attempts")
}

const (
	msgDrained  = "request body is read to the end by the first attempt, so the retries send it empty: the body is made once, outside the retry; build the request and its body inside the retry (or reset req.Body from req.GetBody)"
	msgLeaked   = "response body is not closed when the attempt fails on its status, so every retry leaks a connection; close resp.Body before the next attempt"
	bodyArgPost = 2 // http.Post(url, contentType, body)
)

func run(pass *analysis.Pass) (any, error) {
	if !libs.ImportsAny(pass.Pkg, "net/http") {
		return nil, nil
	}
	for _, s := range pass.ResultOf[retrysite.Analyzer].(*retrysite.Result).Sites {
		// A redelivered handler runs again from its start: a body built
		// in it is built anew, and there is no retry path of its own.
		if s.Op.Body == nil || s.Op.Func != nil || s.Kind == retrysite.Redelivery {
			continue
		}
		c := &checker{pass: pass, site: s}
		ast.Inspect(s.Op.Body, func(n ast.Node) bool {
			call, ok := n.(*ast.CallExpr)
			if ok && s.InAttempt(call) {
				c.send(call)
			}
			return true
		})
	}
	return nil, nil
}

type checker struct {
	pass *analysis.Pass
	site *retrysite.Site
}

// send checks one call of the retry's operation.
func (c *checker) send(call *ast.CallExpr) {
	info := c.pass.TypesInfo
	fn := libs.Callee(info, call)
	row, ok := libs.Sends.Lookup(fn)
	if !ok || fn.Pkg().Path() != "net/http" {
		return // go-retryablehttp rewinds its bodies; resty rebuilds them
	}
	if checkRequest {
		switch {
		case row.RequestArg >= 0 && row.RequestArg < len(call.Args):
			c.request(call, call.Args[row.RequestArg])
		case row.Method == "POST" && libs.NameOf(fn).Name == "Post" && len(call.Args) > row.RequestArg+bodyArgPost:
			if c.stale(call.Args[len(call.Args)-1]) {
				report.At(c.pass, call, msgDrained)
			}
		}
	}
	if checkResponse && c.site.Kind == retrysite.Loop {
		c.response(call)
	}
}

// request reports a request sent by every attempt whose body was made
// outside the retry.
func (c *checker) request(call *ast.CallExpr, req ast.Expr) {
	info := c.pass.TypesInfo
	id, ok := ast.Unparen(req).(*ast.Ident)
	if !ok {
		return
	}
	v, ok := info.Uses[id].(*types.Var)
	if !ok || c.resetsBody(v) {
		return
	}
	for _, def := range astutil.Assignments(info, c.site.Encl, v) {
		build, ok := ast.Unparen(def).(*ast.CallExpr)
		if !ok {
			continue
		}
		i, ok := libs.RequestBuilders.Lookup(libs.Callee(info, build))
		if !ok || libs.Callee(info, build).Pkg().Path() != "net/http" || i+2 >= len(build.Args) {
			continue
		}
		body := build.Args[i+2]
		inside := c.site.Op.Contains(build.Pos())
		if !inside && !isNoBody(info, body) || inside && c.stale(body) {
			report.At(c.pass, call, msgDrained)
			return
		}
	}
}

// stale reports whether a body reader was made outside the retry: a
// variable (or field) none of whose values is made inside it.
func (c *checker) stale(body ast.Expr) bool {
	info := c.pass.TypesInfo
	if isNoBody(info, body) {
		return false
	}
	switch x := ast.Unparen(body).(type) {
	case *ast.Ident:
		v, ok := info.Uses[x].(*types.Var)
		if !ok {
			return false
		}
		defs := astutil.Assignments(info, c.site.Encl, v)
		if len(defs) == 0 {
			return v.Parent() != nil && v.Parent() != types.Universe && !c.site.Op.Contains(v.Pos()) && libs.Reads(v.Type())
		}
		for _, d := range defs {
			if c.site.Op.Contains(d.Pos()) {
				return false
			}
		}
		return libs.Reads(v.Type())
	}
	return false
}

// resetsBody reports whether the retry's operation sets req.Body again (or
// calls req.GetBody to do so).
func (c *checker) resetsBody(v *types.Var) bool {
	found := false
	ast.Inspect(c.site.Op.Body, func(n ast.Node) bool {
		sel, ok := n.(*ast.SelectorExpr)
		if ok && (sel.Sel.Name == "Body" || sel.Sel.Name == "GetBody") && astutil.RootObject(c.pass.TypesInfo, sel.X) == v {
			found = true
		}
		return !found
	})
	return found
}

// response reports a send whose response is tested for its status by the
// loop while no close of its body is on the retry path.
func (c *checker) response(call *ast.CallExpr) {
	info := c.pass.TypesInfo
	resp := responseVar(info, c.site.Op.Body, call)
	test := c.statusTest(resp)
	if resp == nil || test == nil {
		return
	}
	for _, n := range c.site.RetryPath {
		if c.closes(n, resp) {
			return
		}
	}
	// A deferred close anywhere in the loop body counts, and so does a
	// close between the send and the status test (the status is read
	// after the body was closed).
	closed := false
	ast.Inspect(c.site.Op.Body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.DeferStmt:
			closed = closed || c.closes(n, resp)
		case *ast.ExprStmt:
			closed = closed || call.End() <= n.Pos() && n.End() <= test.Pos() && c.closes(n, resp)
		}
		return !closed
	})
	if !closed {
		report.At(c.pass, call, msgLeaked)
	}
}

// statusTest returns the first failure test of the site that reads resp's
// status, or nil.
func (c *checker) statusTest(resp types.Object) ast.Expr {
	if resp == nil {
		return nil
	}
	for _, t := range c.site.Tests {
		found := false
		ast.Inspect(t, func(n ast.Node) bool {
			if sel, ok := n.(*ast.SelectorExpr); ok && sel.Sel.Name == "StatusCode" && astutil.RootObject(c.pass.TypesInfo, sel.X) == resp {
				found = true
			}
			return !found
		})
		if found {
			return t
		}
	}
	return nil
}

// closes reports whether n closes resp's body, or hands the response or its
// body to a function that may.
func (c *checker) closes(n ast.Node, resp types.Object) bool {
	found := false
	ast.Inspect(n, func(x ast.Node) bool {
		call, ok := x.(*ast.CallExpr)
		if !ok || found {
			return !found
		}
		if sel, ok := call.Fun.(*ast.SelectorExpr); ok && sel.Sel.Name == "Close" && astutil.RootObject(c.pass.TypesInfo, sel.X) == resp {
			found = true
		}
		for _, a := range call.Args {
			if astutil.RootObject(c.pass.TypesInfo, a) == resp {
				found = true
			}
		}
		return !found
	})
	return found
}

// responseVar is the variable the send's response is assigned to.
func responseVar(info *types.Info, body ast.Node, call *ast.CallExpr) types.Object {
	var out types.Object
	ast.Inspect(body, func(n ast.Node) bool {
		as, ok := n.(*ast.AssignStmt)
		if ok && len(as.Rhs) == 1 && ast.Unparen(as.Rhs[0]) == call && len(as.Lhs) > 0 {
			if id, ok := as.Lhs[0].(*ast.Ident); ok && id.Name != "_" {
				out = info.ObjectOf(id)
			}
		}
		return out == nil
	})
	return out
}

func isNoBody(info *types.Info, e ast.Expr) bool {
	if tv, ok := info.Types[e]; ok && tv.IsNil() {
		return true
	}
	sel, ok := ast.Unparen(e).(*ast.SelectorExpr)
	if !ok {
		return false
	}
	obj := info.Uses[sel.Sel]
	return obj != nil && obj.Pkg() != nil && obj.Pkg().Path() == "net/http" && obj.Name() == "NoBody"
}

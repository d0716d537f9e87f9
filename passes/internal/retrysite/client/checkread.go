package client

import (
	"go/ast"
	"go/types"

	"github.com/idemlint/idemlint/passes/internal/astutil"
	"github.com/idemlint/idemlint/passes/internal/libs"
	"github.com/idemlint/idemlint/passes/internal/retrysite/status"
)

// retriesAnyRequest reports whether a replaced retry decision (a
// go-retryablehttp CheckRetry) that the program declares, as a function
// literal, a function or a method of the package (CheckRetry:
// c.retryHTTPCheck, the way API client libraries set it), retries a
// server error (500, 502, 504) without looking at the request's method:
// it then retries a POST like the library's default policy does. A
// decision that reads the method (resp.Request.Method) or retries only
// what proves the request was not processed (429, 503 with Retry-After)
// stays the author's choice. A path counts when it may retry, whatever
// the tests the simulation cannot decide (ctx.Err(), a disableRetries
// switch that an option sets) say: by default the client retries it. A
// decision that hands the answer to the library's own (return
// retryablehttp.DefaultRetryPolicy(...)) retries what that retries.
func (c *Configs) retriesAnyRequest(e ast.Expr) bool {
	var sig *types.Signature
	var body *ast.BlockStmt
	switch lit, fn := astutil.FuncValue(c.info, e); {
	case lit != nil:
		sig, _ = c.info.TypeOf(lit).(*types.Signature)
		body = lit.Body
	case fn != nil:
		fd := c.decls[fn.Origin()]
		if fd == nil {
			return false
		}
		sig, body = fn.Signature(), fd.Body
	}
	if sig == nil || body == nil || readsMethod(c.info, body) {
		return false
	}
	m := status.StatusesOf(c.info, sig, body, nil, true)
	for _, code := range []int64{500, 502, 504} {
		if m.Has(code) {
			return true
		}
	}
	return delegatesToLibrary(c.info, body)
}

// delegatesToLibrary reports whether body returns, on some path, the
// answer of its client library's own retry decision (return
// retryablehttp.DefaultRetryPolicy(ctx, resp, err), after answering 429
// itself): that path retries server errors, whatever the method, as the
// default policy does.
func delegatesToLibrary(info *types.Info, body *ast.BlockStmt) bool {
	return astutil.Some(body, func(n ast.Node) bool {
		ret, ok := n.(*ast.ReturnStmt)
		if !ok || len(ret.Results) == 0 {
			return false
		}
		call, ok := ast.Unparen(ret.Results[0]).(*ast.CallExpr)
		return ok && fromLibrary(info, call.Fun)
	})
}

// readsMethod reports whether body reads an *http.Request's Method, or
// hands the request to a function that may (idempotent(resp.Request)).
func readsMethod(info *types.Info, body ast.Node) bool {
	return astutil.Some(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.SelectorExpr:
			return n.Sel.Name == "Method" && libs.IsHTTPRequest(info.TypeOf(n.X))
		case *ast.CallExpr:
			for _, a := range n.Args {
				if libs.IsHTTPRequest(info.TypeOf(a)) {
					return true
				}
			}
		}
		return false
	})
}

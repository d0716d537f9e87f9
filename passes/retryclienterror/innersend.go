package retryclienterror

import (
	"go/ast"
	"go/types"

	"golang.org/x/tools/go/analysis"

	"github.com/idemlint/idemlint/passes/internal/libs"
	"github.com/idemlint/idemlint/passes/internal/retrysite/site"
)

// innerSend returns the one HTTP send that call reaches through functions
// of the package (a handler's s.sendEvents(ctx, events) whose body does
// httpClient.Do(req)): the request whose 4xx the handler's redelivery
// repeats, where a reader fixes the status test. It returns call itself
// when the send is out of the package or not one.
func innerSend(pass *analysis.Pass, call *ast.CallExpr) ast.Node {
	decls := map[types.Object]*ast.FuncDecl{}
	for _, f := range pass.Files {
		for _, d := range f.Decls {
			if fd, ok := d.(*ast.FuncDecl); ok && fd.Body != nil {
				decls[pass.TypesInfo.Defs[fd.Name]] = fd
			}
		}
	}
	var sends []*ast.CallExpr
	seen := map[*ast.FuncDecl]bool{}
	var walk func(c *ast.CallExpr, depth int)
	walk = func(c *ast.CallExpr, depth int) {
		fd := decls[libs.Callee(pass.TypesInfo, c)]
		if fd == nil || seen[fd] || depth > 3 {
			return
		}
		seen[fd] = true
		ast.Inspect(fd.Body, func(n ast.Node) bool {
			inner, ok := n.(*ast.CallExpr)
			switch {
			case !ok:
				_, lit := n.(*ast.FuncLit)
				return !lit
			case sendsRequest(pass.TypesInfo, inner):
				sends = append(sends, inner)
			default:
				walk(inner, depth+1)
			}
			return true
		})
	}
	walk(call, 0)
	if len(sends) != 1 {
		return call
	}
	return sends[0]
}

// sendsRequest reports whether call returns an *http.Response and an
// error: client.Do(req), http.Get(url).
func sendsRequest(info *types.Info, call *ast.CallExpr) bool {
	tup, ok := info.TypeOf(call).(*types.Tuple)
	if !ok || tup.Len() != 2 || !site.IsErrorType(tup.At(1).Type()) {
		return false
	}
	return site.IsResponseType(tup.At(0).Type())
}

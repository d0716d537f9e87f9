package retrybody

import (
	"go/ast"
	"go/types"

	"github.com/idemlint/idemlint/passes/internal/astutil"
)

// callerSendsBody reports whether v is a request parameter of the function
// that holds the retry (a doRetry(req) helper that resends what it is
// given) and a caller in the package hands it a request built with a body:
// the helper's second attempt sends that body drained.
func (c *checker) callerSendsBody(v *types.Var) bool {
	info := c.pass.TypesInfo
	fd, ok := c.site.Encl.(*ast.FuncDecl)
	if !ok || !isRequest(v.Type()) {
		return false
	}
	fn, _ := info.Defs[fd.Name].(*types.Func)
	if fn == nil {
		return false
	}
	idx := -1
	params := fn.Signature().Params()
	for i := range params.Len() {
		if params.At(i) == v {
			idx = i
		}
	}
	if idx < 0 {
		return false
	}
	for _, d := range c.builders.index.Decls() {
		for n, callee := range c.builders.index.All(d) {
			if call, ok := n.(*ast.CallExpr); ok && idx < len(call.Args) && callee == fn && c.builtWithBody(d.Node, call.Args[idx]) {
				return true
			}
		}
	}
	return false
}

// builtWithBody reports whether e, in encl, is a request variable built
// there by net/http or a builder of the program with a body.
func (c *checker) builtWithBody(encl ast.Node, e ast.Expr) bool {
	info := c.pass.TypesInfo
	id, ok := ast.Unparen(e).(*ast.Ident)
	if !ok {
		return false
	}
	v, ok := info.Uses[id].(*types.Var)
	if !ok {
		return false
	}
	for _, def := range astutil.Assignments(info, encl, v) {
		build, ok := ast.Unparen(def).(*ast.CallExpr)
		if !ok {
			continue
		}
		if body, internal, ok := c.builders.bodyArg(build); ok && (internal || !isNoBody(info, body)) {
			return true
		}
	}
	return false
}

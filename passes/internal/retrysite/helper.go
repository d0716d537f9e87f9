package retrysite

import (
	"go/ast"
	"go/types"
)

// helperParam returns the index of the function-typed parameter of fd that
// one of the sites (all inside fd) runs as, or in, its operation, or -1.
func helperParam(info *types.Info, fd *ast.FuncDecl, sites []*Site) int {
	fn, ok := info.Defs[fd.Name].(*types.Func)
	if !ok {
		return -1
	}
	params := fn.Signature().Params()
	index := map[types.Object]int{}
	for i := range params.Len() {
		if _, isFunc := params.At(i).Type().Underlying().(*types.Signature); isFunc {
			index[params.At(i)] = i
		}
	}
	if len(index) == 0 {
		return -1
	}
	for _, s := range sites {
		if s.Encl == nil || s.Encl.Pos() < fd.Pos() || s.Encl.End() > fd.End() {
			continue
		}
		if id, ok := ast.Unparen(s.Op.Expr).(*ast.Ident); ok {
			if i, ok := index[info.Uses[id]]; ok {
				return i
			}
		}
		if s.Op.Body == nil {
			continue
		}
		found := -1
		ast.Inspect(s.Op.Body, func(n ast.Node) bool {
			if call, ok := n.(*ast.CallExpr); ok && found < 0 {
				if id, ok := ast.Unparen(call.Fun).(*ast.Ident); ok {
					if i, ok := index[info.Uses[id]]; ok {
						found = i
					}
				}
			}
			return found < 0
		})
		if found >= 0 {
			return found
		}
	}
	return -1
}

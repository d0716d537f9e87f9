package retrysite

import (
	"fmt"
	"go/ast"
	"go/types"
)

// HelperFact marks a user-defined retry helper: a function that calls its
// function-typed parameter number Op (counting from 0, receiver excluded)
// inside a retry site. A call of the helper is then a retry site whose
// operation is that argument, in whichever package the call is.
type HelperFact struct {
	Op int
	// Forward is set when the helper hands parameters of its own to a
	// library retry helper as that helper's policy or options.
	Forward *Forward
}

func (*HelperFact) AFact() {}

func (f *HelperFact) String() string { return fmt.Sprintf("retries parameter %d", f.Op) }

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

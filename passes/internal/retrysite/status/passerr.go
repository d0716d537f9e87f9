package status

import (
	"go/ast"
	"go/types"

	"github.com/idemlint/idemlint/passes/internal/retrysite/site"
)

// passedErr returns the index of the error parameter that fd returns as
// its error on every path, unchanged, or -1: a function that waits, logs
// or counts on the way out and hands the caller's error back
// (func (s *state) backoffAndPause(err error) error { ...; time.Sleep(d);
// return err }). A call of it fails exactly when its argument does.
func passedErr(info *types.Info, fd *ast.FuncDecl, fn *types.Func) int {
	sig := fn.Signature()
	res := sig.Results()
	if fd.Body == nil || res.Len() == 0 || !site.IsErrorType(res.At(res.Len()-1).Type()) {
		return -1
	}
	params := map[types.Object]int{}
	for i := range sig.Params().Len() {
		if v := sig.Params().At(i); site.IsErrorType(v.Type()) && v.Name() != "" && v.Name() != "_" {
			params[v] = i
		}
	}
	if len(params) == 0 {
		return -1
	}
	found, ok := -1, true
	ast.Inspect(fd.Body, func(n ast.Node) bool {
		if !ok {
			return false
		}
		switch n := n.(type) {
		case *ast.FuncLit:
			return false // its returns are its own
		case *ast.AssignStmt:
			for _, l := range n.Lhs {
				if id, isID := l.(*ast.Ident); isID {
					if _, isParam := params[info.ObjectOf(id)]; isParam {
						ok = false // the parameter is changed on the way
					}
				}
			}
		case *ast.ReturnStmt:
			if len(n.Results) != res.Len() {
				ok = false // a bare return of named results
				return false
			}
			id, isID := ast.Unparen(n.Results[len(n.Results)-1]).(*ast.Ident)
			if !isID {
				ok = false
				return false
			}
			i, isParam := params[info.Uses[id]]
			if !isParam || found >= 0 && found != i {
				ok = false
				return false
			}
			found = i
		}
		return true
	})
	if !ok {
		return -1
	}
	return found
}

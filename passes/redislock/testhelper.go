package redislock

import (
	"go/ast"
	"go/types"
)

// takesTesting reports whether the function takes a *testing.T, *testing.B,
// *testing.F or testing.TB: a test helper, even outside a _test.go file
// (an internal/testutil package seeding Redis with the keys the code under
// test reads), where a dropped SET NX result sets up a fixture.
func takesTesting(info *types.Info, fd *ast.FuncDecl) bool {
	for _, f := range fd.Type.Params.List {
		t := info.TypeOf(f.Type)
		if p, ok := t.(*types.Pointer); ok {
			t = p.Elem()
		}
		if n, ok := t.(*types.Named); ok {
			obj := n.Obj()
			if obj.Pkg() != nil && obj.Pkg().Path() == "testing" {
				switch obj.Name() {
				case "T", "B", "F", "TB":
					return true
				}
			}
		}
	}
	return false
}

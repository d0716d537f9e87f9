package site

import (
	"go/ast"
	"go/types"

	"github.com/idemlint/idemlint/passes/internal/libs"
)

// NeverReturns reports whether call never returns: panic, a library call
// that ends the program or the goroutine (os.Exit, log.Fatal,
// t.FailNow: libs.NoReturns), or a function of the program exits says
// ends it (its own Fatal that logs and calls os.Exit; nil knows none).
func NeverReturns(info *types.Info, call *ast.CallExpr, exits func(*types.Func) bool) bool {
	if id, ok := ast.Unparen(call.Fun).(*ast.Ident); ok {
		if b, ok := info.Uses[id].(*types.Builtin); ok && b.Name() == "panic" {
			return true
		}
	}
	fn := libs.Callee(info, call)
	if _, ok := libs.NoReturns.Lookup(fn); ok {
		return true
	}
	return fn != nil && exits != nil && exits(fn)
}

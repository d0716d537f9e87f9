package status

import (
	"go/ast"
	"go/types"

	"github.com/idemlint/idemlint/passes/internal/retrysite/site"
)

// isYield reports whether call calls the yield function of a range-over-
// func iterator: a parameter named yield (the name the spec and the iter
// package give it) of a function type returning a bool alone. An iterator
// over an API's pages or turns hands each value and its error to yield
// (if !yield(msg, err) { return }), which tells whether the consumer
// wants more, not whether the attempt failed: it is no predicate over
// the error, and going round after it is the next item, not a retry.
func isYield(info *types.Info, call *ast.CallExpr) bool {
	id, ok := ast.Unparen(call.Fun).(*ast.Ident)
	if !ok || id.Name != "yield" {
		return false
	}
	v, ok := info.Uses[id].(*types.Var)
	if !ok || v.IsField() {
		return false
	}
	sig, ok := v.Type().Underlying().(*types.Signature)
	return ok && sig.Results().Len() == 1 && site.IsBool(sig.Results().At(0).Type())
}

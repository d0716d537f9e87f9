package retryamplify

import (
	"go/ast"
	"go/types"

	"github.com/idemlint/idemlint/passes/internal/astutil"
	"github.com/idemlint/idemlint/passes/internal/libs"
	"github.com/idemlint/idemlint/passes/internal/retrysite"
)

// Callbacks handed to an opaque call. An attempt that passes a function
// literal to a call it cannot resolve (an interface method with no sole
// implementation in view, a function value) does not show when, or how
// often, the literal runs: a listener started by the attempt calls its
// handler once per event, not once per attempt, and a failed attempt
// restarts the listening, not the handler's work. RULES.md keeps such
// calls opaque, so a retry inside the literal is not counted as one the
// attempt runs. A literal given to a function the program can see
// (a transaction helper that calls it once) is still counted.

// opaqueCallbacks returns the function literals the outer site's
// operation hands to calls it cannot resolve; from is the function that
// holds the site.
func (a *amplifier) opaqueCallbacks(outer *retrysite.Site, from *types.Func) []*ast.FuncLit {
	if outer.Op.Body == nil {
		return nil
	}
	info := a.pass.TypesInfo
	var lits []*ast.FuncLit
	ast.Inspect(outer.Op.Body, func(n ast.Node) bool {
		call, ok := n.(*ast.CallExpr)
		if !ok || !a.opaqueCall(info, call, from) {
			return true
		}
		for _, arg := range call.Args {
			if lit, ok := ast.Unparen(arg).(*ast.FuncLit); ok {
				lits = append(lits, lit)
			}
		}
		return true
	})
	return lits
}

// opaqueCall reports whether call runs code the package cannot name: a
// function value, or an interface method the program does not resolve to
// one implementation. Conversions and builtins run nothing.
func (a *amplifier) opaqueCall(info *types.Info, call *ast.CallExpr, from *types.Func) bool {
	if tv, ok := info.Types[call.Fun]; ok && (tv.IsType() || tv.IsBuiltin()) {
		return false
	}
	if _, ok := ast.Unparen(call.Fun).(*ast.FuncLit); ok {
		return false
	}
	callee := libs.Callee(info, call)
	if callee == nil {
		return true
	}
	fn := a.entered(call, callee, from)
	return fn == nil || isInterfaceMethod(fn)
}

// inAny reports whether pos lies in one of the literals.
func inAny(lits []*ast.FuncLit, n ast.Node) bool {
	for _, lit := range lits {
		if astutil.Contains(lit, n) {
			return true
		}
	}
	return false
}

package retrysite

import (
	"go/ast"
	"go/token"
	"go/types"

	"github.com/idemlint/idemlint/passes/internal/retrysite/site"
)

// drawsNextTarget reports whether body draws its target from a function
// value made before the loop and points the request at it: a selector's
// next (next := strategy(services); for i := 0; i < 3; i++ { n, err :=
// next(); ...; req.URL.Host = n.Address; rt.RoundTrip(req) }). Each
// round goes to the node the selector hands out: failover (RULES.md,
// "Vocabulary"), a retry for retrynonidempotent, but its missing delay is
// not a nojitter hazard.
func drawsNextTarget(info *types.Info, body *ast.BlockStmt) bool {
	drawn := map[types.Object]bool{}
	found := false
	ast.Inspect(body, func(n ast.Node) bool {
		if found {
			return false
		}
		as, ok := n.(*ast.AssignStmt)
		if !ok || len(as.Rhs) != 1 {
			return true
		}
		if call, ok := ast.Unparen(as.Rhs[0]).(*ast.CallExpr); ok && as.Tok == token.DEFINE && drawsValue(info, call, body) {
			if id, ok := as.Lhs[0].(*ast.Ident); ok && id.Name != "_" {
				drawn[info.Defs[id]] = true
			}
			return true
		}
		// req.URL.Host = n.Address: the drawn node becomes the target.
		if _, isField := ast.Unparen(as.Lhs[0]).(*ast.SelectorExpr); isField && len(as.Lhs) == 1 && site.MentionsAny(info, as.Rhs[0], drawn) {
			found = true
		}
		return true
	})
	return found
}

// drawsValue reports whether call, given nothing, calls a function value
// held by a variable declared outside body that hands out a target
// (handsTarget).
func drawsValue(info *types.Info, call *ast.CallExpr, body *ast.BlockStmt) bool {
	id, ok := ast.Unparen(call.Fun).(*ast.Ident)
	if !ok || len(call.Args) != 0 {
		return false
	}
	v, ok := info.Uses[id].(*types.Var)
	if !ok || body.Pos() <= v.Pos() && v.Pos() < body.End() {
		return false
	}
	sig, ok := v.Type().Underlying().(*types.Signature)
	if !ok {
		return false
	}
	return handsTarget(sig.Results())
}

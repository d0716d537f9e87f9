package retrysite

import (
	"go/ast"
	"go/constant"
	"go/types"

	"github.com/idemlint/idemlint/passes/internal/astutil"

	"github.com/idemlint/idemlint/passes/internal/libs"
)

// restyRetrying finds the resty clients of the package configured to retry:
// the variables and fields whose client had SetRetryCount called with a
// constant above zero. A resty client retries nothing by default (RetryCount
// 0), and a count read from configuration may well be zero, so only a
// constant count makes its requests retry sites.
func restyRetrying(pkg *types.Package, info *types.Info, files []*ast.File) map[types.Object]bool {
	objs := map[types.Object]bool{}
	if !libs.DependsOn(pkg, libs.RestyV2) {
		return objs
	}
	for _, f := range files {
		ast.Inspect(f, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.AssignStmt:
				if len(n.Lhs) == len(n.Rhs) {
					for i, r := range n.Rhs {
						if chainRetries(info, r) {
							if obj := astutil.ChainHolder(info, n.Lhs[i]); obj != nil {
								objs[obj] = true
							}
						}
					}
				}
			case *ast.ValueSpec:
				for i, v := range n.Values {
					if i < len(n.Names) && chainRetries(info, v) {
						objs[info.ObjectOf(n.Names[i])] = true
					}
				}
			case *ast.KeyValueExpr:
				if id, ok := n.Key.(*ast.Ident); ok && chainRetries(info, n.Value) {
					if obj := info.ObjectOf(id); obj != nil {
						objs[obj] = true
					}
				}
			case *ast.ExprStmt:
				// client.SetRetryCount(3) as a statement of its own.
				if chainRetries(info, n.X) {
					if obj := astutil.ChainHolder(info, n.X); obj != nil {
						objs[obj] = true
					}
				}
			}
			return true
		})
	}
	return objs
}

// chainRetries reports whether a method chain contains a resty
// SetRetryCount with a constant above zero.
func chainRetries(info *types.Info, e ast.Expr) bool {
	for {
		call, ok := ast.Unparen(e).(*ast.CallExpr)
		if !ok {
			return false
		}
		fn := libs.Callee(info, call)
		if libs.IsMethod(fn, libs.RestyV2, "Client", "SetRetryCount") && len(call.Args) == 1 {
			if tv, ok := info.Types[call.Args[0]]; ok && tv.Value != nil && constant.Sign(tv.Value) > 0 {
				return true
			}
		}
		sel, ok := call.Fun.(*ast.SelectorExpr)
		if !ok {
			return false
		}
		e = sel.X
	}
}

// isRetryingClientCall reports whether call sends a request through a client
// that retries it: go-retryablehttp, or resty with retries configured.
func isRetryingClientCall(info *types.Info, call *ast.CallExpr, resty map[types.Object]bool) bool {
	fn := libs.Callee(info, call)
	if _, ok := libs.RetryingClientCalls.Lookup(fn); ok {
		return true
	}
	if _, ok := libs.RestySend.Lookup(fn); !ok {
		return false
	}
	sel, ok := call.Fun.(*ast.SelectorExpr)
	if !ok {
		return false
	}
	if chainRetries(info, sel.X) {
		return true
	}
	obj := astutil.ChainHolder(info, sel.X)
	return obj != nil && resty[obj]
}

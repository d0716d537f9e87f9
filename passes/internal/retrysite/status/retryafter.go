package status

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"strings"

	"github.com/idemlint/idemlint/passes/internal/astutil"
	"github.com/idemlint/idemlint/passes/internal/libs"
	"github.com/idemlint/idemlint/passes/internal/retrysite/site"
)

// readsRetryAfter reports whether code reads the Retry-After header: it
// names the header (a string constant), or hands a response or header to
// a function that reads it (its RespFact says so) or that cannot be
// pinned down (a function value, an interface method).
func readsRetryAfter(info *types.Info, body ast.Node, facts func(*types.Func) *RespFact) bool {
	return astutil.Some(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.BasicLit:
			if n.Kind == token.STRING {
				if tv, ok := info.Types[n]; ok && tv.Value != nil && isRetryAfter(tv.Value) {
					return true
				}
			}
		case *ast.Ident:
			if c, ok := info.Uses[n].(*types.Const); ok && isRetryAfter(c.Val()) {
				return true
			}
		case *ast.SelectorExpr:
			// rl.RetryAfter: the server's delay carried in the answer's
			// body (a 429's {"retry_after": ...}) or in a throttle error.
			if v, ok := info.Uses[n.Sel].(*types.Var); ok && v.IsField() && strings.EqualFold(strings.ReplaceAll(n.Sel.Name, "_", ""), "RetryAfter") {
				return true
			}
		case *ast.CallExpr:
			for _, a := range n.Args {
				if site.IsResponseType(info.TypeOf(a)) || isHeader(info.TypeOf(a)) {
					if mayReadRetryAfter(info, n, facts) {
						return true
					}
				}
			}
		}
		return false
	})
}

func mayReadRetryAfter(info *types.Info, call *ast.CallExpr, facts func(*types.Func) *RespFact) bool {
	fn := libs.Callee(info, call)
	if fn == nil {
		return true
	}
	if sig := fn.Signature(); sig.Recv() != nil && types.IsInterface(sig.Recv().Type()) {
		return true
	}
	if f := facts(fn); f != nil {
		return f.RetryAfter
	}
	return false // a function of the program that reads it has a fact; the standard library's do not
}

func isRetryAfter(v constant.Value) bool {
	return v.Kind() == constant.String && strings.EqualFold(constant.StringVal(v), "Retry-After")
}

func isHeader(t types.Type) bool {
	return t != nil && libs.IsNamed(t, "net/http", "Header")
}

package status

import "go/ast"

// responseOfBody returns resp for resp.Body, and whether e was such a
// selector: `if resp != nil && resp.Body != nil { resp.Body.Close() }` is
// how API clients close a response before the next attempt, and a response
// the send returned has a non-nil Body (net/http: "The http Client and
// Transport guarantee that Body is always non-nil"), so the test says what
// resp != nil says.
func responseOfBody(e ast.Expr) (ast.Expr, bool) {
	if sel, ok := ast.Unparen(e).(*ast.SelectorExpr); ok && sel.Sel.Name == "Body" {
		return sel.X, true
	}
	return e, false
}

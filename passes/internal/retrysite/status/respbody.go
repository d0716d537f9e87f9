package status

import (
	"go/ast"

	"github.com/idemlint/idemlint/passes/internal/astutil"
)

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

// readsBody reports whether call reads the body of a response the path
// holds (io.ReadAll(resp.Body), json.NewDecoder(resp.Body).Decode(&v)):
// its error is the body's, not the status's, and the simulation, which
// runs an answer with each status, takes the body as read.
func (s *sim) readsBody(call *ast.CallExpr, p *simPath) bool {
	return astutil.Some(call, func(n ast.Node) bool {
		e, ok := n.(ast.Expr)
		if !ok {
			return false
		}
		x, body := responseOfBody(e)
		if !body {
			return false
		}
		id, ok := ast.Unparen(x).(*ast.Ident)
		if !ok {
			return false
		}
		// Open on the path, or closed by a defer, which runs only when
		// the attempt returns (defer resp.Body.Close(), then the read).
		obj := s.info.ObjectOf(id)
		_, open := p.open[obj]
		return open || s.deferredClose[obj]
	})
}

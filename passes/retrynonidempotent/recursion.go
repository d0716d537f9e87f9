package retrynonidempotent

import (
	"go/ast"

	"github.com/idemlint/idemlint/passes/internal/retrysite"
)

// recursionsAt returns the recursive retries (a function that waits and
// calls itself with the same arguments after a failure) that run call
// again: call is in the function and precedes the failure test, so a
// failed attempt has sent it before the function calls itself. A send
// after the test runs once the operation succeeded, and a recursion that
// retries only outcomes proving the request was not processed (429, a
// dial error) does not count. A recursion holds every loop of its
// function, so it comes first (outermost).
func (a *analyzer) recursionsAt(sites *retrysite.Result, call *ast.CallExpr) []*retrysite.Site {
	var out []*retrysite.Site
	for _, s := range sites.Recursions {
		if s.Kind != retrysite.Loop || len(s.Tests) == 0 || !s.Op.Contains(call.Pos()) || call.End() > s.Tests[0].Pos() {
			continue
		}
		if sites.OnlyUnprocessed(a.pass.TypesInfo, s) {
			continue
		}
		out = append(out, s)
	}
	return out
}

package status

import (
	"go/ast"
	"go/types"
	"slices"

	"github.com/idemlint/idemlint/passes/internal/libs"
)

// testsThrottleSet reports whether the code singles out 429 the way SDKs
// write their retry tables: membership of the status in a fixed set of
// codes that lists it (retryable.Contains(resp.StatusCode)), or a status
// predicate of the program, in any package, that is true for 429 and not
// for the client errors (isStatusRetryable(resp.StatusCode) over such a
// table, code == 429 || code >= 500). A predicate true for every 4xx does
// not single 429 out; 503 in a table is one of the gateway errors listed
// together (502, 503, 504), and in a predicate it cannot be told from a
// test of >= 500, so neither counts.
func testsThrottleSet(info *types.Info, body ast.Node, facts func(*types.Func) *RespFact) bool {
	found := false
	ast.Inspect(body, func(n ast.Node) bool {
		call, ok := n.(*ast.CallExpr)
		if !ok || found {
			return !found
		}
		if m, ok := memberParts(info, call); ok {
			codes := statusSetCodes(info, m.set)
			if slices.Contains(codes, 429) {
				found = true
			}
			return !found
		}
		if fn := libs.Callee(info, call); fn != nil && facts != nil {
			if f := facts(fn); f != nil && f.Predicate && f.True.Has(429) && !f.True.ClientErrors() {
				found = true
			}
			if c, ok := statusArgIs(info, facts(fn), call); ok && (c == 429 || c == 503) {
				found = true // IsAPIError(err, http.StatusTooManyRequests, "")
			}
		}
		return !found
	})
	return found
}

package site

import (
	"go/ast"

	"github.com/idemlint/idemlint/passes/internal/astutil"
)

// OnePass reports whether s asks each of a list of targets once (for _,
// svc := range services): what one server answers says nothing of the
// next, and RULES.md ("Vocabulary") counts failover as a retry for
// retrynonidempotent and retryamplify only. Inside a loop that goes
// round over the list again (olivere's health check every second), each
// target is asked again.
func (s *Site) OnePass() bool {
	r, ok := s.Node.(*ast.RangeStmt)
	if !ok || !s.Failover || s.Encl == nil {
		return false
	}
	outer := false
	ast.Inspect(s.Encl, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.ForStmt, *ast.RangeStmt:
			if n != ast.Node(r) && astutil.Contains(n, r) {
				outer = true
			}
		case *ast.FuncLit:
			return !astutil.Contains(n, r) || n.Pos() <= r.Pos()
		}
		return !outer
	})
	return !outer
}

package status

import (
	"go/ast"
	"go/token"

	"github.com/idemlint/idemlint/passes/internal/retrysite/site"
)

// The failure test of a goto retry (retrysite/gotoloop.go) is read like a loop's:
// its operation is simulated from the label on, a path that takes a goto
// back to the label goes round for another attempt, and every other end
// (a return, the end of the statements after the label) ends the retries.

// gotoOf returns the goto of a goto retry, or nil for any other site.
func gotoOf(s *site.Site) *ast.BranchStmt {
	if s == nil || s.Kind != site.Loop {
		return nil
	}
	if b, ok := s.Node.(*ast.BranchStmt); ok && b.Tok == token.GOTO && b.Label != nil {
		return b
	}
	return nil
}

// backToRetry reports whether a goto jumps back to the label of the goto
// retry being simulated.
func (s *sim) backToRetry(b *ast.BranchStmt) bool {
	return s.retryGoto != nil && b.Label != nil && b.Label.Name == s.retryGoto.Label.Name
}

// gotoJudge: a goto back to the label goes round; a return, or falling
// out of the statements the retry spans, leaves.
func gotoJudge(_ *sim, e simEnd) endKind {
	if b, ok := e.node.(*ast.BranchStmt); ok && b.Tok == token.GOTO {
		return endRetry
	}
	return endExit
}

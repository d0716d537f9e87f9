package retryclienterror

import (
	"go/ast"

	"github.com/idemlint/idemlint/passes/internal/retrysite"
)

// throttleWait picks the wait of a retry loop that a 429 or 503 reaches
// without reading Retry-After: a loop often waits in several places (after
// a transport error, after a 5xx, after a 429), and the report belongs on
// the wait of the throttled path, not on the first wait of the body. It
// is the last wait before the first such path's end whose enclosing block
// also holds that end (a wait in a branch the path did not take is not on
// it), or the last wait of the body for a path that ends with it;
// without one, the first wait of the loop.
func throttleWait(s *retrysite.Site) *ast.CallExpr {
	body := s.Op.Body
	if body == nil || len(s.Waits) == 0 {
		return nil
	}
	for _, end := range s.Fail.ThrottleEnds {
		var best *ast.CallExpr
		for _, w := range s.Waits {
			if end == ast.Node(body) { // the end of the body: the last wait on the way
				if best == nil || w.Pos() > best.Pos() {
					best = w
				}
				continue
			}
			if w.Pos() > end.Pos() {
				continue
			}
			if blk := innermostBlock(body, w); blk != nil && blk.Pos() <= end.Pos() && end.End() <= blk.End() {
				if best == nil || w.Pos() > best.Pos() {
					best = w
				}
			}
		}
		if best != nil {
			return best
		}
	}
	return s.Waits[0]
}

// innermostBlock is the smallest block (or case clause) of root that
// holds n. A wait in a select case's receive (case <-time.After(d):) is in
// the block that holds the select: the path goes on after the select.
func innermostBlock(root ast.Node, n ast.Node) ast.Node {
	var out ast.Node
	selects := map[ast.Node]bool{}
	ast.Inspect(root, func(x ast.Node) bool {
		if x == nil || x.Pos() > n.Pos() || n.End() > x.End() {
			return false
		}
		switch x := x.(type) {
		case *ast.SelectStmt:
			selects[x.Body] = true
		case *ast.CommClause:
			if n.Pos() > x.Colon {
				out = x
			}
		case *ast.BlockStmt:
			if !selects[x] {
				out = x
			}
		case *ast.CaseClause:
			out = x
		}
		return true
	})
	return out
}

package retrysite

import (
	"go/ast"
	"go/token"
	"go/types"

	"github.com/idemlint/idemlint/passes/internal/retrysite/site"
)

// readsAny is site.MentionsAny for the right side of an assignment in a loop
// body, where a function literal is read as what it takes in: a variable
// the literal assigns is where it reports its outcome (a response check
// that sets the captured err, a deferred close that keeps the first
// error), not an input, so `check := func() error { err = verify(resp);
// ... }` does not make check depend on the attempt's err. What the
// literal only reads still flows in (next := func() error { return
// fetch(cursor) } walks on with cursor).
func readsAny(info *types.Info, e ast.Node, objs map[types.Object]bool) bool {
	found := false
	ast.Inspect(e, func(n ast.Node) bool {
		if found {
			return false
		}
		switch n := n.(type) {
		case *ast.FuncLit:
			written := assignedIn(info, n.Body)
			if len(written) == 0 {
				return true
			}
			rest := map[types.Object]bool{}
			for obj := range objs {
				if !written[obj] {
					rest[obj] = true
				}
			}
			found = readsAny(info, n.Body, rest)
			return false
		case *ast.Ident:
			if objs[info.ObjectOf(n)] {
				found = true
			}
		}
		return true
	})
	return found
}

// assignedIn returns the variables that body assigns by name (x = ...,
// x += ...; not x.f = ..., which reads x).
func assignedIn(info *types.Info, body ast.Node) map[types.Object]bool {
	out := map[types.Object]bool{}
	ast.Inspect(body, func(n ast.Node) bool {
		as, ok := n.(*ast.AssignStmt)
		if !ok || as.Tok == token.DEFINE {
			return true
		}
		for _, l := range as.Lhs {
			if id, ok := ast.Unparen(l).(*ast.Ident); ok && id.Name != "_" {
				if obj := info.ObjectOf(id); obj != nil {
					out[obj] = true
				}
			}
		}
		return true
	})
	return out
}

// resetEachRound returns the variables a top-level statement of body
// assigns from something other than their own value: whatever the body
// later computes from them (req = c.logRequest(req), a decorator of the
// request just built) starts again from the same place each time round,
// so it does not carry one iteration's value into the next.
func resetEachRound(info *types.Info, body *ast.BlockStmt) map[types.Object]token.Pos {
	out := map[types.Object]token.Pos{}
	for _, st := range body.List {
		as, ok := st.(*ast.AssignStmt)
		if !ok || len(as.Lhs) != len(as.Rhs) && len(as.Rhs) != 1 {
			continue
		}
		for _, l := range as.Lhs {
			id, ok := l.(*ast.Ident)
			if !ok || id.Name == "_" {
				continue
			}
			obj := info.ObjectOf(id)
			if _, seen := out[obj]; seen || obj == nil {
				continue
			}
			self := false
			for _, r := range as.Rhs {
				if site.MentionsAny(info, r, map[types.Object]bool{obj: true}) {
					self = true
				}
			}
			if !self {
				out[obj] = as.End()
			} else {
				out[obj] = token.NoPos // first assigned from itself: carried
			}
		}
	}
	return out
}

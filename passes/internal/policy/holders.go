package policy

import (
	"go/ast"
	"go/types"
)

// holders records which variables and struct fields hold the value of a
// constructor call (c := retryablehttp.NewClient(), &API{hc:
// retryablehttp.NewClient()}, then s.rc = c), so that a field set on one
// client (c.Backoff = ...) is not taken as set on every client of the
// package. A field set on a value held nowhere we recorded (a parameter,
// an element of a slice) may be any of them.
type holders struct {
	calls map[ast.Node]bool
	// of lists the calls each variable or field may hold.
	of map[*types.Var][]ast.Node
	// copies are the variables and fields given another's value (dst =
	// src): edges src -> dst, followed once each.
	copies map[*types.Var][]*types.Var
}

func newHolders(calls map[ast.Node]bool) *holders {
	return &holders{calls: calls, of: map[*types.Var][]ast.Node{}, copies: map[*types.Var][]*types.Var{}}
}

// assign notes dst = src (an assignment, a var declaration, a key-value
// pair of a composite literal).
func (h *holders) assign(info *types.Info, dst *types.Var, src ast.Expr) {
	if dst == nil {
		return
	}
	if call, ok := ast.Unparen(src).(*ast.CallExpr); ok && h.calls[call] {
		h.of[dst] = append(h.of[dst], call)
		return
	}
	if v := heldIn(info, src); v != nil && v != dst {
		h.copies[v] = append(h.copies[v], dst)
	}
}

// spread hands each call to the variables and fields its holders are
// copied to.
func (h *holders) spread() {
	more := map[*types.Var][]ast.Node{}
	for v, calls := range h.of {
		seen := map[*types.Var]bool{v: true}
		work := []*types.Var{v}
		for len(work) > 0 {
			cur := work[len(work)-1]
			work = work[:len(work)-1]
			for _, dst := range h.copies[cur] {
				if !seen[dst] {
					seen[dst] = true
					work = append(work, dst)
					more[dst] = append(more[dst], calls...)
				}
			}
		}
	}
	for v, calls := range more {
		h.of[v] = append(h.of[v], calls...)
	}
}

// holds reports whether v holds some recorded call.
func (h *holders) holds(v *types.Var) bool {
	return v != nil && len(h.of[v]) > 0
}

// heldIn returns the variable or struct field e reads (c, s.rc), or nil.
func heldIn(info *types.Info, e ast.Expr) *types.Var {
	switch x := ast.Unparen(e).(type) {
	case *ast.Ident:
		v, _ := info.Uses[x].(*types.Var)
		if v == nil {
			v, _ = info.Defs[x].(*types.Var)
		}
		return v
	case *ast.SelectorExpr:
		v, _ := info.Uses[x.Sel].(*types.Var)
		if v != nil && v.IsField() {
			return v
		}
	}
	return nil
}

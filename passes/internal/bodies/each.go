package bodies

import (
	"github.com/idemlint/idemlint/passes/internal/astutil"
	"go/ast"
	"go/types"
	"iter"
)

// Each yields the Nodes of b in the order ast.Inspect meets them, going
// into each function literal for which enter (nil: none) is true, as if the
// syntax under b were walked again; a call comes with its callee, other
// nodes with nil. The function literals themselves are given to enter, not
// yielded.
func (x *Index) Each(b *Body, enter func(*ast.FuncLit) bool) iter.Seq2[ast.Node, *types.Func] {
	return func(yield func(ast.Node, *types.Func) bool) {
		x.each(b, enter, nil, yield)
	}
}

// All is Each going into every function literal: what a walk of all the
// syntax under b meets.
func (x *Index) All(b *Body) iter.Seq2[ast.Node, *types.Func] {
	return x.Each(b, Every)
}

// Package yields the nodes of every top-level declaration, going into
// every function literal: what a walk of the package's files meets, in
// the same order.
func (x *Index) Package() iter.Seq2[ast.Node, *types.Func] {
	return func(yield func(ast.Node, *types.Func) bool) {
		for _, b := range x.Top {
			if !x.each(b, Every, nil, yield) {
				return
			}
		}
	}
}

// In yields, as Each does, the nodes of b that lie within the node in (a
// loop's body, a block of b), going into the function literals for which
// enter is true: the Body holding in is found first.
func (x *Index) In(in ast.Node, enter func(*ast.FuncLit) bool) iter.Seq2[ast.Node, *types.Func] {
	return func(yield func(ast.Node, *types.Func) bool) {
		if b := x.Holding(in); b != nil {
			x.each(b, enter, in, yield)
		}
	}
}

// Every is an enter function that goes into every function literal.
func Every(*ast.FuncLit) bool { return true }

// Holding returns the innermost body or top-level declaration that holds
// the node n (a function literal's Block is held by the literal's Body),
// or nil.
func (x *Index) Holding(n ast.Node) *Body {
	var best *Body
	for _, b := range x.Bodies {
		if b.Block.Pos() <= n.Pos() && n.End() <= b.Block.End() && (best == nil || best.Block.Pos() <= b.Block.Pos() && b.Block.End() <= best.Block.End()) {
			best = b
		}
	}
	if best == nil {
		for _, b := range x.Top {
			if b.Block == nil && b.Node.Pos() <= n.Pos() && n.End() <= b.Node.End() {
				best = b
			}
		}
	}
	return best
}

// each yields the nodes of b (within the node in, when it is not nil)
// and reports whether the caller wants more.
func (x *Index) each(b *Body, enter func(*ast.FuncLit) bool, in ast.Node, yield func(ast.Node, *types.Func) bool) bool {
	k := 0 // the calls of Nodes are b.Calls, in the same order
	for _, n := range b.Nodes {
		call, isCall := n.(*ast.CallExpr)
		var callee *types.Func
		if isCall {
			callee = b.Calls[k].Callee
			k++
		}
		if in != nil && (n.Pos() < in.Pos() || n.End() > in.End()) {
			continue
		}
		if lit, ok := n.(*ast.FuncLit); ok {
			if enter != nil && enter(lit) {
				if lb := x.byNode[lit]; lb != nil && !x.each(lb, enter, nil, yield) {
					return false
				}
			}
			continue
		}
		if isCall {
			if !yield(call, callee) {
				return false
			}
			continue
		}
		if !yield(n, nil) {
			return false
		}
	}
	return true
}

// Assignments returns the expressions assigned to v in b and the function
// literals inside it, by `=`, `:=` and `var` with a value, in source order,
// as astutil.Assignments finds them by walking the same syntax. For
// `x, y := f()` it returns the call f().
func (x *Index) Assignments(info *types.Info, b *Body, v *types.Var) []ast.Expr {
	return assignments(info, x.All(b), v)
}

// AssignmentsIn is Assignments within the node in (see In).
func (x *Index) AssignmentsIn(info *types.Info, in ast.Node, v *types.Var) []ast.Expr {
	return assignments(info, x.In(in, Every), v)
}

func assignments(info *types.Info, nodes iter.Seq2[ast.Node, *types.Func], v *types.Var) []ast.Expr {
	var out []ast.Expr
	for n := range nodes {
		out = astutil.AssignedValues(info, n, v, out)
	}
	return out
}

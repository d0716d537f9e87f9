// Package astutil holds small syntax helpers shared by the analyzers.
package astutil

import (
	"go/ast"
	"go/types"
	"iter"
)

// Assignments returns the expressions assigned to v in encl, by `=`, `:=`
// and `var` with a value, in source order. For `x, y := f()` it returns the
// call f().
func Assignments(info *types.Info, encl ast.Node, v *types.Var) []ast.Expr {
	var out []ast.Expr
	ast.Inspect(encl, func(n ast.Node) bool {
		out = AssignedValues(info, n, v, out)
		return true
	})
	return out
}

// AssignedValues appends to out the values that the one node n (an
// assignment or a var spec) gives v; for `x, y := f()` the call f().
func AssignedValues(info *types.Info, n ast.Node, v *types.Var, out []ast.Expr) []ast.Expr {
	switch s := n.(type) {
	case *ast.AssignStmt:
		for i, l := range s.Lhs {
			if id, ok := l.(*ast.Ident); ok && info.ObjectOf(id) == v {
				if len(s.Lhs) == len(s.Rhs) {
					out = append(out, s.Rhs[i])
				} else {
					out = append(out, s.Rhs[0]) // x, y := f()
				}
			}
		}
	case *ast.ValueSpec:
		for i, id := range s.Names {
			if info.ObjectOf(id) == v && i < len(s.Values) {
				out = append(out, s.Values[i])
			}
		}
	}
	return out
}

// FuncName names a function or method for a message: Create, or
// TxtRecordService.Create.
func FuncName(fn *types.Func) string {
	if recv := fn.Signature().Recv(); recv != nil {
		t := recv.Type()
		if p, ok := t.(*types.Pointer); ok {
			t = p.Elem()
		}
		if n, ok := types.Unalias(t).(*types.Named); ok {
			return n.Obj().Name() + "." + fn.Name()
		}
	}
	return fn.Name()
}

// Contains reports whether n lies within outer.
func Contains(outer, n ast.Node) bool {
	return outer != nil && n != nil && outer.Pos() <= n.Pos() && n.End() <= outer.End()
}

// Parents maps every node under root to its parent.
func Parents(root ast.Node) map[ast.Node]ast.Node {
	parents := map[ast.Node]ast.Node{}
	var stack []ast.Node
	ast.Inspect(root, func(n ast.Node) bool {
		if n == nil {
			stack = stack[:len(stack)-1]
			return true
		}
		if len(stack) > 0 {
			parents[n] = stack[len(stack)-1]
		}
		stack = append(stack, n)
		return true
	})
	return parents
}

// Mentions reports whether e refers to one of objs, or contains the node n.
func Mentions(info *types.Info, e ast.Node, objs map[types.Object]bool, n ast.Node) bool {
	found := false
	ast.Inspect(e, func(x ast.Node) bool {
		if found {
			return false
		}
		if x != nil && x == n {
			found = true
		}
		if id, ok := x.(*ast.Ident); ok && objs[info.ObjectOf(id)] {
			found = true
		}
		return !found
	})
	return found
}

// Terminates reports whether a block always leaves the enclosing flow: it
// ends in return, break, continue, goto or a panic.
func Terminates(b *ast.BlockStmt) bool {
	if b == nil || len(b.List) == 0 {
		return false
	}
	switch s := b.List[len(b.List)-1].(type) {
	case *ast.ReturnStmt, *ast.BranchStmt:
		return true
	case *ast.ExprStmt:
		if call, ok := s.X.(*ast.CallExpr); ok {
			if id, ok := call.Fun.(*ast.Ident); ok && id.Name == "panic" {
				return true
			}
		}
	}
	return false
}

// StringValue returns the text of a SQL-like string argument: a constant,
// a concatenation (non-constant parts become "?"), fmt.Sprintf with a
// constant format (verbs become "?"), or a local variable assigned one of
// those once.
func StringValue(info *types.Info, e ast.Expr, encl ast.Node) (string, bool) {
	var defs func(*types.Var) []ast.Expr
	if encl != nil {
		defs = func(v *types.Var) []ast.Expr { return Assignments(info, encl, v) }
	}
	return stringValue(info, e, defs, 0, map[*types.Var]bool{})
}

// StringValueOf is StringValue with the values assigned to a variable
// given by defs (read from the bodies index) rather than found by walking
// the enclosing function.
func StringValueOf(info *types.Info, e ast.Expr, defs func(*types.Var) []ast.Expr) (string, bool) {
	return stringValue(info, e, defs, 0, map[*types.Var]bool{})
}

// RootObject returns the variable a selector or method chain starts from
// (c in c.http.R().Post(...)), or nil.
func RootObject(info *types.Info, e ast.Expr) types.Object {
	for {
		switch x := ast.Unparen(e).(type) {
		case *ast.Ident:
			return info.ObjectOf(x)
		case *ast.SelectorExpr:
			e = x.X
		case *ast.CallExpr:
			sel, ok := x.Fun.(*ast.SelectorExpr)
			if !ok {
				return nil
			}
			e = sel.X
		default:
			return nil
		}
	}
}

// FuncValue resolves a function-valued expression: a function literal, or
// the function a name or a selector (pkg.F, x.Method) refers to; both nil
// for anything else.
func FuncValue(info *types.Info, e ast.Expr) (*ast.FuncLit, *types.Func) {
	switch x := ast.Unparen(e).(type) {
	case *ast.FuncLit:
		return x, nil
	case *ast.Ident:
		fn, _ := info.ObjectOf(x).(*types.Func)
		return nil, fn
	case *ast.SelectorExpr:
		fn, _ := info.ObjectOf(x.Sel).(*types.Func)
		return nil, fn
	}
	return nil, nil
}

// ChainHolder returns what a method chain is called on, after stripping its
// calls: the variable, or the struct field (s.client in
// s.client.R().Post(url)), so a field set in one method matches its use in
// another.
func ChainHolder(info *types.Info, e ast.Expr) types.Object {
	for {
		switch x := ast.Unparen(e).(type) {
		case *ast.CallExpr:
			sel, ok := x.Fun.(*ast.SelectorExpr)
			if !ok {
				return nil
			}
			e = sel.X
		case *ast.Ident:
			return info.ObjectOf(x)
		case *ast.SelectorExpr:
			return info.ObjectOf(x.Sel)
		default:
			return nil
		}
	}
}

// Decl is a function declaration with a body, and its object.
type Decl struct {
	*ast.FuncDecl
	Func *types.Func
}

// FuncDecls returns the function declarations with a body of files, in
// source order.
func FuncDecls(info *types.Info, files []*ast.File) []Decl {
	var out []Decl
	for _, f := range files {
		for _, d := range f.Decls {
			fd, ok := d.(*ast.FuncDecl)
			if !ok || fd.Body == nil {
				continue
			}
			if fn, ok := info.Defs[fd.Name].(*types.Func); ok {
				out = append(out, Decl{fd, fn})
			}
		}
	}
	return out
}

// Some reports whether pred holds for root or a node under it; the walk
// stops at the first.
func Some(root ast.Node, pred func(ast.Node) bool) bool {
	found := false
	ast.Inspect(root, func(n ast.Node) bool {
		found = found || n != nil && pred(n)
		return !found
	})
	return found
}

// KeyedFields yields the field names and values of a struct literal's
// keyed elements (Client{Backoff: b}: Backoff, b).
func KeyedFields(lit *ast.CompositeLit) iter.Seq2[*ast.Ident, ast.Expr] {
	return func(yield func(*ast.Ident, ast.Expr) bool) {
		for _, e := range lit.Elts {
			kv, ok := e.(*ast.KeyValueExpr)
			if !ok {
				continue
			}
			if id, ok := kv.Key.(*ast.Ident); ok && !yield(id, kv.Value) {
				return
			}
		}
	}
}

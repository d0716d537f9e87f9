package selectinsert

import (
	"go/ast"
	"go/token"
	"go/types"

	"github.com/idemlint/idemlint/passes/internal/astutil"
	"github.com/idemlint/idemlint/passes/internal/bodies"
	"github.com/idemlint/idemlint/passes/internal/libs"
)

// preparedFields maps the struct fields of a package that hold prepared
// statements to the SQL text they were prepared with. A store type keeps
// its statements in fields, prepared once in its constructor and run by
// its methods: s.insert, err = db.Prepare(insertSQL), or a table of
// {&s.insert, insertSQL} pairs that a loop prepares. A field given two
// different texts is left out: which one a method runs is not known.
type preparedFields struct {
	info   *types.Info
	index  *bodies.Index
	texts  map[*types.Var]string
	loaded bool
}

// text returns the SQL the statement field v was prepared with.
func (p *preparedFields) text(v *types.Var) (string, bool) {
	if !p.loaded {
		p.loaded = true
		p.learn()
	}
	s, ok := p.texts[v]
	return s, ok
}

func (p *preparedFields) learn() {
	p.texts = map[*types.Var]string{}
	conflict := map[*types.Var]bool{}
	note := func(v *types.Var, text string) {
		if old, ok := p.texts[v]; ok && old != text {
			conflict[v] = true
		}
		p.texts[v] = text
	}
	for n := range p.index.Package() {
		switch n := n.(type) {
		case *ast.AssignStmt:
			p.learnAssign(n, note)
		case *ast.CompositeLit:
			p.learnPair(n, note)
		}
	}
	for v := range conflict {
		delete(p.texts, v)
	}
}

// learnAssign reads s.f, err = db.Prepare(text) and s.f = mustPrepare(db, text)
// where the call is a Prepare of a SQL library.
func (p *preparedFields) learnAssign(as *ast.AssignStmt, note func(*types.Var, string)) {
	if len(as.Rhs) != 1 || len(as.Lhs) == 0 {
		return
	}
	call, ok := ast.Unparen(as.Rhs[0]).(*ast.CallExpr)
	if !ok {
		return
	}
	fn := libs.Callee(p.info, call)
	if fn == nil || !isPrepare(fn) {
		return
	}
	i, ok := libs.SQLTextArg(fn)
	if !ok || i >= len(call.Args) {
		return
	}
	v := p.stmtField(as.Lhs[0])
	if v == nil {
		return
	}
	if text, ok := astutil.StringValueOf(p.info, call.Args[i], nil); ok {
		note(v, text)
	}
}

// learnPair reads a literal that pairs a statement field's address with
// constant SQL text ({&s.insert, insertSQL}): the table a loop prepares.
func (p *preparedFields) learnPair(lit *ast.CompositeLit, note func(*types.Var, string)) {
	if len(lit.Elts) != 2 {
		return
	}
	var field *types.Var
	text, found := "", false
	for _, e := range lit.Elts {
		if kv, ok := e.(*ast.KeyValueExpr); ok {
			e = kv.Value
		}
		if u, ok := ast.Unparen(e).(*ast.UnaryExpr); ok && u.Op == token.AND {
			field = p.stmtField(u.X)
			continue
		}
		if t, ok := astutil.StringValueOf(p.info, e, nil); ok {
			text, found = t, true
		}
	}
	if field != nil && found {
		note(field, text)
	}
}

// stmtField returns the struct field e selects when it holds a prepared
// statement of a SQL library.
func (p *preparedFields) stmtField(e ast.Expr) *types.Var {
	sel, ok := ast.Unparen(e).(*ast.SelectorExpr)
	if !ok {
		return nil
	}
	v, ok := p.info.Uses[sel.Sel].(*types.Var)
	if !ok || !v.IsField() || !isStmtType(v.Type()) {
		return nil
	}
	return v
}

// isPrepare reports whether fn prepares a statement (Prepare, PrepareContext,
// sqlx's Preparex and friends).
func isPrepare(fn *types.Func) bool {
	if _, ok := libs.SQLTextArg(fn); !ok {
		return false
	}
	res := fn.Signature().Results()
	return res.Len() > 0 && isStmtType(res.At(0).Type())
}

// isStmtType reports whether t is a prepared statement of a SQL library,
// one whose methods PreparedCalls lists.
func isStmtType(t types.Type) bool {
	if ptr, ok := types.Unalias(t).(*types.Pointer); ok {
		t = ptr.Elem()
	}
	named, ok := types.Unalias(t).(*types.Named)
	if !ok || named.Obj().Pkg() == nil {
		return false
	}
	for i := 0; i < named.NumMethods(); i++ {
		if _, ok := libs.PreparedCalls.Lookup(named.Method(i)); ok {
			return true
		}
	}
	return false
}

// stmtOperand returns the statement a prepared call runs on, seen through
// a function that takes a statement and returns one (tx.Stmt(s), a
// helper choosing between the statement and its transaction's copy).
func stmtOperand(info *types.Info, e ast.Expr) ast.Expr {
	for range 4 {
		call, ok := ast.Unparen(e).(*ast.CallExpr)
		if !ok || !isStmtType(info.TypeOf(call)) {
			return e
		}
		next := ast.Expr(nil)
		for _, a := range call.Args {
			if isStmtType(info.TypeOf(a)) {
				next = a
			}
		}
		if next == nil {
			return e
		}
		e = next
	}
	return e
}

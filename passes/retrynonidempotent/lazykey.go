package retrynonidempotent

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ast/astutil"

	"github.com/idemlint/idemlint/passes/internal/retrysite"
)

// freshInSite reports whether a key value made at pos is made anew by each
// attempt of site: pos lies in the site and is not a lazy initialisation
// that runs once. `if key == "" { key = uuid.NewString() }` inside a
// retry loop, with key declared before it, makes the key on the first
// attempt and keeps it for the others.
func (a *analyzer) freshInSite(site *retrysite.Site, pos token.Pos) bool {
	return inSite(site, pos) && !a.madeOnce(site, pos)
}

func (a *analyzer) madeOnce(site *retrysite.Site, pos token.Pos) bool {
	var file *ast.File
	for _, f := range a.pass.Files {
		if f.FileStart <= pos && pos < f.FileEnd {
			file = f
			break
		}
	}
	if file == nil {
		return false
	}
	path, _ := astutil.PathEnclosingInterval(file, pos, pos)
	var v *types.Var
	for _, n := range path {
		switch n := n.(type) {
		case *ast.FuncLit, *ast.FuncDecl:
			return false
		case *ast.AssignStmt:
			if v != nil || n.Tok != token.ASSIGN || len(n.Lhs) != 1 {
				continue
			}
			id, ok := ast.Unparen(n.Lhs[0]).(*ast.Ident)
			if !ok {
				return false
			}
			v, _ = a.pass.TypesInfo.Uses[id].(*types.Var)
			if v == nil || site.Op.Contains(v.Pos()) {
				return false // declared in the attempt: made on each
			}
		case *ast.IfStmt:
			if v != nil && site.Op.Contains(n.Pos()) && a.testsUnset(n.Cond, v) {
				return true
			}
		}
	}
	return false
}

// testsUnset reports whether cond is true only while v holds no value
// yet: v == "", v == nil, len(v) == 0, v == 0 (also as one side of &&).
func (a *analyzer) testsUnset(cond ast.Expr, v *types.Var) bool {
	info := a.pass.TypesInfo
	b, ok := ast.Unparen(cond).(*ast.BinaryExpr)
	if !ok {
		return false
	}
	switch b.Op {
	case token.LAND:
		return a.testsUnset(b.X, v) || a.testsUnset(b.Y, v)
	case token.EQL:
	default:
		return false
	}
	isV := func(e ast.Expr) bool {
		e = ast.Unparen(e)
		if c, ok := e.(*ast.CallExpr); ok {
			if id, ok := ast.Unparen(c.Fun).(*ast.Ident); ok && id.Name == "len" && len(c.Args) == 1 {
				e = ast.Unparen(c.Args[0])
			}
		}
		id, ok := e.(*ast.Ident)
		return ok && info.Uses[id] == v
	}
	isZero := func(e ast.Expr) bool {
		tv := info.Types[e]
		if tv.IsNil() {
			return true
		}
		if tv.Value == nil {
			return false
		}
		switch tv.Value.Kind() {
		case constant.String:
			return constant.StringVal(tv.Value) == ""
		case constant.Int:
			return constant.Sign(tv.Value) == 0
		}
		return false
	}
	return isV(b.X) && isZero(b.Y) || isV(b.Y) && isZero(b.X)
}

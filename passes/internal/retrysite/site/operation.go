package site

import (
	"go/ast"
	"go/types"

	"github.com/idemlint/idemlint/passes/internal/astutil"
	"github.com/idemlint/idemlint/passes/internal/libs"
)

// Decls indexes the package's function declarations by their object, so an
// operation passed by name can be followed into its body.
type Decls map[*types.Func]*ast.FuncDecl

// Body returns the body of fn's declaration in the package, or nil.
func (d Decls) Body(fn *types.Func) *ast.BlockStmt {
	if fd := d[fn]; fd != nil {
		return fd.Body
	}
	return nil
}

// IndexDecls indexes the function declarations of files.
func IndexDecls(info *types.Info, files []*ast.File) Decls {
	d := Decls{}
	for _, f := range files {
		for _, decl := range f.Decls {
			if fd, ok := decl.(*ast.FuncDecl); ok && fd.Body != nil {
				if fn, ok := info.Defs[fd.Name].(*types.Func); ok {
					d[fn] = fd
				}
			}
		}
	}
	return d
}

// ResolveOp finds the code of an operation passed as e: a function
// literal, a named function or method value, or a local variable assigned
// one of those in the enclosing function.
func ResolveOp(info *types.Info, d Decls, e ast.Expr, encl ast.Node) Operation {
	op := Operation{Expr: e}
	for range 4 { // follow at most a few variable-to-variable hops
		e = ast.Unparen(e)
		// RetryableFunc(f): a conversion to the helper's func type.
		if call, ok := e.(*ast.CallExpr); ok && len(call.Args) == 1 {
			if tv, ok := info.Types[call.Fun]; ok && tv.IsType() {
				e = call.Args[0]
				continue
			}
		}
		// p.waitForItem(ctx, title): a function of the package that
		// returns one literal made the operation.
		if call, ok := e.(*ast.CallExpr); ok {
			if lit := madeLiteral(d, libs.Callee(info, call)); lit != nil {
				op.Body = lit.Body
				return op
			}
		}
		switch x := e.(type) {
		case *ast.FuncLit:
			op.Body = x.Body
			return op
		case *ast.IndexExpr: // a generic function instantiated explicitly
			e = x.X
			continue
		case *ast.SelectorExpr:
			if fn, ok := info.Uses[x.Sel].(*types.Func); ok {
				return funcOp(op, d, fn)
			}
			return op
		case *ast.Ident:
			switch obj := info.Uses[x].(type) {
			case *types.Func:
				return funcOp(op, d, obj)
			case *types.Var:
				rhs := LocalDef(info, encl, obj)
				if rhs == nil {
					return op
				}
				e = rhs
				continue
			}
			return op
		default:
			return op
		}
	}
	return op
}

// madeLiteral returns the function literal fn's declaration returns,
// when its one return statement returns one.
func madeLiteral(d Decls, fn *types.Func) *ast.FuncLit {
	fd := d[fn]
	if fd == nil || fd.Body == nil {
		return nil
	}
	var rets []*ast.ReturnStmt
	ast.Inspect(fd.Body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.ReturnStmt:
			rets = append(rets, n)
		}
		return true
	})
	if len(rets) != 1 || len(rets[0].Results) != 1 {
		return nil
	}
	lit, _ := ast.Unparen(rets[0].Results[0]).(*ast.FuncLit)
	return lit
}

func funcOp(op Operation, d Decls, fn *types.Func) Operation {
	op.Func = fn.Origin()
	if fd := d[op.Func]; fd != nil {
		op.Body = fd.Body
	}
	return op
}

// LocalDef returns the single expression assigned to v in encl, or nil when
// there is none or more than one.
func LocalDef(info *types.Info, encl ast.Node, v *types.Var) ast.Expr {
	if defs := astutil.Assignments(info, encl, v); len(defs) == 1 {
		return defs[0]
	}
	return nil
}

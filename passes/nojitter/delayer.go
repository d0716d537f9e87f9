package nojitter

import (
	"fmt"
	"go/ast"
	"go/types"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/idemlint/idemlint/passes/internal/astutil"
	"github.com/idemlint/idemlint/passes/internal/bodies"
	"github.com/idemlint/idemlint/passes/internal/libs"
	"github.com/idemlint/idemlint/passes/internal/report"
)

// checkDelayers judges the delay computers the program hands a library
// through an options field (libs.Delayer: the AWS SDK's
// StandardOptions.Backoff), where the field is set: the library waits
// what the program's method or function returns, so a delay without
// jitter there is a retry without jitter. A delayer of the library's own,
// or one whose delay we cannot follow, is not judged.
func checkDelayers(pass *analysis.Pass, funcs func() []*ssa.Function, t *tracer) {
	if !libs.ImportsAny(pass.Pkg, libs.DelayerPaths()...) {
		return
	}
	info := pass.TypesInfo
	for n := range pass.ResultOf[bodies.Analyzer].(*bodies.Index).Package() {
		switch n := n.(type) {
		case *ast.AssignStmt:
			if len(n.Lhs) != len(n.Rhs) {
				continue
			}
			for i, l := range n.Lhs {
				if sel, ok := ast.Unparen(l).(*ast.SelectorExpr); ok {
					v, _ := info.ObjectOf(sel.Sel).(*types.Var)
					if d := libs.DelayerOf(info.TypeOf(sel.X), v); d != nil {
						judgeDelayer(pass, funcs, t, d, n.Rhs[i])
					}
				}
			}
		case *ast.CompositeLit:
			for id, value := range astutil.KeyedFields(n) {
				v, _ := info.ObjectOf(id).(*types.Var)
				if d := libs.DelayerOf(info.TypeOf(n), v); d != nil {
					judgeDelayer(pass, funcs, t, d, value)
				}
			}
		}
	}
}

// judgeDelayer reports the delayer value e when the delay it returns has
// no jitter.
func judgeDelayer(pass *analysis.Pass, funcs func() []*ssa.Function, t *tracer, d *libs.Delayer, e ast.Expr) {
	fn, lit, name := delayerFunc(pass.TypesInfo, pass.Pkg, d, e)
	if fn == nil && lit == nil {
		return
	}
	var dl delay
	var ok bool
	if lit != nil || fn.Pkg() == pass.Pkg {
		dl, ok = traceDelayer(funcs, t, fn, lit)
	} else if f, found := t.facts(fn); found {
		dl, ok = delay{random: f.Random, grows: f.Grows, capped: f.Capped}, true
	}
	if !ok || dl.opaque || dl.random {
		return
	}
	msg := d.Msg
	if dl.grows && !dl.capped {
		msg = d.Cap
	}
	report.Report(pass, analysis.Diagnostic{Pos: e.Pos(), End: e.End(), Message: fmt.Sprintf(msg, name)})
}

// delayerFunc returns the function that computes the delay of delayer
// value e: the function converted to the library's function type, or
// assigned as it is to a field of that type (go-retryablehttp's
// c.Backoff = func(...) ...), a declared function or a literal; or the
// program's method of e's type; nil when it is the library's own or not in
// view.
func delayerFunc(info *types.Info, pkg *types.Package, d *libs.Delayer, e ast.Expr) (*types.Func, *ast.FuncLit, string) {
	e = ast.Unparen(e)
	if call, ok := e.(*ast.CallExpr); ok && len(call.Args) == 1 && d.Func != "" {
		if tv, ok := info.Types[call.Fun]; ok && tv.IsType() && libs.IsNamed(tv.Type, d.Pkg, d.Func) {
			return funcValue(info, d, call.Args[0])
		}
	}
	if d.Method == "" {
		return funcValue(info, d, e)
	}
	t := info.TypeOf(e)
	if t == nil || types.IsInterface(t) {
		return nil, nil, ""
	}
	obj, _, _ := types.LookupFieldOrMethod(t, true, pkg, d.Method)
	fn, ok := obj.(*types.Func)
	if !ok || fn.Pkg() == nil || fn.Pkg().Path() == d.Pkg {
		return nil, nil, ""
	}
	return fn, nil, astutil.FuncName(fn)
}

// funcValue returns the function value e names: a literal, or a declared
// function or method of the program.
func funcValue(info *types.Info, d *libs.Delayer, e ast.Expr) (*types.Func, *ast.FuncLit, string) {
	switch x := ast.Unparen(e).(type) {
	case *ast.FuncLit:
		return nil, x, "function literal"
	case *ast.Ident, *ast.SelectorExpr:
		if fn, ok := info.Uses[selIdent(x)].(*types.Func); ok && fn.Pkg() != nil && fn.Pkg().Path() != d.Pkg {
			return fn, nil, fn.Name()
		}
	}
	return nil, nil, ""
}

func selIdent(e ast.Expr) *ast.Ident {
	if sel, ok := e.(*ast.SelectorExpr); ok {
		return sel.Sel
	}
	id, _ := e.(*ast.Ident)
	return id
}

// traceDelayer summarises the first result of a function of the package
// (declared, or the literal lit).
func traceDelayer(funcs func() []*ssa.Function, t *tracer, fn *types.Func, lit *ast.FuncLit) (delay, bool) {
	for _, f := range funcs() {
		if lit != nil && f.Syntax() == lit || fn != nil && f.Object() == fn {
			t.seen, t.via = map[ssa.Value]bool{}, nil
			t.inCallee = 1 // the parameters are what the library passes (an attempt, its error, its bounds)
			d := t.returns(f, 0)
			t.inCallee = 0
			return d, true
		}
	}
	return delay{}, false
}

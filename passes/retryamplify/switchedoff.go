package retryamplify

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"

	"github.com/idemlint/idemlint/passes/internal/astutil"
	"github.com/idemlint/idemlint/passes/internal/libs"
)

// OptionFact marks an option constructor of the program: a function that
// returns a function literal setting fields of the configuration it is
// given (func WithAttempts(n int) Opt { return func(c *cfg) { c.attempts
// = n } }). A call of a function whose retry bound its options set
// (Limit.Options), in any package, reads through it what the options
// make of the bound.
type OptionFact struct {
	Sets []FieldSet
}

// FieldSet is one field an option sets: to its constructor's parameter
// Param, or, when Param is -1, to the constant Value; Param -2 when the
// value cannot be read.
type FieldSet struct {
	Field string
	Param int
	Value int
}

func (*OptionFact) AFact() {}
func (f *OptionFact) String() string {
	return fmt.Sprintf("option sets %v", f.Sets)
}

// optionSets reads what an option literal does: the fields of its
// parameter that its body sets, at its top level, to a constant or to a
// parameter of fn (the constructor returning it).
func optionSets(info *types.Info, lit *ast.FuncLit, fn *types.Func) []FieldSet {
	params := lit.Type.Params.List
	if len(params) != 1 || len(params[0].Names) != 1 {
		return nil
	}
	cfg := info.Defs[params[0].Names[0]]
	var sets []FieldSet
	for _, st := range lit.Body.List {
		as, ok := st.(*ast.AssignStmt)
		if !ok || len(as.Lhs) != len(as.Rhs) {
			continue
		}
		for i, l := range as.Lhs {
			sel, ok := ast.Unparen(l).(*ast.SelectorExpr)
			if !ok || astutil.RootObject(info, sel.X) != cfg {
				continue
			}
			set := FieldSet{Field: sel.Sel.Name, Param: -2}
			if n, ok := astutil.IntConst(info, as.Rhs[i]); ok {
				set.Param, set.Value = -1, int(n)
			} else if id, ok := ast.Unparen(as.Rhs[i]).(*ast.Ident); ok && fn != nil {
				if v, ok := info.Uses[id].(*types.Var); ok && paramIndex(fn, v) >= 0 {
					set.Param = paramIndex(fn, v)
				}
			}
			sets = append(sets, set)
		}
	}
	return sets
}

// exportOptions exports an OptionFact for each option constructor of the
// package (a function whose body returns a function literal), when a
// function of the package takes options that bound its retries.
func (a *amplifier) exportOptions() {
	a.options = map[*types.Func]*OptionFact{}
	for _, d := range a.decls {
		body := d.FuncDecl.Body.List
		if len(body) != 1 {
			continue
		}
		ret, ok := body[0].(*ast.ReturnStmt)
		if !ok || len(ret.Results) != 1 {
			continue
		}
		if lit, ok := ast.Unparen(ret.Results[0]).(*ast.FuncLit); ok {
			f := &OptionFact{Sets: optionSets(a.pass.TypesInfo, lit, d.Func)}
			a.options[d.Func] = f
			a.pass.ExportObjectFact(d.Func, f)
		}
	}
}

// option returns what an option argument sets, or false when that cannot
// be read: a literal, or a call of an option constructor.
func (a *amplifier) option(e ast.Expr) ([]FieldSet, *ast.CallExpr, bool) {
	switch x := ast.Unparen(e).(type) {
	case *ast.FuncLit:
		return optionSets(a.pass.TypesInfo, x, nil), nil, true
	case *ast.CallExpr:
		fn := libs.Callee(a.pass.TypesInfo, x)
		if fn == nil {
			return nil, nil, false
		}
		if f := a.options[fn]; f != nil {
			return f.Sets, x, true
		}
		var f OptionFact
		if fn.Pkg() != a.pass.Pkg && a.pass.ImportObjectFact(fn, &f) {
			return f.Sets, x, true
		}
	}
	return nil, nil, false
}

// callAttempts returns how many attempts a call of a function whose fact
// f has a Limit makes, read from what the call gives it: its argument,
// a field of it or of its receiver, or what its options set.
func (a *amplifier) callAttempts(call *ast.CallExpr, f *RetriesFact) (int, bool) {
	l := f.Limit
	if l == nil || call.Ellipsis.IsValid() && l.Param >= 0 {
		return 0, false
	}
	d := a.declOf(call.Pos())
	if d == nil {
		return 0, false
	}
	var encl ast.Node = d
	info := a.pass.TypesInfo
	v, ok := 0, false
	switch {
	case l.Param == -1:
		if sel, isSel := ast.Unparen(call.Fun).(*ast.SelectorExpr); isSel {
			v, ok = fieldValue(info, sel.X, l.Field, encl)
		}
	case l.Param >= len(call.Args) && !l.Options:
	case l.Options:
		v, ok = l.Default, l.Known
		for _, arg := range call.Args[min(l.Param, len(call.Args)):] {
			sets, ctor, known := a.option(arg)
			if !known {
				return 0, false // it may set the bound
			}
			for _, s := range sets {
				if s.Field != l.Field {
					continue
				}
				switch {
				case s.Param == -1:
					v, ok = s.Value, true
				case s.Param >= 0 && ctor != nil && s.Param < len(ctor.Args):
					v, ok = intValue(info, ctor.Args[s.Param], encl)
				default:
					v, ok = 0, false
				}
			}
		}
	case l.Field == "":
		v, ok = intValue(info, call.Args[l.Param], encl)
	default:
		v, ok = fieldValue(info, call.Args[l.Param], l.Field, encl)
	}
	if !ok {
		return 0, false
	}
	return v + l.Plus, true
}

// switchedOff reports whether a call of a function that retries as it is
// configured configures a single attempt.
func (a *amplifier) switchedOff(call *ast.CallExpr, f *RetriesFact) bool {
	n, ok := a.callAttempts(call, f)
	return ok && n <= 1
}

// intValue evaluates a constant, or a local set once to one.
func intValue(info *types.Info, e ast.Expr, encl ast.Node) (int, bool) {
	if n, ok := astutil.IntConst(info, e); ok {
		return int(n), true
	}
	if id, ok := ast.Unparen(e).(*ast.Ident); ok {
		if v, ok := info.Uses[id].(*types.Var); ok && !v.IsField() && v.Parent() != v.Pkg().Scope() {
			if defs := astutil.Assignments(info, encl, v); len(defs) == 1 {
				n, ok := astutil.IntConst(info, defs[0])
				return int(n), ok
			}
		}
	}
	return 0, false
}

// fieldValue evaluates field of a struct literal (Config{MaxRetries: 0},
// &Client{retries: 0}), given or kept in a local set once whose field is
// not written afterwards.
func fieldValue(info *types.Info, e ast.Expr, field string, encl ast.Node) (int, bool) {
	if n, ok := literalField(info, e, field); ok {
		return n, true
	}
	id, ok := ast.Unparen(e).(*ast.Ident)
	if !ok {
		return 0, false
	}
	v, ok := info.Uses[id].(*types.Var)
	if !ok || v.IsField() || v.Parent() == v.Pkg().Scope() || writesField(info, encl, field, v) || addressTaken(info, encl, v) {
		return 0, false
	}
	defs := astutil.Assignments(info, encl, v)
	if len(defs) != 1 {
		return 0, false
	}
	return literalField(info, defs[0], field)
}

// addressTaken reports whether &v is handed on in encl: whoever gets it
// may set the field.
func addressTaken(info *types.Info, encl ast.Node, v *types.Var) bool {
	found := false
	ast.Inspect(encl, func(n ast.Node) bool {
		if u, ok := n.(*ast.UnaryExpr); ok && u.Op == token.AND {
			if id, ok := ast.Unparen(u.X).(*ast.Ident); ok && info.Uses[id] == v {
				found = true
			}
		}
		return !found
	})
	return found
}

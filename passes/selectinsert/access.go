package selectinsert

import (
	"go/ast"
	"go/types"
	"strings"

	"github.com/idemlint/idemlint/passes/internal/astutil"
	"github.com/idemlint/idemlint/passes/internal/bodies"
	"github.com/idemlint/idemlint/passes/internal/libs"
	"github.com/idemlint/idemlint/passes/internal/sqltext"
)

// access is a read or an insert found in a function.
type access struct {
	call  *ast.CallExpr
	table string     // SQL table, lower-cased
	model types.Type // GORM model type
	what  string     // how the read is described in the message
	// cols are the columns a read checks (for the constraint lookup).
	cols []string
	// outcome holds the variables the read's result lands in.
	outcome map[types.Object]bool
	safe    bool // an insert that resolves conflicts itself
	first   bool // GORM FirstOrCreate
	// modelName is model's package path and name, which a Fact carries.
	modelName string
	backed    bool   // a read through a helper whose model's unique key covers cols
	via       string // the helper the access runs in, for the message
	count     bool   // a read through a helper that counts the rows
	// saved is the value a GORM Save writes (it updates a row just read).
	saved ast.Expr
}

// paramUse is a call that runs the SQL text a parameter of the function
// carries: the function is a query helper (QueryFact).
type paramUse struct {
	call  *ast.CallExpr
	param int
}

// finder collects the accesses of one function declaration.
type finder struct {
	info    *types.Info
	decl    *ast.FuncDecl
	index   *bodies.Index
	body    *bodies.Body // decl's body, read through the index
	tree    func() map[ast.Node]ast.Node
	helpers *helpers
	// params maps the function's parameters to their index.
	params    map[types.Object]int
	paramUses []paramUse
}

func (f *finder) accesses() (reads, inserts []*access) {
	f.params = map[types.Object]int{}
	i := 0
	for _, fld := range f.decl.Type.Params.List {
		for _, n := range fld.Names {
			if obj := f.info.Defs[n]; obj != nil {
				f.params[obj] = i
			}
			i++
		}
		if len(fld.Names) == 0 {
			i++
		}
	}
	f.paramUses = nil
	for n, fn := range f.index.All(f.body) {
		call, ok := n.(*ast.CallExpr)
		if !ok || fn == nil {
			continue
		}
		if a := f.sqlAccess(call, fn); a != nil {
			if a.outcome != nil {
				reads = append(reads, a)
			} else {
				inserts = append(inserts, a)
			}
			continue
		}
		if op, ok := libs.GormFinishers.Lookup(fn); ok {
			a := f.gormAccess(call, op)
			switch op {
			case libs.GormRead:
				reads = append(reads, a)
			case libs.GormCreate:
				inserts = append(inserts, a)
			case libs.GormFirstOrCreate:
				a.first = true
				inserts = append(inserts, a)
			}
			continue
		}
		if a := f.helperAccess(call, fn); a != nil {
			if a.outcome != nil {
				reads = append(reads, a)
			} else {
				inserts = append(inserts, a)
			}
		}
	}
	return reads, inserts
}

// stringValue is astutil.StringValue in the function, following its
// variables through the index.
func (f *finder) stringValue(e ast.Expr) (string, bool) {
	return astutil.StringValueOf(f.info, e, f.assignments)
}

// assignments returns the values assigned to v in the function.
func (f *finder) assignments(v *types.Var) []ast.Expr {
	return f.index.Assignments(f.info, f.body, v)
}

// helperAccess describes a call of a function of the program that reads or
// inserts, as its Facts say.
func (f *finder) helperAccess(call *ast.CallExpr, fn *types.Func) *access {
	name := func() string { return fn.Name() + "()" } // not built for every call
	if fact := f.helpers.check(fn); fact != nil {
		return &access{call: call, table: fact.Table, modelName: fact.Model, backed: fact.Backed, cols: fact.Columns, what: name(), count: fact.Count, outcome: f.outcomeOf(call)}
	}
	if fact := f.helpers.insert(fn); fact != nil {
		a := &access{call: call, table: fact.Table, modelName: fact.Model, via: name()}
		if fact.SaveParam > 0 && fact.SaveParam <= len(call.Args) {
			a.what, a.saved = "GORM Save", call.Args[fact.SaveParam-1]
		}
		return a
	}
	fact := f.helpers.query(fn)
	if fact == nil || fact.Param >= len(call.Args) {
		return nil
	}
	arg := call.Args[fact.Param]
	if p, ok := f.paramOf(arg); ok {
		f.paramUses = append(f.paramUses, paramUse{call, p}) // a query helper calling another
		return nil
	}
	text, ok := f.stringValue(arg)
	if !ok {
		return nil
	}
	a := f.textAccess(call, text, fact.Outcome)
	if a != nil {
		a.via = name()
	}
	return a
}

// paramOf reports which parameter of the function e names.
func (f *finder) paramOf(e ast.Expr) (int, bool) {
	id, ok := ast.Unparen(e).(*ast.Ident)
	if !ok {
		return 0, false
	}
	i, ok := f.params[f.info.Uses[id]]
	return i, ok
}

// sqlAccess describes a call running SQL: a read (with its outcome
// variables) or an insert (outcome nil).
func (f *finder) sqlAccess(call *ast.CallExpr, fn *types.Func) *access {
	text, ok := f.sqlText(call, fn)
	if !ok {
		return nil
	}
	return f.textAccess(call, text, true)
}

// textAccess describes a call running the SQL text: a read when its result
// can be tested (outcome), or an insert.
func (f *finder) textAccess(call *ast.CallExpr, text string, outcome bool) *access {
	st := sqltext.Parse(text)
	if st.Table == "" || strings.HasPrefix(st.Table, "?") {
		return nil
	}
	switch {
	case st.Verb == "SELECT" && outcome:
		what := "SELECT"
		switch {
		case st.Exists:
			what = "SELECT EXISTS"
		case st.Count:
			what = "SELECT COUNT"
		case st.Max:
			what = "SELECT MAX"
		}
		return &access{call: call, table: st.Table, cols: st.Where, what: what, outcome: f.outcomeOf(call)}
	case st.IsInsert():
		return &access{call: call, table: st.Table, safe: st.Conflict}
	}
	return nil
}

// sqlText finds the SQL a call runs: its text argument, or for a prepared
// statement the text it was prepared with.
func (f *finder) sqlText(call *ast.CallExpr, fn *types.Func) (string, bool) {
	if i, ok := libs.SQLTextArg(fn); ok && i < len(call.Args) {
		if libs.NameOf(fn).Name == "Prepare" || libs.NameOf(fn).Name == "PrepareContext" {
			return "", false // the statement runs later, where it is called
		}
		if p, ok := f.paramOf(call.Args[i]); ok {
			f.paramUses = append(f.paramUses, paramUse{call, p})
			return "", false
		}
		return f.stringValue(call.Args[i])
	}
	if _, ok := libs.PreparedCalls.Lookup(fn); ok {
		sel, ok := call.Fun.(*ast.SelectorExpr)
		if !ok {
			return "", false
		}
		x := stmtOperand(f.info, sel.X)
		if field := f.helpers.prepared.stmtField(x); field != nil {
			return f.helpers.prepared.text(field)
		}
		id, ok := ast.Unparen(x).(*ast.Ident)
		if !ok {
			return "", false
		}
		v, _ := f.info.Uses[id].(*types.Var)
		for _, d := range f.assignments(v) {
			if prep, ok := ast.Unparen(d).(*ast.CallExpr); ok {
				if pfn := libs.Callee(f.info, prep); pfn != nil {
					if i, ok := libs.SQLCalls.Lookup(pfn); ok && i < len(prep.Args) {
						return f.stringValue(prep.Args[i])
					}
				}
			}
		}
	}
	return "", false
}

// outcomeOf returns the variables a read's result lands in: the left side
// of its statement, the destinations of a Scan in its chain, and the
// destination of a GORM finisher or sqlx Get.
func (f *finder) outcomeOf(call *ast.CallExpr) map[types.Object]bool {
	out := astutil.ResultVars(f.info, f.tree(), call, func(p *ast.CallExpr, out map[types.Object]bool) {
		// db.QueryRow(...).Scan(&n): the destinations hold the result.
		if sel, ok := p.Fun.(*ast.SelectorExpr); ok && (sel.Sel.Name == "Scan" || sel.Sel.Name == "StructScan") {
			for _, a := range p.Args {
				astutil.AddVar(f.info, out, a)
			}
		}
	})
	if fn := libs.Callee(f.info, call); fn != nil && fn.Pkg() != nil && (isGorm(fn.Pkg().Path()) || fn.Pkg().Path() == libs.Sqlx) {
		dest := 0 // GORM's First(&dest)
		if i, ok := libs.SQLCalls.Lookup(fn); ok {
			dest = i - 1 // sqlx: the destination precedes the query (GetContext(ctx, &dest, query))
		}
		if dest >= 0 && dest < len(call.Args) {
			astutil.AddVar(f.info, out, call.Args[dest])
		}
	}
	return out
}

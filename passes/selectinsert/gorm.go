package selectinsert

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"reflect"
	"strings"
	"unicode"

	"github.com/idemlint/idemlint/passes/internal/astutil"
	"github.com/idemlint/idemlint/passes/internal/libs"
	"github.com/idemlint/idemlint/passes/internal/sqltext"
)

// gormAccess describes a GORM finisher: its model, the columns its chain's
// conditions compare, and whether it resolves conflicts itself.
func (f *finder) gormAccess(call *ast.CallExpr, op libs.GormOp) *access {
	a := &access{call: call, what: "GORM " + calleeName(f.info, call)}
	if len(call.Args) > 0 {
		a.model = modelType(f.info.TypeOf(call.Args[0]))
		a.cols = append(a.cols, f.condColumns(call.Args[1:], a.model)...)
		if a.what == "GORM Save" {
			a.saved = call.Args[0]
		}
	}
	for e := chainReceiver(call); e != nil; e = chainReceiver(e) {
		fn := libs.Callee(f.info, e)
		switch libs.NameOf(fn).Name {
		case "Where":
			a.cols = append(a.cols, f.condColumns(e.Args, a.model)...)
		case "Model":
			if a.model == nil && len(e.Args) > 0 {
				a.model = modelType(f.info.TypeOf(e.Args[0]))
			}
		case "Clauses":
			for _, c := range e.Args {
				if t := typeName(f.info.TypeOf(c)); t == "OnConflict" || t == "Insert" {
					a.safe = true
				}
			}
		case "Set":
			// GORM v1: Set("gorm:insert_option", "ON CONFLICT DO NOTHING").
			if len(e.Args) == 2 {
				k, _ := f.stringValue(e.Args[0])
				v, _ := f.stringValue(e.Args[1])
				if k == "gorm:insert_option" && sqltext.Parse("INSERT INTO t (a) VALUES (1) "+v).Conflict {
					a.safe = true
				}
			}
		}
	}
	a.modelName = qualifiedName(a.model)
	if op == libs.GormRead {
		a.outcome = f.outcomeOf(call)
	}
	return a
}

// qualifiedName names a model type across packages, for Facts.
func qualifiedName(t types.Type) string {
	n, ok := t.(*types.Named)
	if !ok || n.Obj().Pkg() == nil {
		return ""
	}
	return n.Obj().Pkg().Path() + "." + n.Obj().Name()
}

func isGorm(path string) bool { return path == libs.Gorm || path == libs.GormV1 }

// chainReceiver returns the call a method chain continues from.
func chainReceiver(call *ast.CallExpr) *ast.CallExpr {
	sel, ok := call.Fun.(*ast.SelectorExpr)
	if !ok {
		return nil
	}
	c, _ := ast.Unparen(sel.X).(*ast.CallExpr)
	return c
}

func calleeName(info *types.Info, call *ast.CallExpr) string {
	return libs.NameOf(libs.Callee(info, call)).Name
}

// condColumns reads GORM conditions: "email = ? AND org = ?", a struct
// literal (its set fields), a map literal (its keys), or a bare primary
// key value.
func (f *finder) condColumns(args []ast.Expr, model types.Type) []string {
	if len(args) == 0 {
		return nil
	}
	if tv, ok := f.info.Types[args[0]]; ok && tv.Value != nil && tv.Value.Kind() == constant.String {
		return sqltext.ConditionColumns(constant.StringVal(tv.Value))
	}
	switch x := ast.Unparen(args[0]).(type) {
	case *ast.UnaryExpr:
		return f.condColumns(append([]ast.Expr{x.X}, args[1:]...), model)
	case *ast.Ident:
		// e := entity{Group: g, Name: n}; db.Where(&e).FirstOrCreate(&e):
		// the conditions are the literal's fields and those set later.
		if lit := f.definingLiteral(x); lit != nil {
			return append(f.condColumns(append([]ast.Expr{lit}, args[1:]...), model), f.fieldsSet(x)...)
		}
	case *ast.CompositeLit:
		var cols []string
		st, _ := modelType(f.info.TypeOf(x)).(*types.Named)
		for _, elt := range x.Elts {
			kv, ok := elt.(*ast.KeyValueExpr)
			if !ok {
				continue
			}
			switch k := kv.Key.(type) {
			case *ast.Ident:
				if st != nil {
					cols = append(cols, fieldColumn(st, k.Name))
				}
			case *ast.BasicLit:
				if tv, ok := f.info.Types[k]; ok && tv.Value != nil && tv.Value.Kind() == constant.String {
					cols = append(cols, strings.ToLower(constant.StringVal(tv.Value)))
				}
			}
		}
		return cols
	}
	if b, ok := f.info.TypeOf(args[0]).Underlying().(*types.Basic); ok && b.Info()&(types.IsInteger|types.IsString) != 0 {
		return primaryKey(model) // db.First(&u, id)
	}
	return nil
}

// definingLiteral returns the struct literal a local variable of the
// function is defined with, when it is its only assignment.
func (f *finder) definingLiteral(id *ast.Ident) *ast.CompositeLit {
	v, ok := f.info.Uses[id].(*types.Var)
	if !ok || v.IsField() || f.decl.Body == nil || v.Pos() < f.decl.Body.Pos() || v.Pos() >= f.decl.Body.End() {
		return nil
	}
	defs := astutil.Assignments(f.info, f.decl.Body, v)
	if len(defs) != 1 {
		return nil
	}
	e := ast.Unparen(defs[0])
	if u, ok := e.(*ast.UnaryExpr); ok && u.Op == token.AND {
		e = ast.Unparen(u.X)
	}
	lit, _ := e.(*ast.CompositeLit)
	return lit
}

// fieldsSet returns the columns of the fields assigned through the
// variable id names (e.Name = n).
func (f *finder) fieldsSet(id *ast.Ident) []string {
	v := f.info.Uses[id]
	st, _ := modelType(v.Type()).(*types.Named)
	if st == nil {
		return nil
	}
	var cols []string
	ast.Inspect(f.decl.Body, func(n ast.Node) bool {
		as, ok := n.(*ast.AssignStmt)
		if !ok {
			return true
		}
		for _, l := range as.Lhs {
			if sel, ok := ast.Unparen(l).(*ast.SelectorExpr); ok {
				if x, ok := ast.Unparen(sel.X).(*ast.Ident); ok && f.info.Uses[x] == v {
					cols = append(cols, fieldColumn(st, sel.Sel.Name))
				}
			}
		}
		return true
	})
	return cols
}

// modelType strips pointers and slices off a destination's type.
func modelType(t types.Type) types.Type {
	for t != nil {
		switch u := types.Unalias(t).(type) {
		case *types.Pointer:
			t = u.Elem()
		case *types.Slice:
			t = u.Elem()
		case *types.Named:
			if _, ok := u.Underlying().(*types.Struct); ok {
				return u
			}
			return nil
		default:
			return nil
		}
	}
	return nil
}

func typeName(t types.Type) string {
	if n, ok := types.Unalias(modelTypeOrSelf(t)).(*types.Named); ok {
		return n.Obj().Name()
	}
	return ""
}

func modelTypeOrSelf(t types.Type) types.Type {
	if p, ok := t.(*types.Pointer); ok {
		return p.Elem()
	}
	return t
}

// uniqueKeys reads a GORM model's unique keys from its struct tags:
// primaryKey (or a field named ID), unique, uniqueIndex, and composite
// uniqueIndex:name shared by several fields.
func uniqueKeys(model types.Type) [][]string {
	n, ok := model.(*types.Named)
	if !ok {
		return nil
	}
	st, ok := n.Underlying().(*types.Struct)
	if !ok {
		return nil
	}
	var keys [][]string
	named := map[string][]string{}
	var pk []string
	for i := range st.NumFields() {
		field := st.Field(i)
		// GORM v1 reads its settings from the sql tag as well.
		tag := reflect.StructTag(st.Tag(i)).Get("gorm") + ";" + reflect.StructTag(st.Tag(i)).Get("sql")
		col := columnName(field.Name(), tag)
		for _, part := range strings.Split(tag, ";") {
			k, v, _ := strings.Cut(strings.TrimSpace(part), ":")
			switch strings.ToLower(k) {
			case "primarykey", "primary_key":
				pk = append(pk, col)
			case "unique":
				keys = append(keys, []string{col})
			case "uniqueindex", "unique_index": // v2, v1
				name, _, _ := strings.Cut(v, ",")
				if name == "" {
					keys = append(keys, []string{col})
				} else {
					named[name] = append(named[name], col)
				}
			}
		}
	}
	if len(pk) == 0 {
		pk = primaryKey(model)
	}
	if len(pk) > 0 {
		keys = append(keys, pk)
	}
	for _, cols := range named {
		keys = append(keys, cols)
	}
	return keys
}

// primaryKey is GORM's default primary key: the field named ID.
func primaryKey(model types.Type) []string {
	n, ok := model.(*types.Named)
	if !ok {
		return nil
	}
	if st, ok := n.Underlying().(*types.Struct); ok {
		for i := range st.NumFields() {
			if st.Field(i).Name() == "ID" {
				return []string{"id"}
			}
			if st.Field(i).Embedded() && st.Field(i).Name() == "Model" {
				return []string{"id"} // gorm.Model
			}
		}
	}
	return nil
}

func fieldColumn(n *types.Named, field string) string {
	if st, ok := n.Underlying().(*types.Struct); ok {
		for i := range st.NumFields() {
			if st.Field(i).Name() == field {
				return columnName(field, reflect.StructTag(st.Tag(i)).Get("gorm"))
			}
		}
	}
	return snake(field)
}

func columnName(field, tag string) string {
	for _, part := range strings.Split(tag, ";") {
		if k, v, ok := strings.Cut(strings.TrimSpace(part), ":"); ok && strings.EqualFold(k, "column") {
			return strings.ToLower(v)
		}
	}
	return snake(field)
}

// snake converts a Go field name to GORM's default column name
// (UserID -> user_id).
func snake(s string) string {
	var b strings.Builder
	runes := []rune(s)
	for i, r := range runes {
		if unicode.IsUpper(r) && i > 0 && (unicode.IsLower(runes[i-1]) || i+1 < len(runes) && unicode.IsLower(runes[i+1])) {
			b.WriteByte('_')
		}
		b.WriteRune(unicode.ToLower(r))
	}
	return b.String()
}

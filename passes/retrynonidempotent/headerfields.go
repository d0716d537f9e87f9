package retrynonidempotent

import (
	"cmp"
	"go/ast"
	"go/token"
	"go/types"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/idemlint/idemlint/passes/internal/astutil"
	"github.com/idemlint/idemlint/passes/internal/bodies"
	"github.com/idemlint/idemlint/passes/internal/libs"
)

// fieldHeaders judges the map held in the field of the struct x: through a
// parameter, the callers decide; in a local struct, its literal and the
// writes to the field; elsewhere, every value the package stores in the
// field.
func (in *inspector) fieldHeaders(x ast.Expr, field *types.Var, depth int) hmap {
	if field == nil {
		return hmap{maybe: true}
	}
	id, ok := ast.Unparen(x).(*ast.Ident)
	if !ok {
		return in.a.fieldScan(field)
	}
	v, _ := in.info.Uses[id].(*types.Var)
	if v == nil {
		return in.a.fieldScan(field)
	}
	if i := in.paramIndex(v); i >= 0 {
		if _, isPtr := v.Type().Underlying().(*types.Pointer); !isPtr {
			return hmap{params: []HeaderParam{{Param: i, Field: field.Name()}}}
		}
		return in.a.fieldScan(field) // the callee may fill the pointed-to struct
	}
	if v.Pos() < in.decl.Pos() || v.Pos() >= in.decl.End() {
		return in.a.fieldScan(field)
	}
	vals := in.a.index.Assignments(in.info, in.body, v)
	if len(vals) == 0 {
		return in.a.fieldScan(field)
	}
	if !in.enter(v, field) {
		return hmap{} // o, p = p, o: read where the walk first met o
	}
	defer in.leave(v, field)
	var h hmap
	for _, d := range vals {
		h.add(in.structField(d, field, depth+1))
	}
	if in.builtRequest(vals, field) {
		// The names put in a request built here are read on the request
		// itself (headersOf, a helper's SetsKeyFact), wherever it goes.
	} else if in.escapes(v) {
		// opts.SetHeader(k, v), fill(&opts): a method or a function may
		// fill the field; what the package stores in it anywhere counts.
		h.add(in.a.fieldScan(field))
	}
	h.add(in.writes(func(e ast.Expr) bool {
		s, ok := ast.Unparen(e).(*ast.SelectorExpr)
		return ok && s.Sel.Name == field.Name() && astutil.RootObject(in.info, s.X) == v && isIdent(s.X)
	}, depth))
	for n := range in.a.index.All(in.body) {
		as, ok := n.(*ast.AssignStmt)
		if !ok {
			continue
		}
		for i, l := range as.Lhs {
			if s, ok := ast.Unparen(l).(*ast.SelectorExpr); ok && s.Sel.Name == field.Name() && isIdent(s.X) && astutil.RootObject(in.info, s.X) == v && len(as.Lhs) == len(as.Rhs) {
				h.add(in.mapHeaders(as.Rhs[i], depth+1))
			}
		}
	}
	return h
}

// escapes reports whether the struct held by the local v is used other
// than by reading its fields, assigning it, or handing it to a function
// whose fact says it copies its header maps: a method called on it, its
// address taken, or v given to another function, which may fill its maps.
func (in *inspector) escapes(v *types.Var) bool {
	var stack []ast.Node
	escaped := false
	ast.Inspect(in.decl, func(n ast.Node) bool {
		if escaped {
			return false
		}
		if n == nil {
			stack = stack[:len(stack)-1]
			return true
		}
		defer func() { stack = append(stack, n) }()
		id, ok := n.(*ast.Ident)
		if !ok || in.info.Uses[id] != v || len(stack) == 0 {
			return true
		}
		switch p := stack[len(stack)-1].(type) {
		case *ast.SelectorExpr:
			if sel := in.info.Selections[p]; sel == nil || sel.Kind() != types.FieldVal {
				escaped = true
			}
		case *ast.AssignStmt:
			for _, l := range p.Lhs {
				if l == id {
					return true
				}
			}
			escaped = true
		case *ast.CallExpr:
			escaped = !in.copiesHeaders(p)
		default:
			escaped = true
		}
		return true
	})
	return escaped
}

// copiesHeaders reports whether call is a call of a function whose fact
// says which of its parameters' header maps it copies into a request.
func (in *inspector) copiesHeaders(call *ast.CallExpr) bool {
	fn := libs.Callee(in.info, call)
	if fn == nil {
		return false
	}
	var sf SendsFact
	if in.a.sendsFact(fn, &sf) && len(sf.HeaderParams) > 0 {
		return true
	}
	var bf BuildsFact
	return in.a.buildsFact(fn, &bf) && len(bf.HeaderParams) > 0
}

func isIdent(e ast.Expr) bool {
	_, ok := ast.Unparen(e).(*ast.Ident)
	return ok
}

// structField judges the field of a struct value e: a literal's element (a
// field left out holds no names); a parameter's field comes from the
// callers.
func (in *inspector) structField(e ast.Expr, field *types.Var, depth int) hmap {
	if depth > maxMapDepth {
		return hmap{maybe: true}
	}
	switch x := ast.Unparen(e).(type) {
	case *ast.UnaryExpr:
		return in.structField(x.X, field, depth+1)
	case *ast.CompositeLit:
		for _, elt := range x.Elts {
			if kv, ok := elt.(*ast.KeyValueExpr); ok {
				if k, ok := kv.Key.(*ast.Ident); ok && k.Name == field.Name() {
					return in.mapHeaders(kv.Value, depth+1)
				}
			} else {
				return hmap{maybe: true} // positional fields
			}
		}
		return hmap{}
	case *ast.Ident:
		return in.fieldHeaders(x, field, depth+1)
	case *ast.CallExpr:
		if in.builtRequest([]ast.Expr{x}, field) {
			return hmap{}
		}
	}
	return hmap{maybe: true}
}

// builtRequest reports whether field is the Header of a request every
// value of which is built by a request builder (http.NewRequest(WithContext),
// retryablehttp's): the map starts empty, so reading it back (header :=
// req.Header; ...; req.Header = header) adds no name. Found on a
// blind-labelled repository, whose dispatcher read the header of the
// request it had just built and assigned it back: the read counted as a
// possible key and hid an unkeyed POST.
func (in *inspector) builtRequest(vals []ast.Expr, field *types.Var) bool {
	if field.Pkg() == nil || field.Pkg().Path() != "net/http" || field.Name() != "Header" || len(vals) == 0 {
		return false
	}
	for _, d := range vals {
		call, ok := ast.Unparen(d).(*ast.CallExpr)
		if !ok {
			return false
		}
		if _, ok := libs.RequestBuilders.Lookup(libs.Callee(in.info, call)); !ok {
			return false
		}
	}
	return true
}

// argHeaders judges, at a call, the map its callee copies from parameter p.
func (in *inspector) argHeaders(call *ast.CallExpr, p HeaderParam) hmap {
	if name, ok := strings.CutPrefix(p.Field, elemField); ok {
		return in.elemHeaders(call, p.Param, name)
	}
	if p.Param >= len(call.Args) {
		return hmap{maybe: true}
	}
	arg := call.Args[p.Param]
	if p.Field == "" {
		return in.mapHeaders(arg, 0)
	}
	t := in.info.TypeOf(arg)
	if t == nil {
		return hmap{maybe: true}
	}
	obj, _, _ := types.LookupFieldOrMethod(t, true, in.a.pass.Pkg, p.Field)
	field, ok := obj.(*types.Var)
	if !ok {
		// an unexported field of another package's struct
		obj, _, _ = types.LookupFieldOrMethod(t, true, fieldPkg(t), p.Field)
		if field, ok = obj.(*types.Var); !ok {
			return hmap{maybe: true}
		}
	}
	return in.structField(arg, field, 0)
}

func fieldPkg(t types.Type) *types.Package {
	if p, ok := t.Underlying().(*types.Pointer); ok {
		t = p.Elem()
	}
	if n, ok := types.Unalias(t).(*types.Named); ok {
		return n.Obj().Pkg()
	}
	return nil
}

// fieldScan judges a map-typed struct field of the package by every value
// the package stores in it; a field of another package may hold anything.
func (a *analyzer) fieldScan(field *types.Var) hmap {
	if field.Pkg() != a.pass.Pkg {
		// An exported field of a package of the same module (the
		// exporter's c.cfg.Headers, filled by its WithHeaders option) is
		// the user's configuration, as one of this package is (below).
		if field.Exported() && sameModule(a.pass, field.Pkg()) {
			return hmap{}
		}
		return hmap{maybe: true}
	}
	if h, ok := a.fieldHdrs[field]; ok {
		return h
	}
	a.fieldHdrs[field] = hmap{maybe: true} // while it is being read
	var hall hmap
	isField := func(e ast.Expr) bool {
		s, ok := ast.Unparen(e).(*ast.SelectorExpr)
		if !ok {
			return false
		}
		sel := a.pass.TypesInfo.Selections[s]
		return sel != nil && sel.Obj() == field
	}
	for _, b := range a.usersOf(field) {
		in := a.inspectorOf(b)
		var hb hmap
		h := &hb
		for n := range a.index.All(b) {
			switch n := n.(type) {
			case *ast.KeyValueExpr:
				if k, ok := n.Key.(*ast.Ident); ok && a.pass.TypesInfo.Uses[k] == field {
					h.add(in.mapHeaders(n.Value, 1))
				}
			case *ast.AssignStmt:
				for i, l := range n.Lhs {
					if isField(l) {
						if len(n.Lhs) != len(n.Rhs) {
							h.maybe = true
							continue
						}
						if isField(n.Rhs[i]) {
							continue // n.hdrs = c.hdrs: what the field holds already
						}
						h.add(in.mapHeaders(n.Rhs[i], 1))
					}
				}
			}
		}
		h.add(in.writes(isField, 1))
		hall.add(a.optionNames(b, field, hb))
	}
	h := &hall
	// A parameter's map, stored in the field, comes from callers this scan
	// does not follow (a client option's is the user's configuration:
	// clientheaders.go).
	if len(h.params) > 0 {
		h.maybe = true
	}
	// An exported field is an option the user of the package fills (user
	// metadata, extra headers): what the user puts there, and what the
	// package copies into it from such maps, is the user's content. A key
	// is present when the request carries a key-list header, and the
	// program puts one there only as a name it writes.
	if field.Exported() {
		h.maybe = false
	}
	h.params, h.fresh, h.via = nil, nil, nil
	a.fieldHdrs[field] = *h
	return *h
}

// inspectorOf returns an inspector for a top-level declaration, a function
// or a var declaration.
func (a *analyzer) inspectorOf(b *bodies.Body) *inspector {
	if b.Func != nil {
		return a.inspector(b)
	}
	return &inspector{a: a, info: a.pass.TypesInfo, decl: b.Node, body: b}
}

// usersOf returns, in source order, the top-level bodies of the package
// that name field: only they can store into it. Reading every body for
// every map field made fieldScan quadratic on SDK packages with many
// option structs; the uses are indexed once per package instead.
func (a *analyzer) usersOf(field *types.Var) []*bodies.Body {
	if a.fieldUsers == nil {
		a.fieldUsers = map[*types.Var][]*bodies.Body{}
		top := slices.Clone(a.index.Top)
		slices.SortFunc(top, func(x, y *bodies.Body) int { return cmp.Compare(x.Node.Pos(), y.Node.Pos()) })
		seen := map[*types.Var]map[*bodies.Body]bool{}
		for id, obj := range a.pass.TypesInfo.Uses {
			v, ok := obj.(*types.Var)
			if !ok || !v.IsField() || v.Pkg() != a.pass.Pkg {
				continue
			}
			i, _ := slices.BinarySearchFunc(top, id.Pos(), func(b *bodies.Body, p token.Pos) int {
				if b.Node.End() <= p {
					return -1
				}
				if b.Node.Pos() > p {
					return 1
				}
				return 0
			})
			if i >= len(top) || top[i].Node.Pos() > id.Pos() || id.Pos() >= top[i].Node.End() {
				continue
			}
			if seen[v] == nil {
				seen[v] = map[*bodies.Body]bool{}
			}
			if b := top[i]; !seen[v][b] {
				seen[v][b] = true
				a.fieldUsers[v] = append(a.fieldUsers[v], b)
			}
		}
		for _, bs := range a.fieldUsers {
			slices.SortFunc(bs, func(x, y *bodies.Body) int { return cmp.Compare(x.Node.Pos(), y.Node.Pos()) })
		}
	}
	return a.fieldUsers[field]
}

// elemHeaders reads the header names a call gives a variadic parameter
// from index i on, as the field name of each element: none when it gives
// no element, and unknown for one that is not a literal (or a spread
// slice).
func (in *inspector) elemHeaders(call *ast.CallExpr, i int, name string) hmap {
	if call.Ellipsis.IsValid() {
		return hmap{maybe: true}
	}
	var h hmap
	for _, arg := range call.Args[min(i, len(call.Args)):] {
		if name == "" {
			h.add(in.mapHeaders(arg, 0)) // each element is a header map
			continue
		}
		lit, ok := ast.Unparen(arg).(*ast.CompositeLit)
		if !ok {
			return hmap{maybe: true}
		}
		named := false
		for _, el := range lit.Elts {
			if kv, ok := el.(*ast.KeyValueExpr); ok {
				if k, ok := kv.Key.(*ast.Ident); ok && k.Name == name {
					h.add(in.nameHeaders(kv.Value, nil, 0))
					named = true
				}
			}
		}
		if !named {
			h.maybe = true // positional fields: not read
		}
	}
	return h
}

// sameModule reports whether pkg belongs to the module of the package
// being analyzed (unknown: no).
func sameModule(pass *analysis.Pass, pkg *types.Package) bool {
	if pass.Module == nil || pass.Module.Path == "" || pkg == nil {
		return false
	}
	m := pass.Module.Path
	return pkg.Path() == m || strings.HasPrefix(pkg.Path(), m+"/")
}

package retrynonidempotent

import (
	"fmt"
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"strings"

	"github.com/idemlint/idemlint/passes/internal/astutil"
	"github.com/idemlint/idemlint/passes/internal/bodies"
	"github.com/idemlint/idemlint/passes/internal/libs"
)

// A header set with a name that is not constant is followed back to where
// the names come from, instead of counting as a possible key: a generic
// c.do(ctx, method, path, headers) helper copies its caller's map into the
// request, and whether the request carries a key is decided by what that
// caller puts into the map. The names come from:
//   - constants (a key-list name is a key, any other is not);
//   - a map literal, make, or a map filled with constant names;
//   - a parameter of the function, or a field of a struct parameter
//     (HeaderParam): the function's fact says so and each caller judges
//     its argument, through any number of helpers and packages;
//   - a function of the program returning headers (HeadersFact);
//   - a map-typed struct field of the package other than through a
//     parameter: every value the package stores in it. An exported option
//     field the user fills (UserMetadata) counts for what the program puts
//     in it: a key is present when the request carries a key-list header,
//     and nothing in the program puts one there.
//
// Anything else (a map from another package's field, an opaque call, a name
// made at run time) may hold a key, as before.

// HeaderParam names a header map that a function copies into the request
// it sends or builds: its parameter Param, or the field Field of that
// parameter (a struct of request metadata).
type HeaderParam struct {
	Param int
	Field string
}

func (p HeaderParam) String() string {
	if p.Field != "" {
		return fmt.Sprintf("%d.%s", p.Param, p.Field)
	}
	return fmt.Sprint(p.Param)
}

// HeadersFact marks a function of the program that returns a header map:
// Key says it holds a key-list name, Maybe that names it cannot see may be
// one; FreshKey is the file:line where the key's value is made anew on
// every call (uuid.NewString() in the helper).
type HeadersFact struct {
	Key      bool
	Maybe    bool
	FreshKey string
}

func (*HeadersFact) AFact() {}
func (f *HeadersFact) String() string {
	return fmt.Sprintf("returns headers (key=%t maybe=%t fresh=%t)", f.Key, f.Maybe, f.FreshKey != "")
}

// hmap is what a header map holds, as far as keys go.
type hmap struct {
	key    bool          // a key-list name
	maybe  bool          // names that cannot be seen
	params []HeaderParam // names copied from the function's parameters
	fresh  []token.Pos   // calls, in this function, making a key's value
	via    *freshKey     // a helper called here that makes a new key per call
}

func (h *hmap) add(o hmap) {
	h.key = h.key || o.key
	h.maybe = h.maybe || o.maybe
	h.params = append(h.params, o.params...)
	h.fresh = append(h.fresh, o.fresh...)
	if h.via == nil {
		h.via = o.via
	}
}

// addHeaders records on a send the names a header map gives its request.
func (s *send) addHeaders(h hmap) {
	if h.key || h.maybe {
		s.keyed = true
	}
	s.keyParams = append(s.keyParams, h.params...)
	s.freshAt = append(s.freshAt, h.fresh...)
	if s.fresh == nil && h.via != nil {
		s.fresh = h.via
	}
}

const maxMapDepth = 8

// nameHeaders judges a header name expression: which names it can be.
// value is the header's value, read for keys made on the spot.
func (in *inspector) nameHeaders(name, value ast.Expr, depth int) hmap {
	if depth > maxMapDepth {
		return hmap{maybe: true}
	}
	switch in.a.isKeyName(in.info, name) {
	case isKey:
		h := hmap{key: true}
		if value != nil {
			h.fresh = in.freshIn(value, 0)
		}
		return h
	case notKey:
		return hmap{}
	}
	switch x := ast.Unparen(name).(type) {
	case *ast.Ident:
		// for k, v := range m { h.Set(k, v[0]) }: the names of m.
		if v, ok := in.info.Uses[x].(*types.Var); ok {
			if m := in.rangeOver(v); m != nil {
				return in.mapHeaders(m, depth+1)
			}
			// o.SetHeader(name, value): any name its callers give, and a
			// key when a caller in the package gives one.
			if i := in.paramIndex(v); i >= 0 && in.body != nil && in.body.Func != nil {
				return hmap{maybe: true, key: in.a.keyArgGiven(in.body.Func, i)}
			}
		}
	case *ast.BinaryExpr:
		// "x-amz-meta-" + k: no key-list name starts that way.
		if tv := in.info.Types[x.X]; x.Op == token.ADD && tv.Value != nil && tv.Value.Kind() == constant.String {
			prefix := constant.StringVal(tv.Value)
			for _, k := range headers {
				if len(k) >= len(prefix) && strings.EqualFold(k[:len(prefix)], prefix) {
					return hmap{maybe: true}
				}
			}
			return hmap{}
		}
	case *ast.CallExpr:
		// http.CanonicalHeaderKey(k), strings.ToLower(k): the same name.
		if fn := libs.Callee(in.info, x); fn != nil && len(x.Args) == 1 && fn.Pkg() != nil && sameName(fn) {
			return in.nameHeaders(x.Args[0], value, depth+1)
		}
	}
	return hmap{maybe: true}
}

// keyArgGiven reports whether a call of fn in the package passes a
// key-list name as its parameter i.
func (a *analyzer) keyArgGiven(fn *types.Func, i int) bool {
	k := paramKey{fn, i}
	if r, ok := a.keyArgs[k]; ok {
		return r
	}
	r := false
	for n, callee := range a.index.Package() {
		call, ok := n.(*ast.CallExpr)
		if !ok || callee != fn || i >= len(call.Args) {
			continue
		}
		if a.isKeyName(a.pass.TypesInfo, call.Args[i]) == isKey {
			r = true
			break
		}
	}
	a.keyArgs[k] = r
	return r
}

type paramKey struct {
	fn *types.Func
	i  int
}

func sameName(fn *types.Func) bool {
	switch fn.Pkg().Path() + "." + fn.Name() {
	case "net/http.CanonicalHeaderKey", "net/textproto.CanonicalMIMEHeaderKey",
		"strings.ToLower", "strings.ToUpper", "strings.TrimSpace", "strings.ToTitle":
		return true
	}
	return false
}

// rangeOver returns the map a range statement of the function ranges over
// when v is its key variable.
func (in *inspector) rangeOver(v *types.Var) ast.Expr {
	if in.decl == nil || v.Pos() < in.decl.Pos() || v.Pos() >= in.decl.End() {
		return nil
	}
	var out ast.Expr
	ast.Inspect(in.decl, func(n ast.Node) bool {
		if out != nil {
			return false
		}
		if r, ok := n.(*ast.RangeStmt); ok {
			if id, ok := r.Key.(*ast.Ident); ok && in.info.Defs[id] == v || ok && in.info.Uses[id] == v && r.Tok == token.ASSIGN {
				if t := in.info.TypeOf(r.X); t != nil && isHeaderMap(t) {
					out = r.X
				}
			}
		}
		return true
	})
	return out
}

// mapHeaders judges a header map expression (http.Header, map[string]string,
// map[string][]string).
func (in *inspector) mapHeaders(e ast.Expr, depth int) hmap {
	if depth > maxMapDepth {
		return hmap{maybe: true}
	}
	switch x := ast.Unparen(e).(type) {
	case *ast.UnaryExpr:
		return in.mapHeaders(x.X, depth+1)
	case *ast.StarExpr:
		return in.mapHeaders(x.X, depth+1)
	case *ast.CompositeLit:
		var h hmap
		for _, elt := range x.Elts {
			if kv, ok := elt.(*ast.KeyValueExpr); ok {
				h.add(in.nameHeaders(kv.Key, kv.Value, depth+1))
			}
		}
		return h
	case *ast.Ident:
		if x.Name == "nil" && in.info.Uses[x] == types.Universe.Lookup("nil") {
			return hmap{}
		}
		v, ok := in.info.Uses[x].(*types.Var)
		if !ok {
			return hmap{maybe: true}
		}
		return in.varHeaders(v, depth)
	case *ast.SelectorExpr:
		sel := in.info.Selections[x]
		if sel == nil || sel.Kind() != types.FieldVal {
			return hmap{maybe: true}
		}
		field, _ := sel.Obj().(*types.Var)
		return in.fieldHeaders(x.X, field, depth)
	case *ast.CallExpr:
		return in.callHeaders(x, depth)
	}
	return hmap{maybe: true}
}

// varHeaders judges the map a variable holds: what is assigned to it and
// what is written into it in the function; a parameter's names come from
// the callers.
func (in *inspector) varHeaders(v *types.Var, depth int) hmap {
	var h hmap
	if i := in.paramIndex(v); i >= 0 {
		h.params = append(h.params, HeaderParam{Param: i})
	} else {
		if in.decl == nil || v.Pos() < in.decl.Pos() || v.Pos() >= in.decl.End() {
			return hmap{maybe: true} // a package variable, a captured one
		}
		vals := in.a.index.Assignments(in.info, in.body, v)
		if len(vals) == 0 {
			return hmap{maybe: true} // a range or type switch variable
		}
		for _, d := range vals {
			h.add(in.mapHeaders(d, depth+1))
		}
	}
	h.add(in.writes(func(e ast.Expr) bool {
		id, ok := ast.Unparen(e).(*ast.Ident)
		return ok && in.info.Uses[id] == v
	}, depth))
	return h
}

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
	var h hmap
	for _, d := range vals {
		h.add(in.structField(d, field, depth+1))
	}
	if in.escapes(v) {
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
	}
	return hmap{maybe: true}
}

// writes judges the names written, in the function, into the map that
// target picks: m.Set(k, v), m[k] = v, maps.Copy(m, src), a function whose
// fact says it sets the key on it.
func (in *inspector) writes(target func(ast.Expr) bool, depth int) hmap {
	var h hmap
	for n, fn := range in.a.index.All(in.body) {
		switch n := n.(type) {
		case *ast.CallExpr:
			sel, isSel := n.Fun.(*ast.SelectorExpr)
			if i, ok := libs.HeaderSetters.Lookup(fn); ok && isSel && i+1 < len(n.Args) && target(sel.X) {
				h.add(in.nameHeaders(n.Args[i], n.Args[i+1], depth+1))
				continue
			}
			if isMapsCopy(fn) && len(n.Args) == 2 && target(n.Args[0]) {
				h.add(in.mapHeaders(n.Args[1], depth+1))
				continue
			}
			var f SetsKeyFact
			if fn != nil && in.a.setsKeyFact(fn, &f) && f.Param < len(n.Args) && target(n.Args[f.Param]) {
				h.key = true
			}
		case *ast.AssignStmt:
			for i, l := range n.Lhs {
				if ix, ok := ast.Unparen(l).(*ast.IndexExpr); ok && target(ix.X) {
					var val ast.Expr
					if len(n.Lhs) == len(n.Rhs) {
						val = n.Rhs[i]
					}
					h.add(in.nameHeaders(ix.Index, val, depth+1))
				}
			}
		}
	}
	return h
}

func isMapsCopy(fn *types.Func) bool {
	return fn != nil && fn.Pkg() != nil && fn.Pkg().Path() == "maps" && fn.Name() == "Copy"
}

// callHeaders judges a map returned by a call.
func (in *inspector) callHeaders(call *ast.CallExpr, depth int) hmap {
	if tv, ok := in.info.Types[call.Fun]; ok && tv.IsType() && len(call.Args) == 1 {
		return in.mapHeaders(call.Args[0], depth+1) // http.Header(m)
	}
	if tv, ok := in.info.Types[call.Fun]; ok && tv.IsBuiltin() {
		if id, ok := ast.Unparen(call.Fun).(*ast.Ident); ok && id.Name == "make" {
			return hmap{}
		}
		return hmap{maybe: true}
	}
	fn := libs.Callee(in.info, call)
	if fn == nil {
		return hmap{maybe: true}
	}
	if fn.Pkg() != nil && fn.Pkg().Path() == "maps" && fn.Name() == "Clone" && len(call.Args) == 1 {
		return in.mapHeaders(call.Args[0], depth+1)
	}
	if sel, ok := call.Fun.(*ast.SelectorExpr); ok && fn.Name() == "Clone" && isHeader(in.info.TypeOf(sel.X)) {
		return in.mapHeaders(sel.X, depth+1)
	}
	var f HeadersFact
	if in.a.headersFact(fn, &f) {
		h := hmap{key: f.Key, maybe: f.Maybe}
		if f.FreshKey != "" {
			h.via = &freshKey{call: call, via: fn, where: f.FreshKey, inMap: true}
		}
		return h
	}
	return hmap{maybe: true}
}

// paramIndex is v's index among the function's parameters, or -1.
func (in *inspector) paramIndex(v *types.Var) int {
	if in.sig == nil {
		return -1
	}
	for i := range in.sig.Params().Len() {
		if in.sig.Params().At(i) == v {
			return i
		}
	}
	return -1
}

// freshIn returns the calls in e (and in what the locals it reads were
// assigned) that make a new value on each call.
func (in *inspector) freshIn(e ast.Expr, depth int) []token.Pos {
	var out []token.Pos
	if depth > 3 {
		return nil
	}
	ast.Inspect(e, func(n ast.Node) bool {
		switch x := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.CallExpr:
			if fn := libs.Callee(in.info, x); fn != nil && (libs.MakesFreshValue(fn) || in.a.isFresh(fn)) {
				out = append(out, x.Pos())
				return false
			}
		case *ast.Ident:
			if v, ok := in.info.Uses[x].(*types.Var); ok && in.paramIndex(v) < 0 && in.decl != nil && v.Pos() >= in.decl.Pos() && v.Pos() < in.decl.End() {
				for _, d := range in.a.index.Assignments(in.info, in.body, v) {
					out = append(out, in.freshIn(d, depth+1)...)
				}
			}
		}
		return true
	})
	return out
}

// argHeaders judges, at a call, the map its callee copies from parameter p.
func (in *inspector) argHeaders(call *ast.CallExpr, p HeaderParam) hmap {
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

func (a *analyzer) headersFact(fn *types.Func, f *HeadersFact) bool {
	if local, ok := a.headerFuncs[fn]; ok {
		*f = *local
		return true
	}
	return fn.Pkg() != nil && fn.Pkg() != a.pass.Pkg && a.pass.ImportObjectFact(fn, f)
}

// fieldScan judges a map-typed struct field of the package by every value
// the package stores in it; a field of another package may hold anything.
func (a *analyzer) fieldScan(field *types.Var) hmap {
	if field.Pkg() != a.pass.Pkg {
		return hmap{maybe: true}
	}
	if h, ok := a.fieldHdrs[field]; ok {
		return h
	}
	a.fieldHdrs[field] = hmap{maybe: true} // while it is being read
	var h hmap
	isField := func(e ast.Expr) bool {
		s, ok := ast.Unparen(e).(*ast.SelectorExpr)
		if !ok {
			return false
		}
		sel := a.pass.TypesInfo.Selections[s]
		return sel != nil && sel.Obj() == field
	}
	for _, b := range a.index.Top {
		in := a.inspectorOf(b)
		h.add(in.writes(isField, 1))
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
						h.add(in.mapHeaders(n.Rhs[i], 1))
					}
				}
			}
		}
	}
	// A parameter's map, stored in the field, comes from callers this scan
	// does not follow.
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
	a.fieldHdrs[field] = h
	return h
}

// inspectorOf returns an inspector for a top-level declaration, a function
// or a var declaration.
func (a *analyzer) inspectorOf(b *bodies.Body) *inspector {
	if b.Func != nil {
		return a.inspector(b)
	}
	return &inspector{a: a, info: a.pass.TypesInfo, decl: b.Node, body: b}
}

// learnHeaderFuncs finds the functions of the package that return a header
// map; it reports whether it learned a new one.
func (a *analyzer) learnHeaderFuncs() bool {
	grew := false
	for _, d := range a.decls {
		if a.headerFuncs[d.Func] != nil {
			continue
		}
		res := d.Func.Signature().Results()
		idx := -1
		for i := range res.Len() {
			if isHeaderMap(res.At(i).Type()) {
				idx = i
				break
			}
		}
		if idx < 0 {
			continue
		}
		in := a.inspector(d)
		var h hmap
		seen := false
		for n := range a.index.Each(d, nil) {
			ret, ok := n.(*ast.ReturnStmt)
			if !ok {
				continue
			}
			switch {
			case len(ret.Results) == res.Len():
				h.add(in.mapHeaders(ret.Results[idx], 0))
				seen = true
			case len(ret.Results) == 0 && res.At(idx).Name() != "":
				// a named result: what was assigned and written to it
				h.add(in.varHeaders(res.At(idx), 0))
				seen = true
			default:
				h.maybe = true
			}
		}
		if !seen {
			continue
		}
		f := &HeadersFact{Key: h.key, Maybe: h.maybe || len(h.params) > 0}
		if len(h.fresh) > 0 {
			f.FreshKey = a.position(h.fresh[0])
		} else if h.via != nil {
			f.FreshKey = h.via.where
		}
		a.headerFuncs[d.Func] = f
		grew = true
	}
	return grew
}

// isHeaderMap reports whether t is a map from header names: http.Header,
// map[string]string, map[string][]string.
func isHeaderMap(t types.Type) bool {
	m, ok := t.Underlying().(*types.Map)
	if !ok {
		return false
	}
	k, ok := m.Key().Underlying().(*types.Basic)
	return ok && k.Info()&types.IsString != 0
}

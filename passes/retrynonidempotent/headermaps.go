package retrynonidempotent

import (
	"fmt"
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"strings"

	"github.com/idemlint/idemlint/passes/internal/astutil"
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

// maxMapDepth bounds the header walk on top of the locals it is reading
// (inspector.reading): that set stops a cycle, but many locals assigned
// from each other in every order still make many paths, each re-read.
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
			h.fresh = in.freshIn(value)
		}
		return h
	case notKey:
		return hmap{}
	}
	switch x := ast.Unparen(name).(type) {
	case *ast.Ident:
		// if !strings.HasPrefix(k, "Buildkite-") { continue }: every name
		// written here starts that way.
		if prefix, ok := in.guardedPrefix(x); ok {
			return prefixNames(prefix)
		}
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
			return prefixNames(constant.StringVal(tv.Value))
		}
	case *ast.CallExpr:
		// http.CanonicalHeaderKey(k), strings.ToLower(k): the same name.
		if fn := libs.Callee(in.info, x); fn != nil && len(x.Args) == 1 && fn.Pkg() != nil && sameName(fn) {
			return in.nameHeaders(x.Args[0], value, depth+1)
		}
	case *ast.SelectorExpr:
		// for _, h := range headers { req.Header.Add(h.Name, h.Value) }
		// over a variadic parameter: the names its callers give.
		if i := in.variadicElem(x.X); i >= 0 {
			return hmap{params: []HeaderParam{{Param: i, Field: elemField + x.Sel.Name}}}
		}
	}
	if value != nil && in.processWide(value, 0) {
		// req.Header.Set(h.Key, h.Value) for the configured headers of a
		// package-level config: one value for every request the process
		// sends, so no key that tells one operation from another.
		return hmap{}
	}
	return hmap{maybe: true}
}

// processWide reports whether e reads only a package-level variable
// (through locals assigned once from it: h := &cfg.Headers[i]).
func (in *inspector) processWide(e ast.Expr, depth int) bool {
	if depth > 3 {
		return false
	}
	for {
		switch x := ast.Unparen(e).(type) {
		case *ast.IndexExpr:
			e = x.X
			continue
		case *ast.StarExpr:
			e = x.X
			continue
		case *ast.SelectorExpr:
			if ix, ok := ast.Unparen(x.X).(*ast.IndexExpr); ok {
				e = ix.X // cfg.Headers[i].Value
				continue
			}
		}
		break
	}
	v, ok := astutil.RootObject(in.info, e).(*types.Var)
	if !ok || v.Pkg() == nil {
		return false
	}
	if v.Parent() == v.Pkg().Scope() {
		return true
	}
	if in.body == nil || v.IsField() {
		return false
	}
	defs := in.a.index.Assignments(in.info, in.body, v)
	if len(defs) != 1 {
		return false
	}
	d := ast.Unparen(defs[0])
	if u, ok := d.(*ast.UnaryExpr); ok && u.Op == token.AND {
		d = u.X
	}
	return in.processWide(d, depth+1)
}

// prefixNames judges names that start with prefix: a key only if a
// key-list name starts that way.
func prefixNames(prefix string) hmap {
	for _, k := range headers {
		if len(k) >= len(prefix) && strings.EqualFold(k[:len(prefix)], prefix) {
			return hmap{maybe: true}
		}
	}
	return hmap{}
}

// guardedPrefix returns the constant prefix a strings.HasPrefix test
// proves the name variable id starts with where it is used: the use is
// inside if strings.HasPrefix(k, p) { ... }, or follows if
// !strings.HasPrefix(k, p) { continue } in the same block.
func (in *inspector) guardedPrefix(id *ast.Ident) (string, bool) {
	v := in.info.Uses[id]
	if v == nil || in.decl == nil || !astutil.Contains(in.decl, id) {
		return "", false
	}
	prefix, found := "", false
	ast.Inspect(in.decl, func(n ast.Node) bool {
		if found {
			return false
		}
		switch n := n.(type) {
		case *ast.IfStmt:
			if p, neg, ok := hasPrefixTest(in.info, n.Cond, v); ok && !neg && astutil.Contains(n.Body, id) {
				prefix, found = p, true
			}
		case *ast.BlockStmt:
			for _, st := range n.List {
				if st.Pos() > id.Pos() {
					break
				}
				ifs, ok := st.(*ast.IfStmt)
				if !ok || ifs.Else != nil || !astutil.Contains(n, id) || astutil.Contains(ifs, id) {
					continue
				}
				if p, neg, ok := hasPrefixTest(in.info, ifs.Cond, v); ok && neg && leavesBlock(ifs.Body) {
					prefix, found = p, true
				}
			}
		}
		return true
	})
	return prefix, found
}

// hasPrefixTest reads strings.HasPrefix(v, "p") or its negation.
func hasPrefixTest(info *types.Info, cond ast.Expr, v types.Object) (prefix string, neg, ok bool) {
	e := ast.Unparen(cond)
	if u, isNot := e.(*ast.UnaryExpr); isNot && u.Op == token.NOT {
		e, neg = ast.Unparen(u.X), true
	}
	call, isCall := e.(*ast.CallExpr)
	if !isCall || len(call.Args) != 2 || !libs.Is(libs.Callee(info, call), "strings", "HasPrefix") {
		return "", false, false
	}
	arg, isID := ast.Unparen(call.Args[0]).(*ast.Ident)
	tv := info.Types[call.Args[1]]
	if !isID || info.Uses[arg] != v || tv.Value == nil || tv.Value.Kind() != constant.String {
		return "", false, false
	}
	return constant.StringVal(tv.Value), neg, true
}

// leavesBlock reports whether a block ends by continue or return.
func leavesBlock(b *ast.BlockStmt) bool {
	if len(b.List) == 0 {
		return false
	}
	switch st := b.List[len(b.List)-1].(type) {
	case *ast.ReturnStmt:
		return true
	case *ast.BranchStmt:
		return st.Tok == token.CONTINUE
	}
	return false
}

// elemField marks a HeaderParam naming a field of each element of a
// variadic parameter (headers ...Header: h.Name), or, alone, each element
// itself, a header map (headers ...map[string]string).
const elemField = "..."

// variadicElem returns the index of the variadic parameter that e, a
// range value variable, ranges over (for _, h := range headers), or -1.
func (in *inspector) variadicElem(e ast.Expr) int {
	id, ok := ast.Unparen(e).(*ast.Ident)
	if !ok || in.sig == nil || !in.sig.Variadic() || in.decl == nil {
		return -1
	}
	v, ok := in.info.Uses[id].(*types.Var)
	if !ok {
		return -1
	}
	last := in.sig.Params().Len() - 1
	found := false
	ast.Inspect(in.decl, func(n ast.Node) bool {
		r, ok := n.(*ast.RangeStmt)
		if !ok || found {
			return !found
		}
		val, ok := r.Value.(*ast.Ident)
		x, isID := ast.Unparen(r.X).(*ast.Ident)
		found = ok && isID && in.info.Defs[val] == v && in.info.Uses[x] == in.sig.Params().At(last)
		return !found
	})
	if !found {
		return -1
	}
	return last
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
		// for _, m := range headers { for k, v := range m {...} } over a
		// variadic parameter of maps: the maps its callers give.
		if i := in.variadicElem(x); i >= 0 {
			return hmap{params: []HeaderParam{{Param: i, Field: elemField}}}
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
	if !in.enter(v, nil) {
		return hmap{}
	}
	defer in.leave(v, nil)
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
func (in *inspector) freshIn(e ast.Expr) []token.Pos {
	return in.freshInFrom(e, 0, map[*types.Var]bool{})
}

// freshInFrom is freshIn with the locals being read. The depth keeps the
// paths through locals assigned from each other few.
func (in *inspector) freshInFrom(e ast.Expr, depth int, reading map[*types.Var]bool) []token.Pos {
	var out []token.Pos
	if depth > 3 {
		return nil
	}
	ast.Inspect(e, func(n ast.Node) bool {
		switch x := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.CallExpr:
			fn := libs.Callee(in.info, x)
			if fn != nil && (libs.MakesFreshValue(fn) || in.a.isFresh(fn)) {
				out = append(out, x.Pos())
				return false
			}
			if fn != nil && libs.TimeWindow(fn, lastArgConst(in.info, x)) {
				return false // a deliberate window of the clock (windows.go)
			}
		case *ast.Ident:
			// key = key + suffix: a local already being read adds nothing.
			if v, ok := in.info.Uses[x].(*types.Var); ok && in.paramIndex(v) < 0 && in.decl != nil && v.Pos() >= in.decl.Pos() && v.Pos() < in.decl.End() && !reading[v] {
				reading[v] = true
				for _, d := range in.a.index.Assignments(in.info, in.body, v) {
					out = append(out, in.freshInFrom(d, depth+1, reading)...)
				}
				delete(reading, v)
			}
		}
		return true
	})
	return out
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

package status

import (
	"go/ast"
	"go/types"
	"slices"

	"github.com/idemlint/idemlint/passes/internal/astutil"
	"github.com/idemlint/idemlint/passes/internal/libs"
	"github.com/idemlint/idemlint/passes/internal/retrysite/site"
)

// Status tests as real clients write them: membership of the status in a
// fixed set of codes held by a package variable
// (okStatuses.Contains(resp.StatusCode), slices.Contains(okCodes,
// resp.StatusCode)), and a local boolean that keeps such a test for later
// (ok := ...; if ok && ...).

// NoteBools records the local booleans of body defined there from a
// condition (ok := resp.StatusCode == 200), with every condition they are
// given afterwards (retry := err != nil; if hook != nil { retry =
// hook(resp, err) }): a test of one is a test of whichever it holds.
func (o *Outcomes) NoteBools(body ast.Node) {
	o.members = memberships(o.info, body)
	for obj, vs := range o.definedScalars(body) {
		if !site.IsBool(obj.Type()) {
			continue
		}
		if o.bools == nil {
			o.bools = map[types.Object][]ast.Expr{}
		}
		o.bools[obj] = vs
	}
}

// boolTest returns what a test of a recorded local boolean says: what
// every value it may hold that tests the attempt says. A value that says
// nothing of it (a constant, a hook's answer: retry = hook(resp, err))
// does not undo the others: the flag still goes round on the failures its
// other values find.
func (o *Outcomes) boolTest(id *ast.Ident) (State, State, bool) {
	obj := o.info.ObjectOf(id)
	vs, ok := o.bools[obj]
	if !ok {
		return 0, 0, false
	}
	delete(o.bools, obj) // no recursion through a cycle
	defer func() { o.bools[obj] = vs }()
	t, f, seen := keep, keep, false
	for _, e := range vs {
		et, ef := o.Branch(e)
		switch {
		case et == keep && ef == keep:
		case !seen:
			t, f, seen = et, ef, true
		default:
			t, f = either(t, et), either(f, ef)
		}
	}
	return t, f, true
}

// A membership is a test of whether value is in set.
type membership struct{ set, value ast.Expr }

// memberTest classifies a test of membership of the attempt's status in a
// fixed set of codes: a set of successes only is a success test, one of
// failures only a failure test.
func (o *Outcomes) memberTest(m membership) (State, State, bool) {
	if statusExpr(o.info, o.unalias(m.value), o.IsDerived) != statusCode {
		return 0, 0, false
	}
	return codesTest(statusSetCodes(o.info, m.set)) // an empty set says nothing
}

// unknownCodes reports whether cond tests the attempt's status for
// membership in a set whose codes the program does not show (a field, a
// parameter: c.retryableCodes).
func (o *Outcomes) unknownCodes(cond ast.Expr) bool {
	m, ok := membershipOf(o.info, cond, o.members)
	return ok && statusExpr(o.info, o.unalias(m.value), o.IsDerived) == statusCode && statusSetCodes(o.info, m.set) == nil
}

// memberParts splits a membership test, slices.Contains(set, x) or
// set.Contains(x) / set.Has(x), into the set and the value.
func memberParts(info *types.Info, call *ast.CallExpr) (membership, bool) {
	fn := libs.Callee(info, call)
	switch {
	case fn == nil:
	case libs.Is(fn, "slices", "Contains") && len(call.Args) == 2:
		return membership{call.Args[0], call.Args[1]}, true
	case fn.Signature().Recv() != nil && len(call.Args) == 1 && (fn.Name() == "Contains" || fn.Name() == "Has"):
		if sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr); ok {
			return membership{sel.X, call.Args[0]}, true
		}
	}
	return membership{}, false
}

// memberships returns the booleans of body that keep a membership test
// made by an assignment of two results: _, ok := slices.BinarySearch(set,
// x) and _, ok := set[x] on a map.
func memberships(info *types.Info, body ast.Node) map[types.Object]membership {
	out := map[types.Object]membership{}
	if body == nil {
		return out
	}
	ast.Inspect(body, func(n ast.Node) bool {
		as, ok := n.(*ast.AssignStmt)
		if !ok || len(as.Lhs) != 2 || len(as.Rhs) != 1 {
			return true
		}
		id, ok := as.Lhs[1].(*ast.Ident)
		if !ok || id.Name == "_" {
			return true
		}
		var m membership
		switch rhs := ast.Unparen(as.Rhs[0]).(type) {
		case *ast.CallExpr:
			if fn := libs.Callee(info, rhs); fn == nil || !libs.Is(fn, "slices", "BinarySearch") || len(rhs.Args) != 2 {
				return true
			}
			m = membership{rhs.Args[0], rhs.Args[1]}
		case *ast.IndexExpr:
			if _, isMap := info.TypeOf(rhs.X).Underlying().(*types.Map); !isMap {
				return true
			}
			m = membership{rhs.X, rhs.Index}
		default:
			return true
		}
		if obj := info.ObjectOf(id); obj != nil {
			out[obj] = m
		}
		return true
	})
	return out
}

// membershipOf returns the membership test e makes: a call
// (slices.Contains(set, x)) or a boolean of members that keeps one.
func membershipOf(info *types.Info, e ast.Expr, members map[types.Object]membership) (membership, bool) {
	switch e := ast.Unparen(e).(type) {
	case *ast.CallExpr:
		return memberParts(info, e)
	case *ast.Ident:
		m, ok := members[info.ObjectOf(e)]
		return m, ok
	}
	return membership{}, false
}

// statusSetCodes returns the status codes a package variable is initialized
// with, when its initializer lists only constant codes (a call such as
// set.CreateIntSet(200, 204), a slice or a map literal), or nil.
func statusSetCodes(info *types.Info, e ast.Expr) []int64 {
	id := site.NameOf(e)
	if id == nil {
		return nil
	}
	v, ok := info.Uses[id].(*types.Var)
	if !ok || v.IsField() || v.Pkg() == nil || v.Parent() != v.Pkg().Scope() {
		return nil
	}
	var init ast.Expr
	for _, in := range info.InitOrder {
		if len(in.Lhs) == 1 && in.Lhs[0] == v {
			init = in.Rhs
		}
	}
	var elems []ast.Expr
	switch x := ast.Unparen(init).(type) {
	case *ast.CallExpr:
		elems = x.Args
	case *ast.CompositeLit:
		for _, el := range x.Elts {
			if kv, ok := el.(*ast.KeyValueExpr); ok {
				el = kv.Key
			}
			elems = append(elems, el)
		}
	default:
		return nil
	}
	var codes []int64
	for _, el := range elems {
		c, ok := astutil.IntConst(info, el)
		if !ok || c < 100 || c > 599 {
			return nil
		}
		codes = append(codes, c)
	}
	return codes
}

// orCond decides a || b. A membership of the status in a set whose codes
// the program does not show, beside a test that holds for failures (ok ||
// resp.StatusCode >= 500), lists more failures: a status below 400 is
// not in it.
func (s *sim) orCond(b *ast.BinaryExpr, p *simPath) tri {
	x, y := s.cond(b.X, p), s.cond(b.Y, p)
	if s.code < 400 && s.param == nil {
		if x == unk && s.unknownSet(b.X) {
			x = no
		}
		if y == unk && s.unknownSet(b.Y) {
			y = no
		}
	}
	return x.or(y)
}

// unknownSet reports whether e tests the response's status for membership
// in a set whose codes the program does not show.
func (s *sim) unknownSet(e ast.Expr) bool {
	if s.members == nil {
		s.members = memberships(s.info, s.body)
	}
	m, ok := membershipOf(s.info, e, s.members)
	isResponse := func(x ast.Expr) bool { return site.IsResponseType(s.info.TypeOf(x)) }
	return ok && statusSetCodes(s.info, m.set) == nil && statusExpr(s.info, m.value, isResponse) == statusCode
}

// memberTest evaluates a membership test of the simulated status in a
// fixed set of codes.
func (s *sim) memberTest(call *ast.CallExpr, p *simPath) tri {
	m, ok := memberParts(s.info, call)
	if !ok {
		return unk
	}
	arg := m.value
	codes := statusSetCodes(s.info, m.set)
	if codes == nil || !s.simulated(arg, p) {
		return unk
	}
	v, ok := s.intVal(arg, p)
	if !ok {
		return unk
	}
	s.noteStatusRead(arg)
	return triOf(slices.Contains(codes, v))
}

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

// memberTest classifies a test of membership of the attempt's status in a
// fixed set of codes: a set of successes only is a success test, one of
// failures only a failure test.
func (o *Outcomes) memberTest(call *ast.CallExpr) (State, State, bool) {
	set, arg, ok := memberParts(o.info, call)
	if ok {
		arg = o.unalias(arg)
	}
	if !ok || statusExpr(o.info, arg, o.IsDerived) != statusCode {
		return 0, 0, false
	}
	return codesTest(statusSetCodes(o.info, set)) // an empty set says nothing
}

// memberParts splits a membership test, slices.Contains(set, x) or
// set.Contains(x) / set.Has(x), into the set and the value.
func memberParts(info *types.Info, call *ast.CallExpr) (set, arg ast.Expr, ok bool) {
	fn := libs.Callee(info, call)
	switch {
	case fn == nil:
	case libs.Is(fn, "slices", "Contains") && len(call.Args) == 2:
		return call.Args[0], call.Args[1], true
	case fn.Signature().Recv() != nil && len(call.Args) == 1 && (fn.Name() == "Contains" || fn.Name() == "Has"):
		if sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr); ok {
			return sel.X, call.Args[0], true
		}
	}
	return nil, nil, false
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

// memberTest evaluates a membership test of the simulated status in a
// fixed set of codes.
func (s *sim) memberTest(call *ast.CallExpr, p *simPath) tri {
	set, arg, ok := memberParts(s.info, call)
	if !ok {
		return unk
	}
	codes := statusSetCodes(s.info, set)
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

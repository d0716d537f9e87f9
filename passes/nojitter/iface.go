package nojitter

import (
	"go/types"

	"github.com/idemlint/idemlint/passes/internal/astutil"

	"golang.org/x/tools/go/ssa"
)

// invoke summarises a delay computed by an interface method
// (b.Next(attempt) on a backoffer): the implementations of the method in
// the program are judged. They are pinned down in two ways: the interface
// is an unexported one of this package and every type that implements it
// is of this package (a type of an imported package could be stored in
// it); or the interface value is read from an unexported field of this
// package whose every stored value is a concrete type of this package
// (c.b, set to constant{d} in the constructor). Anything else stays
// opaque (RULES.md, "Across function boundaries"). Where the implementations disagree the delay is
// given the benefit of the doubt: it has jitter if any of them adds some,
// and grows without a cap only if every one does.
func (t *tracer) invoke(c *ssa.CallCommon, depth int) delay {
	impls := t.implementations(c)
	if len(impls) == 0 {
		return delay{opaque: true}
	}
	args := delay{}
	for _, a := range c.Args {
		args = args.merge(t.trace(a, depth+1))
	}
	out := delay{grows: true}
	for _, fn := range impls {
		if m, ok := fn.Object().(*types.Func); ok {
			t.note(fn.Pos(), "%s computes the delay", astutil.FuncName(m))
		}
		t.inCallee++
		d := t.returns(fn, depth+1)
		t.inCallee--
		if d.opaque || d.gate != nil || d.server {
			return delay{opaque: true}
		}
		out.random = out.random || d.random
		out.varying = out.varying || d.varying
		out.grows = out.grows && d.grows && !d.capped
	}
	out.random = out.random || args.random
	out.varying = out.varying || args.varying
	out.param = args.param
	if args.capped {
		out.grows = false
	}
	return out
}

// implementations returns the methods that an invoke call c may run, or
// nil when they cannot all be pinned down.
func (t *tracer) implementations(c *ssa.CallCommon) []*ssa.Function {
	named, ok := types.Unalias(c.Value.Type()).(*types.Named)
	if !ok || named.Obj().Pkg() != t.pkg || named.Obj().Exported() || named.TypeParams().Len() > 0 {
		return t.storedImplementations(c)
	}
	iface, ok := named.Underlying().(*types.Interface)
	if !ok {
		return nil
	}
	// A type of an imported package that implements it could be stored
	// in it: the implementations are not all in sight.
	for _, imp := range t.pkg.Imports() {
		if implementedIn(imp, iface) {
			return nil
		}
	}
	byObj := t.methods()
	var out []*ssa.Function
	scope := t.pkg.Scope()
	for _, name := range scope.Names() {
		tn, ok := scope.Lookup(name).(*types.TypeName)
		if !ok || tn.IsAlias() {
			continue
		}
		T, ok := tn.Type().(*types.Named)
		if !ok || types.IsInterface(T) {
			continue
		}
		var recv types.Type
		switch {
		case types.Implements(T, iface):
			recv = T
		case types.Implements(types.NewPointer(T), iface):
			recv = types.NewPointer(T)
		default:
			continue
		}
		if T.TypeParams().Len() > 0 {
			return nil
		}
		obj, _, _ := types.LookupFieldOrMethod(recv, true, t.pkg, c.Method.Name())
		fn := byObj[obj]
		if fn == nil || len(fn.Blocks) == 0 {
			return nil // promoted from an embedded type, or no body
		}
		out = append(out, fn)
	}
	return out
}

// implementedIn reports whether a named type of pkg implements iface.
func implementedIn(pkg *types.Package, iface *types.Interface) bool {
	scope := pkg.Scope()
	for _, name := range scope.Names() {
		tn, ok := scope.Lookup(name).(*types.TypeName)
		if !ok || types.IsInterface(tn.Type()) {
			continue
		}
		if types.Implements(tn.Type(), iface) || types.Implements(types.NewPointer(tn.Type()), iface) {
			return true
		}
	}
	return false
}

// methods indexes the package's functions by their object.
func (t *tracer) methods() map[types.Object]*ssa.Function {
	byObj := map[types.Object]*ssa.Function{}
	for _, fn := range t.funcs() {
		if obj := fn.Object(); obj != nil {
			byObj[obj] = fn
		}
	}
	return byObj
}

// storedImplementations returns the methods an invoke call runs when its
// interface value is loaded from an unexported field of a struct of this
// package whose every store puts a concrete type of this package in it,
// or nil.
func (t *tracer) storedImplementations(c *ssa.CallCommon) []*ssa.Function {
	var field types.Object
	switch v := c.Value.(type) {
	case *ssa.UnOp:
		if fa, ok := v.X.(*ssa.FieldAddr); ok {
			field = fieldOf(fa.X.Type(), fa.Field)
		}
	case *ssa.Field:
		field = fieldOf(v.X.Type(), v.Field)
	}
	if field == nil || field.Exported() || field.Pkg() != t.pkg {
		return nil
	}
	if t.stores == nil {
		t.stores = storesOf(t.funcs())
	}
	stores := t.stores[field]
	if len(stores) == 0 {
		return nil
	}
	byObj := t.methods()
	var out []*ssa.Function
	for _, st := range stores {
		mi, ok := st.Val.(*ssa.MakeInterface)
		if !ok {
			return nil
		}
		T := mi.X.Type()
		base := T
		if p, ok := T.(*types.Pointer); ok {
			base = p.Elem()
		}
		n, ok := types.Unalias(base).(*types.Named)
		if !ok || n.Obj().Pkg() != t.pkg || n.TypeParams().Len() > 0 {
			return nil
		}
		obj, _, _ := types.LookupFieldOrMethod(T, true, t.pkg, c.Method.Name())
		fn := byObj[obj]
		if fn == nil || len(fn.Blocks) == 0 {
			return nil
		}
		out = append(out, fn)
	}
	return out
}

package nojitter

import (
	"go/token"
	"go/types"
	"slices"
	"strings"

	"golang.org/x/tools/go/ssa"
)

// storedFuncs resolves a call through a function kept in a field of the
// package's own types (wait, err := c.retryAfter(resp), the field set by
// the constructor or by a setter: c.retryAfter = RespectRetryAfter, or
// SetRetryAfter(cb) called with one): the functions stored there. A
// setter's parameter is followed to the functions its callers in sight
// pass, as exportedArgument follows a delay. Nil when any store holds a
// value that is not a function of the package.
func (t *tracer) storedFuncs(c *ssa.CallCommon) []*ssa.Function {
	return t.fieldFuncs(c.Value, map[ssa.Value]bool{})
}

// fieldFuncs is the functions v, a function value loaded from a field,
// can be; or, for a local that falls back on another function when the
// field holds none (f := c.retryAfter; if f == nil { f =
// defaultBackoff().Duration }), the functions of both.
func (t *tracer) fieldFuncs(v ssa.Value, seen map[ssa.Value]bool) []*ssa.Function {
	if phi, ok := v.(*ssa.Phi); ok && !seen[v] {
		seen[v] = true
		out := []*ssa.Function{}
		for _, e := range phi.Edges {
			if c, ok := e.(*ssa.Const); ok && c.IsNil() {
				continue // the nil the fallback replaces
			}
			fns := t.fieldFuncs(e, seen)
			if fns == nil {
				fns = t.funcValues(e, seen)
			}
			if fns == nil {
				return nil
			}
			out = append(out, fns...)
		}
		return out
	}
	field := calleeField(v)
	if field == nil || field.Pkg() != t.pkg || t.funcs == nil {
		return nil
	}
	if t.stores == nil {
		t.stores = storesOf(t.funcs())
	}
	out := []*ssa.Function{} // none stored: the field is always nil
	for _, st := range t.stores[field] {
		fns := t.funcValues(st.Val, map[ssa.Value]bool{})
		if fns == nil {
			return nil
		}
		out = append(out, fns...)
	}
	return out
}

// calleeField is the field a called function value is loaded from.
func calleeField(v ssa.Value) types.Object {
	switch v := v.(type) {
	case *ssa.UnOp:
		if fa, ok := v.X.(*ssa.FieldAddr); ok && v.Op == token.MUL {
			return fieldOf(fa.X.Type(), fa.Field)
		}
	case *ssa.Field:
		return fieldOf(v.X.Type(), v.Field)
	}
	return nil
}

// funcValues is the functions v can be: a function, a closure, or a
// parameter of a package function whose callers are all in sight and
// pass functions. Nil when it can be anything else.
func (t *tracer) funcValues(v ssa.Value, seen map[ssa.Value]bool) []*ssa.Function {
	if seen[v] {
		return []*ssa.Function{}
	}
	seen[v] = true
	switch v := v.(type) {
	case *ssa.Function:
		if len(v.Blocks) == 0 {
			return nil
		}
		return []*ssa.Function{v}
	case *ssa.MakeClosure:
		if fn, ok := v.Fn.(*ssa.Function); ok && len(v.Bindings) == 1 && strings.HasPrefix(fn.Synthetic, "bound method wrapper") {
			if t.boundRecv == nil {
				t.boundRecv = map[*ssa.Function][]ssa.Value{}
			}
			if !slices.Contains(t.boundRecv[fn], v.Bindings[0]) {
				t.boundRecv[fn] = append(t.boundRecv[fn], v.Bindings[0])
			}
		}
		return t.funcValues(v.Fn, seen)
	case *ssa.ChangeType:
		return t.funcValues(v.X, seen)
	case *ssa.Parameter:
		fn := v.Parent()
		if fn == nil || fn.Pkg == nil || fn.Pkg.Pkg != t.pkg {
			return nil
		}
		if t.callers == nil {
			t.callers, t.escaped = callersOf(t.funcs())
		}
		calls := t.callers[fn]
		idx := ssaParamIndex(fn, v)
		if len(calls) == 0 || t.escaped[fn] || idx < 0 {
			return nil
		}
		out := []*ssa.Function{}
		for _, c := range calls {
			if idx >= len(c.Args) {
				return nil
			}
			fns := t.funcValues(c.Args[idx], seen)
			if fns == nil {
				return nil
			}
			out = append(out, fns...)
		}
		return out
	}
	return nil
}

// ssaParamIndex is p's position among fn's parameters, or -1.
func ssaParamIndex(fn *ssa.Function, p *ssa.Parameter) int {
	for i, q := range fn.Params {
		if q == p {
			return i
		}
	}
	return -1
}

// storedCalls judges a call through a function field by what the
// functions stored there return; opaque when they are not all in sight.
func (t *tracer) storedCalls(c *ssa.CallCommon, depth int) delay {
	fns := t.storedFuncs(c)
	if len(fns) == 0 {
		return delay{opaque: true}
	}
	t.inCallee++
	defer func() { t.inCallee-- }()
	d := delay{}
	for _, fn := range fns {
		d = d.merge(t.returns(fn, depth+1))
	}
	return d
}

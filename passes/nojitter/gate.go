package nojitter

import (
	"go/token"
	"go/types"
	"slices"

	"golang.org/x/tools/go/ssa"
)

// A backoff type copied from jpillora/backoff (slack-go keeps one in an
// internal package) adds its jitter only when a field of the receiver is
// set: `if b.Jitter > 0 { d += rand.Intn(b.Jitter) }`. Its Duration is
// random or not depending on the value the caller built; these functions
// find that gate in the method and the caller's value for it.

// recvGate returns, for each edge of phi, the field of the method's
// receiver that the edge's path tested as set (b.Jitter, b.Jitter > 0,
// b.Jitter != 0), or nil.
func recvGate(phi *ssa.Phi) []*types.Var {
	out := make([]*types.Var, len(phi.Edges))
	fn := phi.Parent()
	if fn == nil || fn.Signature.Recv() == nil || len(fn.Params) == 0 {
		return out
	}
	recv := fn.Params[0]
	preds := phi.Block().Preds
	for i := range phi.Edges {
		if i >= len(preds) {
			break
		}
		b := preds[i]
		// Up the dominators to an If whose true branch leads here and
		// tests a field of the receiver as set (branches of its own may
		// sit between: if b.jitter != 0 { if odd { d -= dev } else { d
		// += dev } }).
		for p := b.Idom(); p != nil; p = p.Idom() {
			ifi, ok := lastInstr(p).(*ssa.If)
			if !ok || len(p.Succs) != 2 {
				continue
			}
			if p.Succs[0].Dominates(b) {
				if out[i] = setTest(ifi.Cond, recv); out[i] != nil {
					break
				}
			}
		}
	}
	return out
}

// setTest returns the receiver field cond tests as set: the field itself
// (a bool), or the field compared as greater than or unequal to zero.
func setTest(cond ssa.Value, recv *ssa.Parameter) *types.Var {
	if f := recvField(cond, recv); f != nil {
		if b, ok := f.Type().Underlying().(*types.Basic); ok && b.Info()&types.IsBoolean != 0 {
			return f
		}
		return nil
	}
	cmp, ok := cond.(*ssa.BinOp)
	if !ok || cmp.Op != token.GTR && cmp.Op != token.NEQ {
		return nil
	}
	// Only a numeric zero (b.jitter != 0 of an int or a float ratio):
	// other constants make no gate.
	if !isZero(cmp.Y) {
		return nil
	}
	return recvField(cmp.X, recv)
}

// recvField returns the field v loads from the receiver recv, or nil.
func recvField(v ssa.Value, recv *ssa.Parameter) *types.Var {
	load, ok := v.(*ssa.UnOp)
	if !ok || load.Op != token.MUL {
		return nil
	}
	fa, ok := load.X.(*ssa.FieldAddr)
	if !ok || fa.X != recv {
		return nil
	}
	f, _ := fieldOf(fa.X.Type(), fa.Field).(*types.Var)
	return f
}

// fieldUnset reports whether recv, a method call's receiver, is a value
// built in the calling function whose field name is never set: every use
// of it is in sight (field stores and method calls on it), and none
// stores the field. boff := &backoff.Backoff{Max: 5 * time.Minute} leaves
// Jitter unset.
func fieldUnset(recv ssa.Value, name string) bool {
	alloc, ok := recv.(*ssa.Alloc)
	if !ok || alloc.Referrers() == nil {
		return false
	}
	for _, r := range *alloc.Referrers() {
		switch r := r.(type) {
		case *ssa.FieldAddr:
			if f := fieldOf(alloc.Type(), r.Field); f != nil && f.Name() == name && r.Referrers() != nil {
				for _, u := range *r.Referrers() {
					if _, ok := u.(*ssa.Store); ok {
						return false
					}
				}
			}
		case *ssa.Call:
			c := r.Common()
			if c.IsInvoke() || c.Signature().Recv() == nil || len(c.Args) == 0 || c.Args[0] != alloc {
				return false // handed to a function that may set it
			}
			for _, a := range c.Args[1:] {
				if a == alloc {
					return false
				}
			}
		case *ssa.DebugRef:
		default:
			return false // stored, captured or converted: out of sight
		}
	}
	return true
}

// gateOff reports whether the field name of recv, a method call's
// receiver, holds its zero value wherever recv comes from, as far as the
// package shows: a value built in sight that never sets the field
// (fieldUnset) or sets it only to zero; what a constructor of the package
// returns (NewBackoff(base, 2, 0, cap), whose jitter parameter is given
// zero, or a function returning that); a field of the package's types
// every store of which is such a value; and the receiver a method value
// (DefaultBackoff().Duration) was bound to.
//
// A zero given to a constructor's parameter makes that call the policy's
// builder (t.built): the report goes there, once, as a policy of a
// library is reported where it is built.
func (t *tracer) gateOff(recv ssa.Value, name string) bool {
	return t.gateOffIn(recv, name, ctorCall{}, map[ssa.Value]bool{})
}

// ctorCall is a constructor's call: its arguments by parameter, and where
// it is.
type ctorCall struct {
	args map[*ssa.Parameter]ssa.Value
	pos  token.Pos
}

// gateOffIn is gateOff inside a constructor called as in.
func (t *tracer) gateOffIn(v ssa.Value, name string, in ctorCall, seen map[ssa.Value]bool) bool {
	if seen[v] {
		return false
	}
	seen[v] = true
	switch v := v.(type) {
	case *ssa.Alloc:
		if fieldUnset(v, name) {
			return true
		}
		given, ok := setsOnlyZero(v, name, in.args)
		if ok && given && !t.built.IsValid() {
			t.built, t.builtField = in.pos, name
		}
		return ok
	case *ssa.Call:
		callee := v.Call.StaticCallee()
		if callee == nil || callee.Pkg == nil || callee.Pkg.Pkg != t.pkg || len(callee.Blocks) == 0 {
			return false
		}
		inner := ctorCall{args: map[*ssa.Parameter]ssa.Value{}, pos: v.Pos()}
		for i, p := range callee.Params {
			if i < len(v.Call.Args) {
				inner.args[p] = argValue(v.Call.Args[i], in.args)
			}
		}
		found := false
		for _, b := range callee.Blocks {
			ret, ok := lastInstr(b).(*ssa.Return)
			if !ok {
				continue
			}
			if len(ret.Results) != 1 || !t.gateOffIn(ret.Results[0], name, inner, seen) {
				return false
			}
			found = true
		}
		return found
	case *ssa.UnOp:
		fa, ok := v.X.(*ssa.FieldAddr)
		if v.Op != token.MUL || !ok || t.funcs == nil {
			return false
		}
		f := fieldOf(fa.X.Type(), fa.Field)
		if f == nil || f.Pkg() != t.pkg {
			return false
		}
		if t.stores == nil {
			t.stores = storesOf(t.funcs())
		}
		sts := t.stores[f]
		for _, st := range sts {
			if !t.gateOffIn(st.Val, name, ctorCall{}, seen) {
				return false
			}
		}
		return len(sts) > 0
	case *ssa.FreeVar:
		recvs := t.boundRecv[v.Parent()]
		for _, r := range recvs {
			if !t.gateOffIn(r, name, ctorCall{}, seen) {
				return false
			}
		}
		return len(recvs) > 0 && slices.Index(v.Parent().FreeVars, v) == 0
	}
	return false
}

// argValue is what v stands for in a constructor called with args: the
// argument a parameter was given, or v itself.
func argValue(v ssa.Value, args map[*ssa.Parameter]ssa.Value) ssa.Value {
	if p, ok := v.(*ssa.Parameter); ok && args[p] != nil {
		return args[p]
	}
	return v
}

// setsOnlyZero reports whether every use of alloc is in sight and every
// store of its field name stores zero: &Backoff{base, factor, jitter,
// cap} with jitter given 0. The value may be returned. given says that a
// zero came from the constructor's caller, through a parameter.
func setsOnlyZero(alloc *ssa.Alloc, name string, args map[*ssa.Parameter]ssa.Value) (given, ok bool) {
	if alloc.Referrers() == nil {
		return false, false
	}
	for _, r := range *alloc.Referrers() {
		switch r := r.(type) {
		case *ssa.FieldAddr:
			f := fieldOf(alloc.Type(), r.Field)
			if f == nil || f.Name() != name || r.Referrers() == nil {
				continue
			}
			for _, u := range *r.Referrers() {
				st, ok := u.(*ssa.Store)
				if !ok {
					continue
				}
				if !isZero(argValue(st.Val, args)) {
					return false, false
				}
				_, param := st.Val.(*ssa.Parameter)
				given = given || param
			}
		case *ssa.Return, *ssa.DebugRef:
		default:
			return false, false // handed on, captured or converted: out of sight
		}
	}
	return given, true
}

// lastInstr is b's last instruction, or nil.
func lastInstr(b *ssa.BasicBlock) ssa.Instruction {
	if len(b.Instrs) == 0 {
		return nil
	}
	return b.Instrs[len(b.Instrs)-1]
}

package nojitter

import (
	"go/constant"
	"go/token"
	"go/types"

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
		// Up a short chain of blocks with one predecessor to the If
		// whose true branch leads here.
		for range 4 {
			if len(b.Preds) != 1 {
				break
			}
			p := b.Preds[0]
			if ifi, ok := p.Instrs[len(p.Instrs)-1].(*ssa.If); ok {
				if len(p.Succs) == 2 && p.Succs[0] == b {
					out[i] = setTest(ifi.Cond, recv)
				}
				break
			}
			b = p
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
	// Only an integer zero: other constants (a float, a string) make no
	// gate, and Const.Int64 panics on them.
	if c, ok := cmp.Y.(*ssa.Const); !ok || c.Value == nil || c.Value.Kind() != constant.Int || constant.Sign(c.Value) != 0 {
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

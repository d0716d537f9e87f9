package nojitter

import (
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ssa"
)

// comparedBefore reports whether the store st of a growing value into obj
// runs only after a comparison of obj's value with a bound (if b.cur >=
// b.max/b.mult { b.cur = b.max } else { b.cur = b.cur * b.mult }, the
// clamp of cenkalti/backoff's ExponentialBackOff): the branch taken below
// the bound grows it, the other sets it to the bound, so it is capped.
func comparedBefore(st *ssa.Store, obj types.Object) bool {
	b := st.Block()
	for range 3 {
		if b == nil {
			return false
		}
		b = b.Idom()
		if b == nil || len(b.Instrs) == 0 {
			return false
		}
		if ifi, ok := b.Instrs[len(b.Instrs)-1].(*ssa.If); ok {
			if cmp, ok := ifi.Cond.(*ssa.BinOp); ok && isOrdering(cmp.Op) && (readsField(cmp.X, obj, 4) || readsField(cmp.Y, obj, 4)) {
				return true
			}
		}
	}
	return false
}

func isOrdering(op token.Token) bool {
	return op == token.LSS || op == token.LEQ || op == token.GTR || op == token.GEQ
}

// readsField reports whether v is computed from a load of obj, within
// depth steps (float64(b.cur), b.cur * 2).
func readsField(v ssa.Value, obj types.Object, depth int) bool {
	if depth == 0 || v == nil {
		return false
	}
	switch v := v.(type) {
	case *ssa.UnOp:
		if fa, ok := v.X.(*ssa.FieldAddr); ok && v.Op == token.MUL && fieldOf(fa.X.Type(), fa.Field) == obj {
			return true
		}
		return readsField(v.X, obj, depth-1)
	case *ssa.Field:
		return fieldOf(v.X.Type(), v.Field) == obj
	case *ssa.Convert:
		return readsField(v.X, obj, depth-1)
	case *ssa.ChangeType:
		return readsField(v.X, obj, depth-1)
	case *ssa.BinOp:
		return readsField(v.X, obj, depth-1) || readsField(v.Y, obj, depth-1)
	}
	return false
}

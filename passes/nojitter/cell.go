package nojitter

import (
	"go/token"

	"golang.org/x/tools/go/ssa"
)

// A variable a function literal captures and writes itself, where the
// literal is a retry helper's operation (backoff := 2 * time.Second;
// retry.RetryContext(ctx, t, func() *retry.RetryError { ...;
// time.After(backoff); backoff *= 2; if backoff > max { backoff = max };
// return retry.RetryableError(err) })): the helper runs the literal once
// per attempt, so the literal's stores compound as a loop's do. The
// delay is judged by every store, the maker's and the literal's; a store
// of a constant under a comparison of the variable with it caps it.

// sharedCell judges the delay held in the variable v of a function
// literal that the literal also writes.
func (t *tracer) sharedCell(v *ssa.FreeVar, depth int) delay {
	cell := madeCell(v)
	if cell == nil {
		return delay{opaque: true}
	}
	d := t.load(cell, depth+1)
	d.varying = true
	for _, r := range *v.Referrers() {
		st, ok := r.(*ssa.Store)
		if !ok || st.Addr != v {
			continue
		}
		d = d.merge(t.trace(st.Val, depth+1))
		if clampsCell(st, v) {
			d.capped = true
		}
	}
	return d
}

// madeCell returns the variable the maker of v's function binds to v, or
// nil.
func madeCell(v *ssa.FreeVar) *ssa.Alloc {
	mc, idx := maker(v)
	if mc == nil {
		return nil
	}
	a, _ := mc.Bindings[idx].(*ssa.Alloc)
	return a
}

// clampsCell reports whether st stores into addr under a comparison of a
// load of addr (if backoff > max { backoff = max }).
func clampsCell(st *ssa.Store, addr ssa.Value) bool {
	for _, pred := range st.Block().Preds {
		ifi, ok := pred.Instrs[len(pred.Instrs)-1].(*ssa.If)
		if !ok {
			continue
		}
		cmp, ok := ifi.Cond.(*ssa.BinOp)
		if !ok || cmp.Op != token.GTR && cmp.Op != token.GEQ && cmp.Op != token.LSS && cmp.Op != token.LEQ {
			continue
		}
		for _, x := range []ssa.Value{cmp.X, cmp.Y} {
			if l, ok := x.(*ssa.UnOp); ok && l.Op == token.MUL && l.X == addr {
				return true
			}
		}
	}
	return false
}

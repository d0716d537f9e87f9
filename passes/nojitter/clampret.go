package nojitter

import (
	"go/constant"
	"go/token"

	"golang.org/x/tools/go/ssa"
)

// returnClamps reports whether a function limits the delay it returns by
// returning the bound early (`if d > b.Max { return b.Max }; return d`):
// a return reached through a comparison, against a bound, of a value one
// of its returns gives is a clamp. A comparison with zero is an overflow
// or sign test (`if d > 0`), not a cap.
func returnClamps(fn *ssa.Function) bool {
	var rets []*ssa.Return
	for _, b := range fn.Blocks {
		if r, ok := b.Instrs[len(b.Instrs)-1].(*ssa.Return); ok && len(r.Results) > 0 {
			rets = append(rets, r)
		}
	}
	returned := func(v ssa.Value) bool {
		for _, r := range rets {
			if r.Results[0] == v {
				return true
			}
		}
		return false
	}
	for _, r := range rets {
		for _, pred := range r.Block().Preds {
			ifi, ok := pred.Instrs[len(pred.Instrs)-1].(*ssa.If)
			if !ok {
				continue
			}
			cmp, ok := ifi.Cond.(*ssa.BinOp)
			if !ok || !relational(cmp.Op) || isZero(cmp.X) || isZero(cmp.Y) {
				continue
			}
			if returned(cmp.X) || returned(cmp.Y) {
				return true
			}
		}
	}
	return false
}

func relational(op token.Token) bool {
	return op == token.GTR || op == token.GEQ || op == token.LSS || op == token.LEQ
}

func isZero(v ssa.Value) bool {
	c, ok := v.(*ssa.Const)
	return ok && c.Value != nil && (c.Value.Kind() == constant.Int || c.Value.Kind() == constant.Float) && constant.Sign(c.Value) == 0
}

// boundedBranch reports whether block b runs only while a parameter is
// below a constant: a dominating if tests param < n (or n > param, or
// the false side of param >= n), as in
//
//	if attempt < 50 { return time.Duration(5*attempt) * time.Millisecond }
//	return 5 * time.Second
//
// A delay that grows with that parameter there cannot exceed what n
// gives: it has a cap.
func boundedBranch(b *ssa.BasicBlock) bool {
	for d := b.Idom(); d != nil; d = d.Idom() {
		ifi, ok := d.Instrs[len(d.Instrs)-1].(*ssa.If)
		if !ok || len(d.Succs) != 2 {
			continue
		}
		cmp, ok := ifi.Cond.(*ssa.BinOp)
		if !ok || !relational(cmp.Op) {
			continue
		}
		// below: the comparison is true when the parameter is below n.
		var below bool
		switch {
		case isParam(cmp.X) && isConst(cmp.Y):
			below = cmp.Op == token.LSS || cmp.Op == token.LEQ
		case isConst(cmp.X) && isParam(cmp.Y):
			below = cmp.Op == token.GTR || cmp.Op == token.GEQ
		default:
			continue
		}
		side := d.Succs[1] // the false side
		if below {
			side = d.Succs[0]
		}
		if side.Dominates(b) && len(side.Preds) == 1 {
			return true
		}
	}
	return false
}

func isParam(v ssa.Value) bool {
	if c, ok := v.(*ssa.Convert); ok {
		v = c.X
	}
	_, ok := v.(*ssa.Parameter)
	return ok
}

func isConst(v ssa.Value) bool {
	_, ok := v.(*ssa.Const)
	return ok
}

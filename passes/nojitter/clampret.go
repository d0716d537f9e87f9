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

package retrynonidempotent

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ssa"

	"github.com/idemlint/idemlint/passes/internal/libs"
)

// A key that mixes in the clock to the nanosecond, a random number or a
// counter the process keeps is new on every run of a handler, like a
// UUID; one that keeps a deliberate window of the clock (one key per
// day) or counts from where each run starts is not (RULES.md,
// "Redelivery": a key made once per delivered unit).

// lastConst returns the constant value of a call's last argument, or nil.
func lastConst(c *ssa.CallCommon) constant.Value {
	if len(c.Args) == 0 {
		return nil
	}
	if k, ok := c.Args[len(c.Args)-1].(*ssa.Const); ok {
		return k.Value
	}
	return nil
}

// lastArgConst is lastConst on syntax.
func lastArgConst(info *types.Info, call *ast.CallExpr) constant.Value {
	if len(call.Args) == 0 {
		return nil
	}
	return info.Types[call.Args[len(call.Args)-1]].Value
}

// unixWindow reports whether b divides a Unix count of the clock by a
// minute or more of its unit (time.Now().Unix() / 3600: one value per
// hour).
func unixWindow(b *ssa.BinOp) bool {
	if b.Op != token.QUO {
		return false
	}
	k, ok := b.Y.(*ssa.Const)
	if !ok || k.Value == nil {
		return false
	}
	by, ok := constant.Int64Val(constant.ToInt(k.Value))
	if !ok {
		return false
	}
	x := b.X
	if conv, ok := x.(*ssa.Convert); ok {
		x = conv.X
	}
	call, ok := x.(*ssa.Call)
	if !ok {
		return false
	}
	fn, ok := calleeFunc(call.Common())
	if !ok {
		return false
	}
	perSecond, ok := libs.UnixUnits.Lookup(fn)
	return ok && by >= 60*perSecond
}

func isAtomicAdd(fn *types.Func) bool {
	_, ok := libs.AtomicAdds.Lookup(fn)
	return ok
}

// advancesCounter reports whether a call of fn is an atomic add to a
// counter the process keeps (atomic.AddInt64(&seq, 1), h.seq.Add(1)).
func advancesCounter(c *ssa.CallCommon, fn *types.Func) bool {
	i, ok := libs.AtomicAdds.Lookup(fn)
	if !ok {
		return false
	}
	if i < 0 {
		i = 0 // a static method call takes its receiver first
	}
	return i < len(c.Args) && persistent(c.Args[i])
}

// persistent reports whether an address outlives a run of the function
// that uses it: a package variable, a field of the receiver or of another
// parameter, a variable captured from the function that made a closure
// (a handler registered once). A local variable starts again each run.
func persistent(addr ssa.Value) bool {
	for range 8 {
		switch x := addr.(type) {
		case *ssa.Global, *ssa.FreeVar, *ssa.Parameter:
			return true
		case *ssa.FieldAddr:
			addr = x.X
		case *ssa.IndexAddr:
			addr = x.X
		case *ssa.UnOp:
			if x.Op != token.MUL {
				return false
			}
			addr = x.X
		default:
			return false
		}
	}
	return false
}

// advancedCounter returns where a load reads a counter the process keeps
// that its function advances (seq++, h.n += 1) before using it, or NoPos.
func advancedCounter(load *ssa.UnOp) token.Pos {
	if load.Op != token.MUL || !persistent(load.X) || !isInteger(load.Type()) || load.Parent() == nil {
		return token.NoPos
	}
	for _, b := range load.Parent().Blocks {
		for _, instr := range b.Instrs {
			st, ok := instr.(*ssa.Store)
			if !ok || !sameAddr(st.Addr, load.X) {
				continue
			}
			if add, ok := st.Val.(*ssa.BinOp); ok && (add.Op == token.ADD || add.Op == token.SUB) && (readsAddr(add.X, load.X) || readsAddr(add.Y, load.X)) {
				if load.Pos().IsValid() {
					return load.Pos()
				}
				return st.Pos()
			}
		}
	}
	return token.NoPos
}

func readsAddr(v, addr ssa.Value) bool {
	u, ok := v.(*ssa.UnOp)
	return ok && u.Op == token.MUL && sameAddr(u.X, addr)
}

// sameAddr reports whether two addresses are the same variable or field:
// each &h.n is an instruction of its own.
func sameAddr(a, b ssa.Value) bool {
	for range 8 {
		if a == b {
			return true
		}
		fa, ok1 := a.(*ssa.FieldAddr)
		fb, ok2 := b.(*ssa.FieldAddr)
		if !ok1 || !ok2 || fa.Field != fb.Field {
			return false
		}
		a, b = fa.X, fb.X
		// A receiver held in a local is loaded afresh for each use.
		if ua, ok := a.(*ssa.UnOp); ok && ua.Op == token.MUL {
			if ub, ok := b.(*ssa.UnOp); ok && ub.Op == token.MUL {
				a, b = ua.X, ub.X
			}
		}
	}
	return false
}

func isInteger(t types.Type) bool {
	b, ok := t.Underlying().(*types.Basic)
	return ok && b.Info()&types.IsInteger != 0
}

package retrynonidempotent

import (
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ssa"

	"github.com/idemlint/idemlint/passes/internal/libs"
)

// freshCalls follows a key value backwards through SSA and returns the
// positions of the calls that make a new value each time they run (uuid,
// rand, time.Now). Values captured by a closure from outside it, and
// parameters, are made elsewhere and are not followed.
func freshCalls(v ssa.Value) []token.Pos {
	var out []token.Pos
	seen := map[ssa.Value]bool{}
	var walk func(v ssa.Value, depth int)
	walk = func(v ssa.Value, depth int) {
		if v == nil || seen[v] || depth > 32 {
			return
		}
		seen[v] = true
		switch v := v.(type) {
		case *ssa.Call:
			c := v.Common()
			if fn, ok := calleeFunc(c); ok && libs.MakesFreshValue(fn) {
				out = append(out, c.Pos())
				return
			}
			for _, a := range c.Args {
				walk(a, depth+1)
			}
			if c.IsInvoke() {
				walk(c.Value, depth+1)
			}
		case *ssa.Phi:
			for _, e := range v.Edges {
				walk(e, depth+1)
			}
		case *ssa.Extract:
			walk(v.Tuple, depth+1)
		case *ssa.Convert:
			walk(v.X, depth+1)
		case *ssa.ChangeType:
			walk(v.X, depth+1)
		case *ssa.MakeInterface:
			walk(v.X, depth+1)
		case *ssa.Slice:
			walk(v.X, depth+1)
		case *ssa.BinOp:
			walk(v.X, depth+1)
			walk(v.Y, depth+1)
		case *ssa.UnOp:
			walk(v.X, depth+1)
		case *ssa.IndexAddr:
			walk(v.X, depth+1)
		case *ssa.Alloc:
			// fmt.Sprintf's variadic slice, or a local variable: what was
			// stored into it.
			for _, r := range *v.Referrers() {
				switch r := r.(type) {
				case *ssa.Store:
					walk(r.Val, depth+1)
				case *ssa.IndexAddr:
					for _, rr := range *r.Referrers() {
						if st, ok := rr.(*ssa.Store); ok {
							walk(st.Val, depth+1)
						}
					}
				}
			}
		}
	}
	walk(v, 0)
	return out
}

func calleeFunc(c *ssa.CallCommon) (*types.Func, bool) {
	callee := c.StaticCallee()
	if callee == nil {
		return nil, false
	}
	fn, ok := callee.Object().(*types.Func)
	if !ok {
		return nil, false
	}
	return fn.Origin(), true
}

package wait

import (
	"go/ast"
	"go/types"

	"github.com/idemlint/idemlint/passes/internal/libs"
	"github.com/idemlint/idemlint/passes/internal/retrysite/site"
)

// Retry iterators (RULES.md, "Vocabulary"): a function of the program that
// returns a range-over-func iterator of attempt numbers (iter.Seq[int],
// func(yield func(int) bool)) and waits between yields, as real clients
// write their retry timers:
//
//	for attempt := range c.retries(ctx, maxRetry) {
//		resp, err := c.do(req)
//		if err == nil && ok(resp) { return resp, nil }
//	}
//
// Ranging over such a call is a retry loop: its body is the attempt, the
// iterator's wait is the delay and its count or context the bound. The
// helper's site.WaitFact has Iter set; Param, Exact and Jittered describe the wait
// between yields as they do for a wait helper, so nojitter judges the
// argument given for the delay at the range.

// Iter returns the fact of the retry iterator that call invokes, or nil.
func (f *Waits) Iter(call *ast.CallExpr) *site.WaitFact {
	if w := f.waitFact(libs.Callee(f.info, call)); w != nil && w.Iter {
		return w
	}
	return nil
}

// yieldsInts reports whether t is a push iterator of integers:
// func(yield func(int) bool), named (iter.Seq[int]) or not.
func yieldsInts(t types.Type) bool {
	sig, ok := t.Underlying().(*types.Signature)
	if !ok || sig.Params().Len() != 1 || sig.Results().Len() != 0 {
		return false
	}
	y, ok := sig.Params().At(0).Type().Underlying().(*types.Signature)
	return ok && y.Params().Len() == 1 && site.IsInteger(y.Params().At(0).Type()) &&
		y.Results().Len() == 1 && site.IsBool(y.Results().At(0).Type())
}

// iterHelper returns the fact of fd when it is a retry iterator: its one
// result is an iterator of integers, returned as a function literal that
// only yields and waits (no operation of its own), inside a loop, with a
// wait on the path back to the next yield.
func (f *Waits) iterHelper(fn *types.Func, fd *ast.FuncDecl) *site.WaitFact {
	sig := fn.Signature()
	if sig.Results().Len() != 1 || !yieldsInts(sig.Results().At(0).Type()) {
		return nil
	}
	durations := map[types.Object]int{}
	for i := range sig.Params().Len() {
		if p := sig.Params().At(i); libs.IsNamed(p.Type(), "time", "Duration") {
			durations[p] = i
		}
	}
	var lit *ast.FuncLit
	ast.Inspect(fd.Body, func(n ast.Node) bool {
		if r, ok := n.(*ast.ReturnStmt); ok && len(r.Results) == 1 {
			if l, ok := ast.Unparen(r.Results[0]).(*ast.FuncLit); ok && lit == nil {
				lit = l
			}
		}
		return lit == nil
	})
	if lit == nil || len(lit.Type.Params.List) != 1 || len(lit.Type.Params.List[0].Names) != 1 {
		return nil
	}
	yield := f.info.Defs[lit.Type.Params.List[0].Names[0]]
	if yield == nil {
		return nil
	}
	var fact *site.WaitFact
	clean, yields, bounded, stops := true, false, false, false
	var inLoop func(n ast.Node, loop bool)
	inLoop = func(root ast.Node, loop bool) {
		ast.Inspect(root, func(n ast.Node) bool {
			if !clean || n == nil {
				return false
			}
			switch n := n.(type) {
			case *ast.GoStmt:
				clean = false
			case *ast.RangeStmt:
				if n != root {
					if site.IsInteger(f.info.TypeOf(n.X)) {
						bounded = true // for i := range maxRetry
					}
					inLoop(n.Body, true)
					return false
				}
			case *ast.ForStmt:
				if n != root {
					if n.Cond != nil {
						bounded = true // for i := 0; i < n; i++
					}
					inLoop(n.Body, true)
					return false
				}
			case *ast.CommClause:
				if f.receivesStop(n, sig) {
					stops, bounded = true, true
				}
			case *ast.CallExpr:
				if id, ok := ast.Unparen(n.Fun).(*ast.Ident); ok && f.info.Uses[id] == yield {
					yields = yields || loop
					return true
				}
				if w := f.waitThrough(n, durations); w != nil {
					if loop && fact == nil {
						fact = w
					}
					return true
				}
				if libs.IsNamed(f.info.TypeOf(n), "time", "Duration") {
					return true // a backoff computed by a local closure
				}
				if !f.harmlessInWait(n) {
					clean = false
				}
			}
			return true
		})
	}
	inLoop(lit.Body, false)
	if !clean || !yields || fact == nil {
		return nil
	}
	fact.Iter, fact.Bounded, fact.Stops = true, bounded, stops
	ast.Inspect(lit.Body, func(n ast.Node) bool {
		if call, ok := n.(*ast.CallExpr); ok && !fact.Jittered {
			fact.Jittered = f.random(call)
		}
		return !fact.Jittered
	})
	return fact
}

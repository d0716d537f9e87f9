package retrynonidempotent

import (
	"go/ast"
	"go/build"
	"path/filepath"
	"strings"

	"go/token"
	"go/types"
	"golang.org/x/tools/go/analysis"

	"golang.org/x/tools/go/ssa"

	"github.com/idemlint/idemlint/passes/internal/bodies"
	"github.com/idemlint/idemlint/passes/internal/libs"
)

// freshCalls follows a key value backwards through SSA and returns the
// positions of the calls that make a new value each time they run (uuid,
// rand, time.Now, an atomic add to a counter the process keeps, or a
// function isFresh picks: one of the program that returns such a value).
// A deliberate window of the clock (Truncate(24 * time.Hour),
// Format("2006-01-02")) stops the walk: it is the same for a while
// (windows.go). With counters, a counter the function itself advances
// (seq++; key := fmt.Sprint(seq)) is fresh too; a key helper's result is
// not judged so (returnsFresh), as learnFresh's gate reads only calls.
// Values captured by a closure from outside it, and parameters, are made
// elsewhere and are not followed.
func freshCalls(v ssa.Value, isFresh func(*types.Func) bool, counters bool) []token.Pos {
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
			fn, ok := calleeFunc(c)
			switch {
			case !ok:
			case libs.MakesFreshValue(fn) || isFresh(fn) || advancesCounter(c, fn):
				out = append(out, c.Pos())
				return
			case libs.TimeWindow(fn, lastConst(c)):
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
			if unixWindow(v) {
				return
			}
			walk(v.X, depth+1)
			walk(v.Y, depth+1)
		case *ssa.UnOp:
			if counters {
				if pos := advancedCounter(v); pos.IsValid() {
					out = append(out, pos)
					return
				}
			}
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

// FreshFact marks a function that returns a new value on every call, made
// by uuid, rand, time.Now or another such function (a key helper that
// folds time.Now() into the key): a key it returns inside a retry site is
// new on every attempt.
type FreshFact struct{}

func (*FreshFact) AFact()         {}
func (*FreshFact) String() string { return "returns a fresh value" }

func (a *analyzer) isFresh(fn *types.Func) bool {
	if fn == nil {
		return false
	}
	if a.fresh[fn] {
		return true
	}
	var f FreshFact
	return fn.Pkg() != nil && fn.Pkg() != a.pass.Pkg && a.pass.ImportObjectFact(fn, &f)
}

// freshCalls finds where a key is made anew (counters included: see
// freshCalls).
func (a *analyzer) freshCalls(v ssa.Value) []token.Pos {
	return freshCalls(v, a.isFresh, true)
}

// learnFresh finds the functions of the package that return a fresh
// value; it reports whether it learned a new one. SSA is built only when a
// function calls one that makes fresh values, and then in a partial form
// (ssautil.PartialFunc: returnsFresh reads the function's own body): the
// functions the syntax lets through are found first and given to it at
// once. The gates only let more through as a.fresh grows, so one that
// failed them before anything was learned in this round is asked again
// only once something was.
func (a *analyzer) learnFresh() bool {
	if a.std {
		return false // no key helper there, and its clocks are many
	}
	gated := func(d *bodies.Body) bool {
		return !a.fresh[d.Func] && returnsKeyLike(d.Func.Signature()) && a.callsFresh(d) && a.mayReturnFresh(d)
	}
	passed := map[*types.Func]bool{}
	var want []*types.Func
	for _, d := range a.decls {
		if gated(d) {
			passed[d.Func] = true
			want = append(want, d.Func)
		}
	}
	if len(want) == 0 {
		return false
	}
	if a.wantSSA != nil {
		a.wantSSA(want...)
	}
	grew := false
	for _, d := range a.decls {
		if a.fresh[d.Func] || !passed[d.Func] && !(grew && gated(d)) {
			continue
		}
		if f := a.ssaFunc(d.Func); f != nil && a.returnsFresh(f) {
			a.fresh[d.Func] = true
			grew = true
		}
	}
	return grew
}

// returnsFresh reports whether f returns a key-like value made by a fresh
// call.
func (a *analyzer) returnsFresh(f *ssa.Function) bool {
	for _, b := range f.Blocks {
		for _, instr := range b.Instrs {
			ret, ok := instr.(*ssa.Return)
			if !ok {
				continue
			}
			for _, r := range ret.Results {
				if keyLike(r.Type()) && len(freshCalls(r, a.isFresh, false)) > 0 {
					return true
				}
			}
		}
	}
	return false
}

// callsFresh reports whether the body of d (or a literal inside it) calls
// a function, other than d, that makes fresh values.
func (a *analyzer) callsFresh(d *bodies.Body) bool {
	for n, fn := range a.index.All(d) {
		if _, ok := n.(*ast.CallExpr); ok && fn != d.Func && (libs.MakesFreshValue(fn) || a.isFresh(fn) || isAtomicAdd(fn)) {
			return true
		}
	}
	return false
}

// keyLike reports whether a value of type t can be, or be made into, a
// key: a string, a number, bytes, a UUID-like array, a time.
func keyLike(t types.Type) bool {
	if libs.IsNamed(t, "time", "Time") {
		return true
	}
	switch u := t.Underlying().(type) {
	case *types.Basic:
		return u.Info()&(types.IsString|types.IsInteger) != 0
	case *types.Array:
		return isByte(u.Elem())
	case *types.Slice:
		return isByte(u.Elem())
	}
	return false
}

func isByte(t types.Type) bool {
	b, ok := t.Underlying().(*types.Basic)
	return ok && b.Kind() == types.Byte
}

func returnsKeyLike(sig *types.Signature) bool {
	for i := range sig.Results().Len() {
		if keyLike(sig.Results().At(i).Type()) {
			return true
		}
	}
	return false
}

// inGoroot reports whether the package's files are in the standard
// library's source tree.
func inGoroot(pass *analysis.Pass) bool {
	if len(pass.Files) == 0 {
		return false
	}
	f := pass.Fset.File(pass.Files[0].Pos())
	root := build.Default.GOROOT
	return f != nil && root != "" && strings.HasPrefix(f.Name(), filepath.Join(root, "src")+string(filepath.Separator))
}

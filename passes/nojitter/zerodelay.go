package nojitter

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/analysis"

	"github.com/idemlint/idemlint/passes/internal/astutil"
	"github.com/idemlint/idemlint/passes/internal/bodies"
	"github.com/idemlint/idemlint/passes/internal/libs"
	"github.com/idemlint/idemlint/passes/internal/report"
	"github.com/idemlint/idemlint/passes/internal/retrysite"
)

// A retry helper of the program that waits between attempts for its
// duration parameter as given (func WithRetries(n int, sleep
// time.Duration, f func() error) error sleeping time.Sleep(sleep)) waits
// for nothing when a caller passes 0: that call retries at once, and is
// reported there. Its wrappers that hand their own parameter on
// (WithRetries calling WithRetriesContext(nil, n, sleep, f)) wait for it
// too. The helpers are recorded as ZeroDelayFacts, so calls in other
// packages are judged the same way.

// ZeroDelayFact marks a retry helper whose wait between attempts is its
// duration parameter Param, as given.
type ZeroDelayFact struct{ Param int }

func (*ZeroDelayFact) AFact() {}
func (f *ZeroDelayFact) String() string {
	return fmt.Sprintf("retries at once when parameter %d is 0", f.Param)
}

// checkZeroDelays finds the package's retry helpers that wait for a
// parameter, exports their facts, and reports the calls, of these and of
// other packages' helpers, that pass a zero delay.
func checkZeroDelays(pass *analysis.Pass, sites []*retrysite.Site) {
	helpers := map[*types.Func]int{}
	for _, s := range sites {
		if s.Kind != retrysite.Loop {
			continue
		}
		fn, params := enclosingFunc(pass, s.Encl)
		if fn == nil {
			continue
		}
		for _, w := range s.Waits {
			idx, ok := libs.Waits.Lookup(libs.Callee(pass.TypesInfo, w))
			if !ok || idx >= len(w.Args) {
				continue
			}
			if i := paramIndex(pass.TypesInfo, w.Args[idx], params); i >= 0 && !reassigned(pass.TypesInfo, s.Encl, params[i]) {
				helpers[fn] = i
			}
		}
	}
	index := pass.ResultOf[bodies.Analyzer].(*bodies.Index)
	// Wrappers handing their parameter on, in the package: until no more.
	// The calls come from the bodies index with their callees, in the
	// order a walk of the syntax meets them (a call found to hand the
	// parameter on is not looked into).
	for grew := true; grew; {
		grew = false
		for _, b := range index.Bodies {
			fd, ok := b.Node.(*ast.FuncDecl)
			if !ok || b.Func == nil || fd.Body == nil {
				continue
			}
			if _, known := helpers[b.Func]; known {
				continue
			}
			params := paramObjects(pass.TypesInfo, fd.Type)
			skipTo := token.NoPos
			for n, fn := range index.All(b) {
				call, ok := n.(*ast.CallExpr)
				if !ok || call.Pos() < skipTo {
					continue
				}
				if p, ok := zeroDelayParam(pass, helpers, fn); ok && p < len(call.Args) {
					if i := paramIndex(pass.TypesInfo, call.Args[p], params); i >= 0 {
						helpers[b.Func], grew = i, true
						skipTo = call.End()
					}
				}
			}
		}
	}
	for fn, i := range helpers {
		pass.ExportObjectFact(fn, &ZeroDelayFact{Param: i})
	}
	for _, b := range index.Bodies {
		if b.Block == nil {
			continue
		}
		for n, fn := range index.All(b) {
			call, ok := n.(*ast.CallExpr)
			if !ok {
				continue
			}
			if p, ok := zeroDelayParam(pass, helpers, fn); ok && p < len(call.Args) && astutil.IsZero(pass.TypesInfo, call.Args[p]) {
				report.At(pass, call, "%s is given no delay (0) and retries at once; pass a capped, jittered backoff delay", fn.Name())
			}
		}
	}
}

// zeroDelayParam returns the delay parameter of the retry helper fn, of
// the package (helpers) or of another (its fact).
func zeroDelayParam(pass *analysis.Pass, helpers map[*types.Func]int, fn *types.Func) (int, bool) {
	if fn == nil {
		return 0, false
	}
	if i, ok := helpers[fn]; ok {
		return i, true
	}
	var f ZeroDelayFact
	if fn.Pkg() != nil && fn.Pkg() != pass.Pkg && pass.ImportObjectFact(fn, &f) {
		return f.Param, true
	}
	return 0, false
}

// enclosingFunc returns the declared function encl is, and its parameters.
func enclosingFunc(pass *analysis.Pass, encl ast.Node) (*types.Func, []types.Object) {
	fd, ok := encl.(*ast.FuncDecl)
	if !ok {
		return nil, nil
	}
	fn, _ := pass.TypesInfo.Defs[fd.Name].(*types.Func)
	return fn, paramObjects(pass.TypesInfo, fd.Type)
}

func paramObjects(info *types.Info, ft *ast.FuncType) []types.Object {
	var out []types.Object
	for _, f := range ft.Params.List {
		if len(f.Names) == 0 {
			out = append(out, nil)
		}
		for _, n := range f.Names {
			out = append(out, info.Defs[n])
		}
	}
	return out
}

// paramIndex returns the index of the parameter e names, or -1.
func paramIndex(info *types.Info, e ast.Expr, params []types.Object) int {
	id, ok := ast.Unparen(e).(*ast.Ident)
	if !ok {
		return -1
	}
	obj := info.Uses[id]
	for i, p := range params {
		if p != nil && p == obj {
			return i
		}
	}
	return -1
}

// reassigned reports whether the function encl assigns to the parameter p
// (if d == 0 { d = time.Second }): it no longer waits for p as given.
func reassigned(info *types.Info, encl ast.Node, p types.Object) bool {
	v, ok := p.(*types.Var)
	return !ok || len(astutil.Assignments(info, encl, v)) > 0
}

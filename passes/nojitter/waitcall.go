package nojitter

import (
	"go/ast"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/idemlint/idemlint/passes/internal/libs"
	"github.com/idemlint/idemlint/passes/internal/retrysite"
	"github.com/idemlint/idemlint/passes/internal/ssautil"
)

// A waitJudge judges the computed delay of a wait in a retry loop from
// SSA. The wait's function is traced first in a partial form, holding it
// and what it calls in the package (ssautil.PartialFunc), as the delay
// facts are: most delays are judged within it, and the full form built
// for a loop's wait was most of what nojitter cost (on std, 410 MB of the
// 447 MB it allocated). A
// trace that asks a question about the whole package (the stores into a
// field, the callers of a function, the implementations of a method)
// builds the full form through the tracer's funcs; the wait is then
// judged again in the full form alone, and so is every wait after it, so
// no judgement mixes the two forms.
//
// A package that imports a delayer library gets the full form from the
// start: checkDelayers may read it whole.
type waitJudge struct {
	pass   *analysis.Pass
	shared *ssautil.SSA
	t      *tracer
	full   bool                                            // the full form will be built anyway
	calls  map[*ssa.Function]map[token.Pos]*ssa.CallCommon // of partial functions and their literals
	built  map[token.Pos]bool                              // builders reported (builtat.go)
}

// newWaitJudge returns the judge of the waits of sites, whose functions it
// notes (ssautil.SSA.Want) so that one partial form holds them all.
func newWaitJudge(pass *analysis.Pass, shared *ssautil.SSA, t *tracer, sites ...[]*retrysite.Site) *waitJudge {
	j := &waitJudge{pass: pass, shared: shared, t: t, full: libs.ImportsAny(pass.Pkg, libs.DelayerPaths()...)}
	if j.full {
		return j
	}
	for _, ss := range sites {
		for _, s := range ss {
			for _, w := range s.Waits {
				if fd := enclosingDecl(pass.Files, w.Pos()); fd != nil {
					if obj, ok := pass.TypesInfo.Defs[fd.Name].(*types.Func); ok {
						shared.Want(obj)
					}
				}
			}
		}
	}
	return j
}

// judge judges the delay argument idx of the wait w.
func (j *waitJudge) judge(w *ast.CallExpr, idx int) judgement {
	if !j.full && !j.shared.Built() {
		if c := j.partialCall(w); c != nil {
			v := judgeTraced(j.t, c, idx)
			if !j.shared.Built() {
				return v
			}
		}
	}
	return judgeTraced(j.t, j.shared.Calls()[w.Lparen], idx)
}

// partialCall returns the SSA call of w in a partial form of the function
// declaration holding it, or nil when there is none to be had (a wait
// outside any function declaration, a partial form that could not be
// built, the full form built meanwhile).
func (j *waitJudge) partialCall(w *ast.CallExpr) *ssa.CallCommon {
	fd := enclosingDecl(j.pass.Files, w.Pos())
	if fd == nil {
		return nil
	}
	obj, _ := j.pass.TypesInfo.Defs[fd.Name].(*types.Func)
	if obj == nil {
		return nil
	}
	fn := j.shared.PartialFunc(obj)
	if fn == nil || j.shared.Built() {
		return nil
	}
	calls, ok := j.calls[fn]
	if !ok {
		calls = ssautil.CallsByPos(withLiterals(fn, nil))
		if j.calls == nil {
			j.calls = map[*ssa.Function]map[token.Pos]*ssa.CallCommon{}
		}
		j.calls[fn] = calls
	}
	return calls[w.Lparen]
}

// enclosingDecl returns the function declaration of files that holds pos.
func enclosingDecl(files []*ast.File, pos token.Pos) *ast.FuncDecl {
	for _, f := range files {
		if pos < f.FileStart || pos > f.FileEnd {
			continue
		}
		for _, d := range f.Decls {
			if fd, ok := d.(*ast.FuncDecl); ok && fd.Body != nil && fd.Pos() <= pos && pos < fd.End() {
				return fd
			}
		}
	}
	return nil
}

// withLiterals appends fn and the function literals inside it, at any
// depth, to out.
func withLiterals(fn *ssa.Function, out []*ssa.Function) []*ssa.Function {
	out = append(out, fn)
	for _, a := range fn.AnonFuncs {
		out = withLiterals(a, out)
	}
	return out
}

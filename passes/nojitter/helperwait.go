package nojitter

import (
	"go/ast"
	"go/types"

	"golang.org/x/tools/go/analysis"

	"github.com/idemlint/idemlint/passes/internal/libs"
	"github.com/idemlint/idemlint/passes/internal/report"
	"github.com/idemlint/idemlint/passes/internal/retrysite"
)

// A wait helper of the package that computes its own delay from what it
// is given (sleep, continual := b.sleepWithBackoff("reconnect", initial,
// max), which doubles the last sleep up to max and sleeps it) is judged
// through the one wait inside it: the delay there is what the loop waits,
// and a finding on it goes to the loop's call of the helper (RULES.md: the
// retry helper's call when the wait is inside the helper).

// computedWait returns the wait call inside the wait helper that w calls,
// when the helper is declared in this package, computes its delay itself
// (its fact is not Exact) and holds exactly one wait call; idx is the
// index of that call's delay.
func computedWait(pass *analysis.Pass, s *retrysite.Site, w *ast.CallExpr) (inner *ast.CallExpr, idx int, ok bool) {
	h := s.WaitHelpers[w]
	if h == nil || h.Exact || h.Jittered {
		return nil, 0, false
	}
	fd := helperDecl(pass, w)
	if fd == nil {
		return nil, 0, false
	}
	ast.Inspect(fd.Body, func(n ast.Node) bool {
		call, isCall := n.(*ast.CallExpr)
		if !isCall {
			return true
		}
		if i, wait := libs.Waits.Lookup(libs.Callee(pass.TypesInfo, call)); wait {
			if inner != nil {
				ok = false // two waits: which one the loop waits is not known
				return false
			}
			inner, idx, ok = call, i, i < len(call.Args)
		}
		return true
	})
	if !ok {
		return nil, 0, false
	}
	return inner, idx, true
}

// helperDecl returns the declaration of the function of this package that
// call invokes, or nil.
func helperDecl(pass *analysis.Pass, call *ast.CallExpr) *ast.FuncDecl {
	fn := libs.Callee(pass.TypesInfo, call)
	if fn == nil || fn.Pkg() != pass.Pkg {
		return nil
	}
	fd := enclosingDecl(pass.Files, fn.Pos())
	if fd == nil || pass.TypesInfo.Defs[fd.Name] != types.Object(fn.Origin()) {
		return nil
	}
	return fd
}

// judgeComputed judges the delay of inner, the wait inside the helper
// that the loop's wait call w invokes, and reports it at the loop's call.
func judgeComputed(pass *analysis.Pass, s *retrysite.Site, calls *waitJudge, at ast.Node, inner *ast.CallExpr, idx int) {
	j := judgeOnce(pass, s, calls, inner, idx)
	if j.msg == "" {
		return
	}
	if j.msg == msgNoJitter && j.built.IsValid() {
		if call, ok := at.(*ast.CallExpr); ok {
			calls.reportBuilt(j, call)
			return
		}
	}
	// The trace went through the helper's callers; this call is where the
	// report is, the others are worth pointing at.
	var via []analysis.RelatedInformation
	for _, r := range j.via {
		if r.Pos < at.Pos() || r.Pos >= at.End() {
			via = append(via, r)
		}
	}
	report.Report(pass, analysis.Diagnostic{Pos: at.Pos(), End: at.End(), Message: j.msg, Related: via})
}

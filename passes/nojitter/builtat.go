package nojitter

import (
	"fmt"
	"go/ast"
	"go/token"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ast/astutil"

	"github.com/idemlint/idemlint/passes/internal/report"
)

// reportBuilt reports a delay without jitter at the call that built its
// policy with a zero jitter (NewBackoff(base, 2, 0, cap), gate.go), once
// however many waits use the policy: RULES.md reports a policy "at the
// expression that builds the policy", and the fix, a jitter that is not
// zero, belongs there. The waits are its related information.
func (j *waitJudge) reportBuilt(jd judgement, w *ast.CallExpr) {
	if j.built == nil {
		j.built = map[token.Pos]bool{}
	}
	if j.built[jd.built] {
		return
	}
	j.built[jd.built] = true
	d := analysis.Diagnostic{Pos: jd.built, Message: fmt.Sprintf(msgBuiltNoJitter, jd.builtField, jd.builtField)}
	if call := j.callAt(jd.built); call != nil {
		d.Pos, d.End = call.Pos(), call.End()
	}
	d.Related = append([]analysis.RelatedInformation{{Pos: w.Pos(), Message: "a retry waits for its delay here"}}, jd.via...)
	report.Report(j.pass, d)
}

// callAt returns the call expression of the package whose parenthesis
// is at lparen, or nil.
func (j *waitJudge) callAt(lparen token.Pos) *ast.CallExpr {
	for _, f := range j.pass.Files {
		if f.FileStart <= lparen && lparen < f.FileEnd {
			path, _ := astutil.PathEnclosingInterval(f, lparen, lparen)
			for _, n := range path {
				if call, ok := n.(*ast.CallExpr); ok && call.Lparen == lparen {
					return call
				}
			}
		}
	}
	return nil
}

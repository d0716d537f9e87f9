package unboundedretry

import (
	"go/ast"

	"golang.org/x/tools/go/analysis"

	"github.com/idemlint/idemlint/passes/internal/libs"
	"github.com/idemlint/idemlint/passes/internal/report"
)

// checkCalls reports library calls that make a retry never stop wherever
// they are made: a retry interceptor's limit (go-grpc-middleware's
// WithMax(math.MaxUint)) applies to every call through the client.
func checkCalls(pass *analysis.Pass) {
	judges := func(f *libs.Family) bool { return f.CallNeverStops != nil }
	if !libs.ImportsAny(pass.Pkg, libs.PathsWhere(judges)...) {
		return
	}
	for _, f := range pass.Files {
		ast.Inspect(f, func(n ast.Node) bool {
			call, ok := n.(*ast.CallExpr)
			if !ok {
				return true
			}
			if fam := libs.FamilyOf(libs.Callee(pass.TypesInfo, call)); fam != nil && judges(fam) {
				for _, fd := range fam.CallNeverStops(pass.TypesInfo, call) {
					report.Report(pass, analysis.Diagnostic{Pos: fd.At.Pos(), End: fd.At.End(), Message: fd.Msg, SuggestedFixes: fd.Fixes})
				}
			}
			return true
		})
	}
}

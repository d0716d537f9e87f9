package unboundedretry

import (
	"go/ast"

	"golang.org/x/tools/go/analysis"

	"github.com/idemlint/idemlint/passes/internal/libs"
	"github.com/idemlint/idemlint/passes/internal/report"
)

// checkConfigured reports retry configuration that retries until success
// wherever it is built (the AWS SDK's retry.AddWithMaxAttempts(r, 0)): a
// retryer is handed to a client that uses it on every call, so its
// configuration is the retry site the program writes.
func checkConfigured(pass *analysis.Pass) {
	if !libs.ImportsAny(pass.Pkg, libs.CallNeverStopsPaths()...) {
		return
	}
	for _, f := range pass.Files {
		ast.Inspect(f, func(n ast.Node) bool {
			if call, ok := n.(*ast.CallExpr); ok {
				for _, f := range libs.CallNeverStops(pass.TypesInfo, call) {
					report.Report(pass, analysis.Diagnostic{Pos: f.At.Pos(), End: f.At.End(), Message: f.Msg, SuggestedFixes: f.Fixes})
				}
			}
			return true
		})
	}
}

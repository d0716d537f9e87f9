package nojitter

import (
	"go/ast"

	"golang.org/x/tools/go/analysis"

	"github.com/idemlint/idemlint/passes/internal/libs"
)

// checkCalls reports library calls that build a policy part without jitter
// or a cap wherever they are made: a backoff handed to a retry
// interceptor (go-grpc-middleware's BackoffExponential) is used on every
// call through the client, and no caller can add the jitter back.
func checkCalls(pass *analysis.Pass) {
	judges := func(f *libs.Family) bool { return f.CallNoJitter != nil }
	if !libs.ImportsAny(pass.Pkg, libs.PathsWhere(judges)...) {
		return
	}
	for _, f := range pass.Files {
		ast.Inspect(f, func(n ast.Node) bool {
			if call, ok := n.(*ast.CallExpr); ok {
				if fam := libs.FamilyOf(libs.Callee(pass.TypesInfo, call)); fam != nil && judges(fam) {
					reportFindings(pass, fam.CallNoJitter(pass.TypesInfo, call))
				}
			}
			return true
		})
	}
}

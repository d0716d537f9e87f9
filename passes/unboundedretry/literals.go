package unboundedretry

import (
	"go/ast"

	"golang.org/x/tools/go/analysis"

	"github.com/idemlint/idemlint/passes/internal/libs"
	"github.com/idemlint/idemlint/passes/internal/report"
)

// checkLiterals reports retry configurations written as literals that
// retry forever wherever they are built (watermill's
// middleware.Retry{MaxRetries: -1}): the literal is the whole policy.
func checkLiterals(pass *analysis.Pass) {
	if !libs.ImportsAny(pass.Pkg, libs.PathsWhere(func(f *libs.Family) bool { return f.LiteralNeverStops != nil })...) {
		return
	}
	for _, f := range pass.Files {
		ast.Inspect(f, func(n ast.Node) bool {
			lit, ok := n.(*ast.CompositeLit)
			if !ok {
				return true
			}
			for _, fam := range libs.Families {
				if fam.LiteralNeverStops == nil {
					continue
				}
				for _, f := range fam.LiteralNeverStops(pass.TypesInfo, lit) {
					report.Report(pass, analysis.Diagnostic{Pos: f.At.Pos(), End: f.At.End(), Message: f.Msg, SuggestedFixes: f.Fixes})
				}
			}
			return true
		})
	}
}

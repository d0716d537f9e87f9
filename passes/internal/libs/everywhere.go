package libs

import (
	"go/ast"
	"go/types"
	"iter"

	"golang.org/x/tools/go/analysis"

	"github.com/idemlint/idemlint/passes/internal/report"
)

// CallJudgement picks a family's judgement of its calls (CallNoJitter,
// CallNeverStops), nil when the family has none.
type CallJudgement func(*Family) func(*types.Info, *ast.CallExpr) []Finding

// LiteralJudgement picks a family's judgement of its composite literals
// (Literal, LiteralNeverStops), nil when the family has none.
type LiteralJudgement func(*Family) func(*types.Info, *ast.CompositeLit) []Finding

// JudgeCalls reports what judge finds in every call of the package to a
// family that has the judgement: settings judged wherever they are made,
// because every call through the client they configure uses them. nodes
// are the package's nodes with the callees of its calls, as the bodies
// index gives them (bodies.Index.Package).
func JudgeCalls(pass *analysis.Pass, nodes iter.Seq2[ast.Node, *types.Func], judge CallJudgement) {
	if !ImportsAny(pass.Pkg, PathsWhere(func(f *Family) bool { return judge(f) != nil })...) {
		return
	}
	for n, fn := range nodes {
		if call, ok := n.(*ast.CallExpr); ok {
			if fam := FamilyOf(fn); fam != nil && judge(fam) != nil {
				ReportFindings(pass, judge(fam)(pass.TypesInfo, call))
			}
		}
	}
}

// JudgeLiterals reports what judge finds in every composite literal of the
// package (nodes, as for JudgeCalls), for the families imported that have
// the judgement: a policy written as a literal is the whole configuration,
// wherever it is built.
func JudgeLiterals(pass *analysis.Pass, nodes iter.Seq2[ast.Node, *types.Func], judge LiteralJudgement, paths []string) {
	if !ImportsAny(pass.Pkg, paths...) {
		return
	}
	for n := range nodes {
		if lit, ok := n.(*ast.CompositeLit); ok {
			for _, fam := range Families {
				if j := judge(fam); j != nil {
					ReportFindings(pass, j(pass.TypesInfo, lit))
				}
			}
		}
	}
}

// ReportFindings reports the findings of a judgement at their nodes.
func ReportFindings(pass *analysis.Pass, fs []Finding) {
	for _, f := range fs {
		report.Report(pass, analysis.Diagnostic{Pos: f.At.Pos(), End: f.At.End(), Message: f.Msg, SuggestedFixes: f.Fixes})
	}
}

package unboundedretry

import (
	"go/ast"
	"go/types"

	"golang.org/x/tools/go/analysis"

	"github.com/idemlint/idemlint/passes/internal/astutil"
	"github.com/idemlint/idemlint/passes/internal/bodies"
	"github.com/idemlint/idemlint/passes/internal/libs"
	"github.com/idemlint/idemlint/passes/internal/policy"
	"github.com/idemlint/idemlint/passes/internal/report"
	"github.com/idemlint/idemlint/passes/internal/retrysite"
)

// Analyzer reports retries that can go on forever.
var Analyzer = &analysis.Analyzer{
	Name:      "unboundedretry",
	Doc:       Doc,
	URL:       "https://github.com/idemlint/idemlint#unboundedretry",
	Requires:  []*analysis.Analyzer{retrysite.Analyzer, bodies.Analyzer},
	Run:       run,
	FactTypes: []analysis.Fact{new(NeverStopsFact)},
}

func run(pass *analysis.Pass) (any, error) {
	local := exportNeverStops(pass)
	builders := policy.NewBuilders(pass)
	// Settings that never stop are judged wherever they are made
	// (go-grpc-middleware's WithMax(math.MaxUint), the AWS SDK's
	// retry.AddWithMaxAttempts(r, 0), watermill's Retry{MaxRetries: -1}):
	// every call through what they configure uses them.
	nodes := pass.ResultOf[bodies.Analyzer].(*bodies.Index).Package()
	libs.JudgeCalls(pass, nodes, func(f *libs.Family) func(*types.Info, *ast.CallExpr) []libs.Finding { return f.CallNeverStops })
	never := func(f *libs.Family) func(*types.Info, *ast.CompositeLit) []libs.Finding { return f.LiteralNeverStops }
	libs.JudgeLiterals(pass, nodes, never, libs.PathsWhere(func(f *libs.Family) bool { return never(f) != nil }))
	res := pass.ResultOf[retrysite.Analyzer].(*retrysite.Result)
	for _, s := range res.Recursions {
		if s.Bound == nil {
			report.At(pass, s.Node, "recursive retry can run forever: %s calls itself after each failure and nothing limits the attempts, sets a deadline or checks a context; pass an attempt count and stop after a few, and when the caller's context is done", recursiveName(pass, s))
		}
	}
	for _, s := range res.Gotos {
		if s.Bound == nil && !s.Failover { // failover: bounded by its targets
			report.At(pass, s.LoopFindingAt(), "retry loop can run forever: this goto goes back after each failure and nothing on its retry path limits the attempts, sets a deadline or checks a context; allow at most a few attempts and stop when the caller's context is done")
		}
	}
	// A loop whose success goes round too (a consumer, a worker) retries
	// its attempt on each failure path that goes round to it unchanged: a
	// reconnect loop's bound is judged on the failure path (RULES.md).
	// A path taken only after an attempt that never reached the server
	// (database/sql's driver.ErrBadConn: the pool hands out another
	// connection) retries nothing the dependency saw.
	for _, s := range res.FailureRetries {
		notSent := s.OnlyRetries(func(test ast.Expr) bool { return res.NotSent(pass.TypesInfo, test) })
		if s.Bound == nil && !notSent {
			report.AtFor(pass, s.Node, "retry loop can run forever: a failed attempt goes round to the same call and nothing on that path limits the attempts, sets a deadline or checks a context; count the failures and stop after a few, or stop when the caller's context is done")
		}
	}
	for _, s := range res.Sites {
		switch s.Kind {
		case retrysite.Loop:
			if s.Failover {
				continue // bounded by its targets (RULES.md, "Vocabulary")
			}
			if s.Uncounted {
				report.AtFor(pass, s.Node, "retry loop can run forever: a failure path goes round without counting the attempt its condition limits; count every attempt before going round, and stop when the caller's context is done")
			} else if s.Bound == nil {
				report.AtFor(pass, s.Node, "retry loop can run forever: nothing on its retry path limits the attempts, sets a deadline or checks a context; allow at most a few attempts and stop when the caller's context is done")
			}
		case retrysite.Helper, retrysite.UserHelper:
			checkHelper(pass, s, local, builders)
			checkNeverDone(pass, s)
		}
	}
	return nil, nil
}

// checkHelper reports a library retry that can run forever: the library's
// family judges what the call is given and, when it sees no limit, the
// part built elsewhere (a constructor, a struct field) is judged through
// Facts.
func checkHelper(pass *analysis.Pass, s *retrysite.Site, local map[*types.Func]*NeverStopsFact, builders *policy.Builders) {
	fam := libs.FamilyByName(s.Library)
	if fam == nil || fam.NeverStops == nil {
		return
	}
	fs, elsewhere := fam.NeverStops(s.Use(pass.TypesInfo))
	libs.ReportFindings(pass, fs)
	if !elsewhere || s.Policy == nil {
		return
	}
	call := s.Node.(*ast.CallExpr)
	if !s.Policy.Complete {
		reportStored(pass, call, s.Policy, local, fam.LimitFix, builders)
		return
	}
	reportConstructed(pass, call, s.Policy, local, fam.LimitFix)
}

// recursiveName names the function of a recursive retry for a message.
func recursiveName(pass *analysis.Pass, s *retrysite.Site) string {
	if fd, ok := s.Encl.(*ast.FuncDecl); ok {
		if fn, ok := pass.TypesInfo.Defs[fd.Name].(*types.Func); ok {
			return astutil.FuncName(fn)
		}
	}
	return "the function"
}

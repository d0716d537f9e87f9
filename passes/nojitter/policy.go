package nojitter

import (
	"go/ast"
	"go/types"

	"golang.org/x/tools/go/analysis"

	"github.com/idemlint/idemlint/passes/internal/bodies"
	"github.com/idemlint/idemlint/passes/internal/libs"
	"github.com/idemlint/idemlint/passes/internal/policy"
	"github.com/idemlint/idemlint/passes/internal/report"
	"github.com/idemlint/idemlint/passes/internal/retrysite"
)

// checkPolicy reports a library retry whose policy is built without jitter,
// without a cap, or without a delay: the library's family judges what the
// call is given, and, when the family says so, the part built elsewhere (a
// constructor, a struct field) is judged through Facts.
func checkPolicy(pass *analysis.Pass, s *retrysite.Site, local map[*types.Func]*NoJitterFact, builders *policy.Builders) {
	fam := libs.FamilyByName(s.Library)
	if fam == nil || fam.NoJitter == nil {
		return
	}
	fs, elsewhere := fam.NoJitter(s.Use(pass.TypesInfo))
	libs.ReportFindings(pass, paced(pass, s, fs))
	if elsewhere && s.Policy != nil {
		reportConstructed(pass, s.Node.(*ast.CallExpr), s.Policy, local, builders)
	}
}

// checkBuilt reports policies judged where they are built: literals such
// as jpillora's Backoff anywhere, and the policy a constructor of the
// package builds (func steady() backoff.BackOff { return
// backoff.NewConstantBackOff(d) }), whoever uses it, when no caller can add
// the jitter back. A constructor that runs a retry itself is judged at
// that retry instead.
func checkBuilt(pass *analysis.Pass, sites []*retrysite.Site) {
	// Literals (jpillora/backoff's Backoff, which leaves Jitter off by
	// default) and calls (go-grpc-middleware's BackoffExponential, handed
	// to an interceptor) are judged wherever they are made: no caller can
	// add the jitter back.
	index := pass.ResultOf[bodies.Analyzer].(*bodies.Index)
	libs.JudgeLiterals(pass, index.Package(), func(f *libs.Family) func(*types.Info, *ast.CompositeLit) []libs.Finding { return f.Literal }, libs.LiteralPaths())
	checkDefaults(pass)
	libs.JudgeCalls(pass, index.Package(), func(f *libs.Family) func(*types.Info, *ast.CallExpr) []libs.Finding { return f.CallNoJitter })
	if !libs.ImportsAny(pass.Pkg, libs.PolicyPaths(judgesJitter)...) {
		return
	}
	for _, c := range policy.Constructors(pass.TypesInfo, index) {
		if !retriesIn(sites, c.Decl) {
			libs.ReportFindings(pass, libs.NoJitterWhereBuilt(pass.TypesInfo, &c.Policy.Built))
		}
	}
}

// retriesIn reports whether a library retry helper is called in fd.
func retriesIn(sites []*retrysite.Site, fd *ast.FuncDecl) bool {
	for _, s := range sites {
		if s.Kind == retrysite.Helper && fd.Pos() <= s.Pos() && s.Pos() < fd.End() {
			return true
		}
	}
	return false
}

// checkDefaults reports a client built with a policy without jitter that
// the program keeps (retryablehttp.NewClient() and its DefaultBackoff),
// where the client is built.
func checkDefaults(pass *analysis.Pass) {
	if !libs.ImportsAny(pass.Pkg, libs.LiteralPaths()...) {
		return
	}
	for _, k := range policy.KeptDefaults(pass.TypesInfo, pass.ResultOf[bodies.Analyzer].(*bodies.Index)) {
		msg := k.Defaults.Msg
		if k.Explicit {
			msg = k.Defaults.Kept
		}
		report.Report(pass, analysis.Diagnostic{Pos: k.At.Pos(), End: k.At.End(), Message: msg})
	}
}

// paced drops the "no delay" findings of a site whose operation waits
// before each attempt itself (a client that sleeps until the server's
// flood-protection delay has passed): the retries are paced, not hot.
func paced(pass *analysis.Pass, s *retrysite.Site, fs []libs.Finding) []libs.Finding {
	var out []libs.Finding
	waits := -1
	for _, f := range fs {
		if f.NoDelay {
			if waits < 0 {
				waits = 0
				if opWaits(pass, s) {
					waits = 1
				}
			}
			if waits == 1 {
				continue
			}
		}
		out = append(out, f)
	}
	return out
}

// opWaits reports whether a site's operation waits: its code calls a
// function that waits, or it is such a function.
func opWaits(pass *analysis.Pass, s *retrysite.Site) bool {
	switch {
	case s.Op.Body != nil:
		return blocks(pass, s.Op.Body, waiters(pass))
	case s.Op.Func != nil && s.Op.Func.Pkg() == pass.Pkg:
		return waiters(pass)[s.Op.Func]
	case s.Op.Func != nil:
		return importedWaits(pass, s.Op.Func)
	}
	return false
}

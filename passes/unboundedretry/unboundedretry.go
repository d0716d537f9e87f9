package unboundedretry

import (
	"fmt"
	"go/ast"
	"go/types"

	"github.com/idemlint/idemlint/passes/internal/astutil"

	"golang.org/x/tools/go/analysis"

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
	Requires:  []*analysis.Analyzer{retrysite.Analyzer},
	Run:       run,
	FactTypes: []analysis.Fact{new(NeverStopsFact)},
}

func run(pass *analysis.Pass) (any, error) {
	local := exportNeverStops(pass)
	for _, s := range pass.ResultOf[retrysite.Analyzer].(*retrysite.Result).Sites {
		switch s.Kind {
		case retrysite.Loop:
			if s.Bound == nil {
				report.AtFor(pass, s.Node, "retry loop can run forever: nothing on its retry path limits the attempts, sets a deadline or checks a context; allow at most a few attempts and stop when the caller's context is done")
			}
		case retrysite.Helper:
			checkHelper(pass, s, local)
		}
	}
	return nil, nil
}

func checkHelper(pass *analysis.Pass, s *retrysite.Site, local map[*types.Func]*NeverStopsFact) {
	info := pass.TypesInfo
	call := s.Node.(*ast.CallExpr)
	fn := libs.NameOf(s.HelperFunc)
	switch fn.Pkg {
	case libs.RetryGoV4, libs.RetryGoV5:
		opts, _ := policy.Options(info, call, s.Helper.Options, s.Encl)
		if hasOption(info, opts, fn.Pkg, "Context") {
			return
		}
		for _, o := range opts {
			name := libs.NameOf(libs.Callee(info, o))
			if name.Name == "UntilSucceeded" || name.Name == "Attempts" && astutil.IsZero(info, o.Args[0]) {
				report.At(pass, o, "retry.%s retries until success and no retry.Context can stop it; set a limit such as retry.Attempts(3), or pass the caller's context with retry.Context(ctx)", callText(name, o))
			}
		}
	case libs.SethvargoRetry:
		if hasDeadline(info, call.Args[s.Helper.Ctx], s.Encl) {
			return
		}
		if s.Helper.Policy < 0 { // Exponential, Fibonacci, Constant shortcuts
			report.At(pass, call, "retry.%s retries forever: its backoff never stops; use retry.Do with retry.WithMaxRetries(3, b) or retry.WithMaxDuration", fn.Name)
			return
		}
		p := policy.Follow(info, call.Args[s.Helper.Policy], s.Encl)
		if _, _, ok := policy.Find(info, p.Calls, libs.SethvargoLimits); ok {
			return
		}
		if !p.Complete {
			reportStored(pass, call, p, local, "retry.WithMaxRetries(3, b) or retry.WithMaxDuration")
			return
		}
		if ctor, _, ok := policy.Find(info, p.Calls, libs.SethvargoBare); ok {
			reportBare(pass, ctor)
			return
		}
		reportConstructed(pass, call, p, local, "retry.WithMaxRetries(3, b) or retry.WithMaxDuration")
	case libs.BackoffV4:
		checkBackoffV4(pass, call, call.Args[s.Helper.Policy], s.Encl, local)
	case libs.BackoffV5:
		opts, _ := policy.Options(info, call, s.Helper.Options, s.Encl)
		if hasOption(info, opts, libs.BackoffV5, "WithMaxTries") || hasDeadline(info, call.Args[0], s.Encl) {
			return
		}
		for _, o := range opts {
			if libs.Is(libs.Callee(info, o), libs.BackoffV5, "WithMaxElapsedTime") && astutil.IsZero(info, o.Args[0]) {
				report.At(pass, o, "backoff.WithMaxElapsedTime(0) removes the only limit on backoff.Retry; add backoff.WithMaxTries(n) or keep an elapsed-time limit")
			}
		}
	}
}

// reportBare reports a bare go-retry backoff and offers to wrap it in a
// limit of three retries.
func reportBare(pass *analysis.Pass, ctor *ast.CallExpr) {
	name := libs.NameOf(libs.Callee(pass.TypesInfo, ctor)).Name
	report.Report(pass, analysis.Diagnostic{
		Pos:            ctor.Pos(),
		End:            ctor.End(),
		Message:        fmt.Sprintf("retry.%s never stops on its own, so this retry can run forever; wrap it in retry.WithMaxRetries(3, ...) or retry.WithMaxDuration", name),
		SuggestedFixes: report.WrapCall(ctor, "WithMaxRetries", "3"),
	})
}

// checkBackoffV4 reports a cenkalti/backoff/v4 policy that never stops:
// where it is built, or at the helper call when it comes from a
// constructor (a function returning the policy, NeverStopsFact).
func checkBackoffV4(pass *analysis.Pass, call *ast.CallExpr, arg ast.Expr, encl ast.Node, local map[*types.Func]*NeverStopsFact) {
	info := pass.TypesInfo
	p := policy.Follow(info, arg, encl)
	if _, _, ok := policy.Find(info, p.Calls, libs.BackoffV4Limits); ok {
		return
	}
	if !p.Complete {
		reportStored(pass, call, p, local, "backoff.WithMaxRetries(b, 3) or backoff.WithContext(b, ctx)")
		return
	}
	for _, f := range neverStopsV4(info, p) {
		report.At(pass, f.at, "%s", f.msg)
	}
	reportConstructed(pass, call, p, local, "backoff.WithMaxRetries(b, 3) or backoff.WithContext(b, ctx)")
}

// A finding is a part of a policy that makes it never stop.
type finding struct {
	at       ast.Node
	msg, why string
}

// neverStopsV4 finds what makes a cenkalti/backoff/v4 policy with no
// limit wrapped around it retry forever.
func neverStopsV4(info *types.Info, p *policy.Policy) []finding {
	const wrap = "; keep an elapsed-time limit, or wrap it in backoff.WithMaxRetries(b, 3) or backoff.WithContext(b, ctx)"
	if v, ok := p.Fields["MaxElapsedTime"]; ok && astutil.IsZero(info, v) {
		return []finding{{v, "MaxElapsedTime = 0 makes this backoff retry forever" + wrap, "MaxElapsedTime = 0"}}
	}
	var out []finding
	for _, c := range p.Calls {
		fn := libs.Callee(info, c)
		switch {
		case libs.Is(fn, libs.BackoffV4, "WithMaxElapsedTime") && astutil.IsZero(info, c.Args[0]):
			out = append(out, finding{c, "WithMaxElapsedTime(0) makes this backoff retry forever" + wrap, "WithMaxElapsedTime(0)"})
		case libs.Is(fn, libs.BackoffV4, "NewConstantBackOff"):
			out = append(out, finding{c, "a constant backoff never stops, so this retry can run forever; wrap it in backoff.WithMaxRetries(b, 3) or backoff.WithContext(b, ctx)", "a constant backoff"})
		}
	}
	for _, l := range p.Lits {
		if n := astutil.TypeName(info.TypeOf(l)); n == "ConstantBackOff" || n == "ZeroBackOff" {
			out = append(out, finding{l, "backoff." + n + " never stops, so this retry can run forever; wrap it in backoff.WithMaxRetries(b, 3) or backoff.WithContext(b, ctx)", "backoff." + n})
		}
	}
	return out
}

func hasOption(info *types.Info, opts []*ast.CallExpr, pkg, name string) bool {
	for _, o := range opts {
		if libs.Is(libs.Callee(info, o), pkg, name) {
			return true
		}
	}
	return false
}

// hasDeadline reports whether ctx visibly comes from context.WithTimeout or
// WithDeadline in the same function.
func hasDeadline(info *types.Info, ctx ast.Expr, encl ast.Node) bool {
	p := policy.Follow(info, ctx, encl)
	for _, c := range p.Calls {
		fn := libs.Callee(info, c)
		if libs.Is(fn, "context", "WithTimeout") || libs.Is(fn, "context", "WithDeadline") {
			return true
		}
	}
	return false
}

func callText(name libs.Func, c *ast.CallExpr) string {
	if name.Name == "Attempts" {
		return "Attempts(0)"
	}
	return name.Name + "()"
}

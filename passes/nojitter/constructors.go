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

// NoJitterFact marks a function that returns a retry policy without
// jitter, without a cap or without a delay (a constant backoff,
// RandomizationFactor = 0, a bare go-retry backoff). A retry helper that
// gets its policy from a call of it is reported at the helper call, unless
// the policy is reported where it is built (Built): no caller can add the
// jitter back, so the fix, and the report, belong there.
type NoJitterFact struct {
	Why   string // what is wrong with it, as the message says it
	Built bool   // reported where it is built
}

func (*NoJitterFact) AFact()           {}
func (f *NoJitterFact) String() string { return "policy " + f.Why }

// exportNoJitter exports a NoJitterFact for each policy constructor of the
// package whose policy has no jitter, no cap or no delay, and returns them.
func exportNoJitter(pass *analysis.Pass) map[*types.Func]*NoJitterFact {
	if !libs.ImportsAny(pass.Pkg, libs.PolicyPaths(judgesJitter)...) {
		return nil
	}
	sites := pass.ResultOf[retrysite.Analyzer].(*retrysite.Result).Sites
	index := pass.ResultOf[bodies.Analyzer].(*bodies.Index)
	learned := policy.Learn(pass, index, func(c policy.Constructor, learned map[*types.Func]*NoJitterFact) *NoJitterFact {
		if fs := libs.NoJitterWhereBuilt(pass.TypesInfo, &c.Policy.Built); len(fs) > 0 && !retriesIn(sites, c.Decl) {
			return &NoJitterFact{Why: fs[0].Why, Built: true}
		}
		if fs := libs.BuiltNoJitter(pass.TypesInfo, &c.Policy.Built); len(fs) > 0 {
			return &NoJitterFact{Why: fs[0].Why}
		}
		if f, _ := policy.ConstructorFact(pass, c.Policy, learned); f != nil {
			return &NoJitterFact{Why: f.Why, Built: f.Built}
		}
		return nil
	})
	// var Default = []retry.Option{retry.DelayType(retry.FixedDelay)}: a
	// package that spreads it is judged through this Fact.
	for v, stored := range policy.PackageVars(pass.TypesInfo, index, pass.Pkg, libs.IsPolicyType) {
		if why := judgedElsewhere(pass, stored, learned); why != "" {
			pass.ExportObjectFact(v, &NoJitterFact{Why: why})
		}
	}
	return learned
}

func judgesJitter(f *libs.Family) bool { return f.BuiltNoJitter != nil }

// reportConstructed reports a helper call whose policy comes, as built,
// from a constructor with a NoJitterFact, or is read from a struct field
// in which the package only stores a policy without jitter, cap or delay.
func reportConstructed(pass *analysis.Pass, call *ast.CallExpr, p *policy.Policy, learned map[*types.Func]*NoJitterFact) {
	if !p.Complete {
		field, why := policy.JudgeStore(pass, pass.ResultOf[bodies.Analyzer].(*bodies.Index), p,
			func(stored *policy.Policy) string { return judgedElsewhere(pass, stored, learned) },
			new(NoJitterFact), func(f *NoJitterFact) string { return f.Why })
		if why != "" {
			report.At(pass, call, "the policy stored in %s %s; fix it where it is stored", policy.StoreName(pass.Pkg, field), why)
		}
		return
	}
	if f, c := policy.ConstructorFact(pass, p, learned); f != nil && !f.Built {
		report.At(pass, call, "the policy from %s() %s; fix it where it is built", types.ExprString(c.Fun), f.Why)
	}
}

// judgedElsewhere says what is wrong with a policy built elsewhere (in a
// constructor, or where a field is set), or "".
func judgedElsewhere(pass *analysis.Pass, p *policy.Policy, learned map[*types.Func]*NoJitterFact) string {
	if fs := libs.BuiltNoJitter(pass.TypesInfo, &p.Built); len(fs) > 0 {
		return fs[0].Why
	}
	// A constructor reported where it builds the policy is not reported
	// again at each use of the field or variable that keeps it.
	if f, _ := policy.ConstructorFact(pass, p, learned); f != nil && !f.Built {
		return f.Why
	}
	return ""
}

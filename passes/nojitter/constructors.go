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
// RandomizationFactor = 0, a bare go-retry backoff), or a package variable
// that stores one. A retry helper that gets its policy from a call of it,
// or reads it from the variable, is reported at the helper call, unless
// the policy is reported where it is built (Built): no caller can add the
// jitter back, so the fix, and the report, belong there.
type NoJitterFact struct {
	Why   string // what is wrong with it, as the message says it
	Built bool   // reported where it is built
}

func (*NoJitterFact) AFact()           {}
func (f *NoJitterFact) String() string { return "policy " + f.Why }

// exportNoJitter exports a NoJitterFact for each policy constructor and
// package variable of the package whose policy has no jitter, no cap or no
// delay, and returns those of the constructors. An exported variable is
// reported where it is built: the packages that read it are not.
func exportNoJitter(pass *analysis.Pass, builders *policy.Builders) map[*types.Func]*NoJitterFact {
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
		if fs := libs.NoJitterWhereBuilt(pass.TypesInfo, &stored.Built); len(fs) > 0 && v.Exported() {
			builders.Report(fs)
			pass.ExportObjectFact(v, &NoJitterFact{Why: fs[0].Why, Built: true})
		} else if why := judgedElsewhere(pass, stored, learned); why != "" {
			pass.ExportObjectFact(v, &NoJitterFact{Why: why})
		}
	}
	return learned
}

func judgesJitter(f *libs.Family) bool { return f.BuiltNoJitter != nil }

// reportConstructed reports a helper call whose policy comes, as built,
// from a constructor with a NoJitterFact, or is read from a struct field
// or package variable in which the package only stores a policy without
// jitter, cap or delay. A stored policy the library judges is reported
// where it is built, once for all the calls that read it; the call is
// reported only when the builder is out of view (a constructor's Fact, a
// variable of another package that its package did not report).
func reportConstructed(pass *analysis.Pass, call *ast.CallExpr, p *policy.Policy, learned map[*types.Func]*NoJitterFact, builders *policy.Builders) {
	if !p.Complete {
		index := pass.ResultOf[bodies.Analyzer].(*bodies.Index)
		if _, stored := policy.StoredIn(pass.TypesInfo, index, p); stored != nil {
			if fs := libs.BuiltNoJitter(pass.TypesInfo, &stored.Built); len(fs) > 0 {
				builders.Report(fs)
				return
			}
		}
		field, why := policy.JudgeStore(pass, index, p,
			func(stored *policy.Policy) string { return judgedElsewhere(pass, stored, learned) },
			new(NoJitterFact), func(f *NoJitterFact) string {
				if f.Built {
					return "" // reported in its package, where it is built
				}
				return f.Why
			})
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

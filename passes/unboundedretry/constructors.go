package unboundedretry

import (
	"go/ast"
	"go/types"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/idemlint/idemlint/passes/internal/bodies"
	"github.com/idemlint/idemlint/passes/internal/libs"
	"github.com/idemlint/idemlint/passes/internal/policy"
	"github.com/idemlint/idemlint/passes/internal/report"
)

// NeverStopsFact marks a function that returns a retry policy that never
// stops on its own (a constant backoff, MaxElapsedTime = 0, a bare go-retry
// backoff). A retry helper that gets its policy from a call of it, and adds
// no limit, can run forever: it is reported at the helper call, since the
// caller may well add one (backoff.WithContext(newBackoff(), ctx)).
type NeverStopsFact struct {
	Why string // what makes it never stop, as the message says it
}

func (*NeverStopsFact) AFact()           {}
func (f *NeverStopsFact) String() string { return "never stops: " + f.Why }

// exportNeverStops exports a NeverStopsFact for each policy constructor of
// the package whose policy never stops, and returns them.
func exportNeverStops(pass *analysis.Pass) map[*types.Func]*NeverStopsFact {
	if !libs.ImportsAny(pass.Pkg, libs.PolicyPaths(judgesStops)...) {
		return nil
	}
	index := pass.ResultOf[bodies.Analyzer].(*bodies.Index)
	learned := policy.Learn(pass, index, func(c policy.Constructor, learned map[*types.Func]*NeverStopsFact) *NeverStopsFact {
		if why := neverStops(pass, c.Policy, learned); why != "" {
			return &NeverStopsFact{Why: why}
		}
		return nil
	})
	// var Default = []retry.Option{retry.Attempts(0)}: a package that
	// spreads it is judged through this Fact.
	for v, stored := range policy.PackageVars(pass.TypesInfo, index, pass.Pkg, libs.IsPolicyType) {
		if why := neverStops(pass, stored, learned); why != "" {
			pass.ExportObjectFact(v, &NeverStopsFact{Why: why})
		}
	}
	return learned
}

func judgesStops(f *libs.Family) bool { return f.BuiltNeverStops != nil }

// neverStops says what makes a policy with no limit wrapped around it retry
// forever, or "".
func neverStops(pass *analysis.Pass, p *policy.Policy, learned map[*types.Func]*NeverStopsFact) string {
	fs, limited := libs.BuiltNeverStops(pass.TypesInfo, &p.Built)
	if limited {
		return ""
	}
	if len(fs) > 0 {
		return fs[0].Why
	}
	if f, _ := policy.ConstructorFact(pass, p, learned); f != nil {
		return f.Why
	}
	return ""
}

// reportConstructed reports a helper call whose policy, with no limit
// added, comes from a constructor that never stops.
func reportConstructed(pass *analysis.Pass, call *ast.CallExpr, p *policy.Policy, learned map[*types.Func]*NeverStopsFact, fix string) {
	if f, c := policy.ConstructorFact(pass, p, learned); f != nil {
		report.At(pass, call, "the policy from %s() never stops (%s), so this retry can run forever; %s", types.ExprString(c.Fun), f.Why, fixText(fix))
	}
}

// reportStored reports a helper call whose policy is read from a struct
// field or package variable in which the package only ever stores a
// policy that never stops. When this package stores it and the library
// judges it, the report is where it is built, once for all the calls that
// read it without adding a limit; otherwise (a constructor's Fact, a
// variable of another package) at the call.
func reportStored(pass *analysis.Pass, call *ast.CallExpr, p *policy.Policy, learned map[*types.Func]*NeverStopsFact, fix string, builders *policy.Builders) {
	index := pass.ResultOf[bodies.Analyzer].(*bodies.Index)
	if _, stored := policy.StoredIn(pass.TypesInfo, index, p); stored != nil {
		if fs, limited := libs.BuiltNeverStops(pass.TypesInfo, &stored.Built); !limited && len(fs) > 0 {
			builders.Report(fs)
			return
		}
	}
	field, why := policy.JudgeStore(pass, index, p,
		func(stored *policy.Policy) string { return neverStops(pass, stored, learned) },
		new(NeverStopsFact), func(f *NeverStopsFact) string { return f.Why })
	if why != "" {
		report.At(pass, call, "the policy stored in %s never stops (%s), so this retry can run forever; %s", policy.StoreName(pass.Pkg, field), why, fixText(fix))
	}
}

// fixText asks for the family's limit: wrapped around the policy, or
// added to the call (a retry-go option).
func fixText(fix string) string {
	if strings.HasPrefix(fix, "add ") {
		return fix
	}
	return "wrap it in " + fix
}

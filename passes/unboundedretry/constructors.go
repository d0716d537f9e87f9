package unboundedretry

import (
	"go/ast"
	"go/types"

	"golang.org/x/tools/go/analysis"

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
	out := map[*types.Func]*NeverStopsFact{}
	if !libs.ImportsAny(pass.Pkg, libs.BackoffV4, libs.SethvargoRetry) {
		return out
	}
	ctors := policy.Constructors(pass.TypesInfo, pass.Files)
	// A constructor may return another's policy: go round until nothing
	// new is learned.
	for grew := true; grew; {
		grew = false
		for _, c := range ctors {
			if out[c.Func] == nil {
				if why := neverStops(pass, c.Policy, out); why != "" {
					out[c.Func] = &NeverStopsFact{Why: why}
					grew = true
				}
			}
		}
	}
	for fn, f := range out {
		pass.ExportObjectFact(fn, f)
	}
	return out
}

// neverStops says what makes a policy with no limit wrapped around it retry
// forever, or "".
func neverStops(pass *analysis.Pass, p *policy.Policy, local map[*types.Func]*NeverStopsFact) string {
	info := pass.TypesInfo
	if _, _, ok := policy.Find(info, p.Calls, libs.BackoffV4Limits); ok {
		return ""
	}
	if _, _, ok := policy.Find(info, p.Calls, libs.SethvargoLimits); ok {
		return ""
	}
	if f := neverStopsV4(info, p); len(f) > 0 {
		return f[0].why
	}
	if ctor, _, ok := policy.Find(info, p.Calls, libs.SethvargoBare); ok {
		return "retry." + libs.NameOf(libs.Callee(info, ctor)).Name + " with no limit"
	}
	for _, c := range policy.Constructed(info, p) {
		if f := factOf(pass, libs.Callee(info, c), local); f != nil {
			return f.Why
		}
	}
	return ""
}

// reportConstructed reports a helper call whose policy, with no limit
// added, comes from a constructor that never stops.
func reportConstructed(pass *analysis.Pass, call *ast.CallExpr, p *policy.Policy, local map[*types.Func]*NeverStopsFact, fix string) {
	for _, c := range policy.Constructed(pass.TypesInfo, p) {
		if f := factOf(pass, libs.Callee(pass.TypesInfo, c), local); f != nil {
			report.At(pass, call, "the policy from %s() never stops (%s), so this retry can run forever; wrap it in %s", types.ExprString(c.Fun), f.Why, fix)
			return
		}
	}
}

func factOf(pass *analysis.Pass, fn *types.Func, local map[*types.Func]*NeverStopsFact) *NeverStopsFact {
	if f := local[fn]; f != nil {
		return f
	}
	var f NeverStopsFact
	if fn != nil && fn.Pkg() != pass.Pkg && pass.ImportObjectFact(fn, &f) {
		return &f
	}
	return nil
}

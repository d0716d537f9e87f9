package nojitter

import (
	"go/ast"
	"go/types"

	"golang.org/x/tools/go/analysis"

	"github.com/idemlint/idemlint/passes/internal/libs"
	"github.com/idemlint/idemlint/passes/internal/policy"
	"github.com/idemlint/idemlint/passes/internal/report"
)

// NoJitterFact marks a function that returns a retry policy without
// jitter, without a cap or without a delay (a constant backoff,
// RandomizationFactor = 0, a bare go-retry backoff). A retry helper that
// gets its policy from a call of it is reported at the helper call.
type NoJitterFact struct {
	Why string // what is wrong with it, as the message says it
}

func (*NoJitterFact) AFact()           {}
func (f *NoJitterFact) String() string { return "policy " + f.Why }

// A verdict takes what is wrong with a policy: reported where the policy
// is built when a retry site uses it, or, for a policy constructor, kept
// as the first reason, for its Fact.
type verdict struct {
	pass   *analysis.Pass
	record bool
	why    string
}

func (v *verdict) at(n ast.Node, msg, why string) {
	v.add(analysis.Diagnostic{Pos: n.Pos(), End: n.End(), Message: msg}, why)
}

// wrap is at for a go-retry constructor, with a fix that wraps it in
// retry.WithJitterPercent(10, ...).
func (v *verdict) wrap(ctor *ast.CallExpr, msg, why string) {
	v.add(analysis.Diagnostic{Pos: ctor.Pos(), End: ctor.End(), Message: msg,
		SuggestedFixes: report.WrapCall(ctor, "WithJitterPercent", "10")}, why)
}

func (v *verdict) add(d analysis.Diagnostic, why string) {
	if !v.record {
		report.Report(v.pass, d)
	} else if v.why == "" {
		v.why = why
	}
}

// exportNoJitter exports a NoJitterFact for each policy constructor of the
// package whose policy has no jitter, no cap or no delay, and returns them.
func exportNoJitter(pass *analysis.Pass) map[*types.Func]*NoJitterFact {
	if !libs.ImportsAny(pass.Pkg, libs.BackoffV4, libs.BackoffV5, libs.SethvargoRetry, libs.K8sWait) {
		return nil
	}
	return policy.Learn(pass, func(c policy.Constructor, learned map[*types.Func]*NoJitterFact) *NoJitterFact {
		if why := judgedElsewhere(pass, c.Policy, learned); why != "" {
			return &NoJitterFact{Why: why}
		}
		return nil
	})
}

// reportConstructed reports a helper call whose policy comes, as built,
// from a constructor with a NoJitterFact, or is read from a struct field
// in which the package only stores a policy without jitter, cap or delay.
func reportConstructed(pass *analysis.Pass, call *ast.CallExpr, p *policy.Policy, learned map[*types.Func]*NoJitterFact) {
	if !p.Complete {
		field, stored := policy.StoredIn(pass.TypesInfo, pass.Files, p)
		if stored == nil {
			return
		}
		if why := judgedElsewhere(pass, stored, learned); why != "" {
			report.At(pass, call, "the policy stored in field %s %s; fix it where it is stored", field.Name(), why)
		}
		return
	}
	if f, c := policy.ConstructorFact(pass, p, learned); f != nil {
		report.At(pass, call, "the policy from %s() %s; fix it where it is built", types.ExprString(c.Fun), f.Why)
	}
}

// judgedElsewhere says what is wrong with a policy built elsewhere (in a
// constructor, or where a field is set), or "".
func judgedElsewhere(pass *analysis.Pass, p *policy.Policy, learned map[*types.Func]*NoJitterFact) string {
	v := &verdict{pass: pass, record: true}
	judgeBackoff(v, p)
	judgeSethvargo(v, p)
	for _, l := range p.Lits {
		judgeWaitBackoff(v, l)
	}
	if v.why == "" {
		if f, _ := policy.ConstructorFact(pass, p, learned); f != nil {
			v.why = f.Why
		}
	}
	return v.why
}

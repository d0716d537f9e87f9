package nojitter

import (
	"fmt"
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"

	"github.com/idemlint/idemlint/passes/internal/astutil"

	"golang.org/x/tools/go/analysis"

	"github.com/idemlint/idemlint/passes/internal/libs"
	"github.com/idemlint/idemlint/passes/internal/policy"
	"github.com/idemlint/idemlint/passes/internal/report"
	"github.com/idemlint/idemlint/passes/internal/retrysite"
)

// checkPolicy reports a library retry whose policy is built without jitter,
// without a cap, or without a delay.
func checkPolicy(pass *analysis.Pass, s *retrysite.Site, local map[*types.Func]*NoJitterFact) {
	info := pass.TypesInfo
	v := &verdict{pass: pass}
	call := s.Node.(*ast.CallExpr)
	fn := libs.NameOf(s.HelperFunc)
	switch fn.Pkg {
	case libs.SethvargoRetry:
		if s.Helper.Policy < 0 {
			report.At(pass, call, "retry.%s waits without jitter and never caps its delay; use retry.Do with a backoff wrapped in retry.WithJitterPercent and retry.WithCappedDuration", fn.Name)
			return
		}
		p := policy.Follow(info, call.Args[s.Helper.Policy], s.Encl)
		judgeSethvargo(v, p)
		if jittered, capped := sethvargoWrappers(info, p); !jittered && !capped {
			reportConstructed(pass, call, p, local)
		}
	case libs.RetryGoV4, libs.RetryGoV5:
		opts, _ := policy.Options(info, call, s.Helper.Options, s.Encl)
		for _, o := range opts {
			if !libs.Is(libs.Callee(info, o), fn.Pkg, "DelayType") || len(o.Args) != 1 {
				continue
			}
			id := delayTypeName(info, o.Args[0])
			if id == "FixedDelay" || id == "BackOffDelay" {
				reportDelayType(pass, o, id)
			}
		}
	case libs.BackoffV4, libs.BackoffV5:
		var p *policy.Policy
		if s.Helper.Policy >= 0 {
			p = policy.Follow(info, call.Args[s.Helper.Policy], s.Encl)
		} else {
			opts, _ := policy.Options(info, call, s.Helper.Options, s.Encl)
			p = &policy.Policy{Fields: map[string]ast.Expr{}, Complete: true}
			for _, o := range opts {
				if libs.Is(libs.Callee(info, o), libs.BackoffV5, "WithBackOff") {
					p.Merge(policy.Follow(info, o.Args[0], s.Encl))
				}
			}
		}
		judgeBackoff(v, p)
		reportConstructed(pass, call, p, local)
	case libs.K8sRetry, libs.K8sWait:
		if s.Helper.Policy >= 0 {
			p := policy.Follow(info, call.Args[s.Helper.Policy], s.Encl)
			for _, l := range p.Lits {
				judgeWaitBackoff(v, l)
			}
			reportConstructed(pass, call, p, local)
		}
	}
}

func delayTypeName(info *types.Info, e ast.Expr) string {
	switch x := ast.Unparen(e).(type) {
	case *ast.SelectorExpr:
		return x.Sel.Name
	case *ast.Ident:
		return x.Name
	}
	return ""
}

// judgeBackoff judges cenkalti/backoff policies without jitter or delay.
func judgeBackoff(v *verdict, p *policy.Policy) {
	info := v.pass.TypesInfo
	const together = ", so clients that failed together retry together"
	if f, ok := p.Fields["RandomizationFactor"]; ok && astutil.IsZero(info, f) {
		v.at(f, "RandomizationFactor = 0 removes the backoff's jitter"+together+"; keep the default 0.5",
			"has no jitter (RandomizationFactor = 0)"+together)
	}
	for _, c := range p.Calls {
		fn := libs.NameOf(libs.Callee(info, c))
		switch {
		case fn.Name == "WithRandomizationFactor" && len(c.Args) == 1 && astutil.IsZero(info, c.Args[0]):
			v.at(c, "WithRandomizationFactor(0) removes the backoff's jitter; keep the default 0.5",
				"has no jitter (WithRandomizationFactor(0))"+together)
		case fn.Name == "NewConstantBackOff":
			v.at(c, "a constant backoff has no jitter"+together+"; use backoff.NewExponentialBackOff(), which is jittered and capped",
				"has no jitter (a constant backoff)"+together)
		}
	}
	for _, l := range p.Lits {
		switch n := astutil.TypeName(info.TypeOf(l)); n {
		case "ZeroBackOff":
			v.at(l, "backoff.ZeroBackOff retries at once, with no delay between attempts; use backoff.NewExponentialBackOff()",
				"retries at once (backoff.ZeroBackOff), with no delay between attempts")
		case "ConstantBackOff":
			v.at(l, "a constant backoff has no jitter"+together+"; use backoff.NewExponentialBackOff(), which is jittered and capped",
				"has no jitter (a constant backoff)"+together)
		}
	}
}

// judgeSethvargo judges a go-retry backoff chain without jitter or cap.
func judgeSethvargo(v *verdict, p *policy.Policy) {
	info := v.pass.TypesInfo
	ctor, grows, ok := policy.Find(info, p.Calls, libs.SethvargoBare)
	if !ok || !p.Complete {
		return
	}
	jittered, capped := sethvargoWrappers(info, p)
	name := "retry." + libs.NameOf(libs.Callee(info, ctor)).Name
	switch {
	case !jittered && grows && !capped:
		v.wrap(ctor, name+" has no jitter and no cap on its delay; wrap it in retry.WithJitterPercent(10, ...) and retry.WithCappedDuration",
			"has no jitter and no cap on its delay ("+name+")")
	case !jittered:
		v.wrap(ctor, name+" has no jitter, so clients that failed together retry together; wrap it in retry.WithJitterPercent(10, ...)",
			"has no jitter ("+name+"), so clients that failed together retry together")
	case grows && !capped:
		v.at(ctor, name+" grows without a cap; wrap it in retry.WithCappedDuration", "grows without a cap ("+name+")")
	}
}

// sethvargoWrappers reports whether a go-retry chain is wrapped in jitter
// (go-retry's jitterers are libs.Jitterers rows) and in a cap.
func sethvargoWrappers(info *types.Info, p *policy.Policy) (jittered, capped bool) {
	_, _, jittered = policy.Find(info, p.Calls, libs.Jitterers)
	_, _, capped = policy.Find(info, p.Calls, libs.SethvargoCap)
	return jittered, capped
}

// judgeWaitBackoff judges a wait.Backoff literal without jitter whose
// delay grows or has no cap.
func judgeWaitBackoff(v *verdict, l *ast.CompositeLit) {
	info := v.pass.TypesInfo
	if astutil.TypeName(info.TypeOf(l)) != "Backoff" {
		return
	}
	fields := map[string]ast.Expr{}
	for _, e := range l.Elts {
		if kv, ok := e.(*ast.KeyValueExpr); ok {
			if id, ok := kv.Key.(*ast.Ident); ok {
				fields[id.Name] = kv.Value
			}
		}
	}
	if j, ok := fields["Jitter"]; ok && !astutil.IsZero(info, j) {
		return
	}
	factor, hasFactor := fields["Factor"]
	grows := hasFactor && greaterThanOne(info, factor)
	if _, hasCap := fields["Cap"]; grows || !hasCap {
		v.at(l, "wait.Backoff has no Jitter, so clients that failed together retry together; set Jitter (e.g. 0.1)",
			"has no Jitter (wait.Backoff), so clients that failed together retry together")
	}
}

func greaterThanOne(info *types.Info, e ast.Expr) bool {
	tv, ok := info.Types[e]
	return !ok || tv.Value == nil || constant.Compare(tv.Value, token.GTR, constant.MakeInt64(1))
}

// reportDelayType reports retry.DelayType(retry.FixedDelay) and offers to
// add retry-go's RandomDelay to it (its MaxJitter defaults to 100ms).
func reportDelayType(pass *analysis.Pass, o *ast.CallExpr, id string) {
	d := analysis.Diagnostic{Pos: o.Pos(), End: o.End(),
		Message: fmt.Sprintf("retry.DelayType(retry.%s) has no jitter; use retry.CombineDelay(retry.%s, retry.RandomDelay) with retry.MaxJitter", id, id)}
	arg := o.Args[0]
	if sel, ok := ast.Unparen(arg).(*ast.SelectorExpr); ok {
		if pkg, ok := sel.X.(*ast.Ident); ok {
			d.SuggestedFixes = []analysis.SuggestedFix{{
				Message: "add " + pkg.Name + ".RandomDelay",
				TextEdits: []analysis.TextEdit{{Pos: arg.Pos(), End: arg.End(),
					NewText: []byte(pkg.Name + ".CombineDelay(" + pkg.Name + "." + id + ", " + pkg.Name + ".RandomDelay)")}},
			}}
		}
	}
	report.Report(pass, d)
}

// checkJpillora reports jpillora/backoff Backoff literals that leave
// Jitter at its default, false: Duration() then returns the same delays to
// every client. It offers to set Jitter: true.
func checkJpillora(pass *analysis.Pass) {
	for _, f := range pass.Files {
		ast.Inspect(f, func(n ast.Node) bool {
			lit, ok := n.(*ast.CompositeLit)
			if !ok || !isJpilloraBackoff(pass.TypesInfo.TypeOf(lit)) {
				return true
			}
			text := "Jitter: true"
			if len(lit.Elts) > 0 {
				text += ", "
			}
			edit := analysis.TextEdit{Pos: lit.Lbrace + 1, End: lit.Lbrace + 1, NewText: []byte(text)}
			for _, e := range lit.Elts {
				kv, ok := e.(*ast.KeyValueExpr)
				if id, isID := kv.Key.(*ast.Ident); ok && isID && id.Name == "Jitter" {
					if tv := pass.TypesInfo.Types[kv.Value]; tv.Value == nil || tv.Value.ExactString() != "false" {
						return true // set, or set from configuration
					}
					edit = analysis.TextEdit{Pos: kv.Value.Pos(), End: kv.Value.End(), NewText: []byte("true")}
				}
			}
			report.Report(pass, analysis.Diagnostic{
				Pos: lit.Pos(), End: lit.End(),
				Message:        "backoff.Backoff leaves Jitter off (its default), so clients that failed together retry together; set Jitter: true",
				SuggestedFixes: []analysis.SuggestedFix{{Message: "set Jitter: true", TextEdits: []analysis.TextEdit{edit}}},
			})
			return true
		})
	}
}

func isJpilloraBackoff(t types.Type) bool {
	return libs.IsNamed(t, libs.Jpillora, "Backoff")
}

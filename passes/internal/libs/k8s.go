package libs

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"

	"github.com/idemlint/idemlint/passes/internal/astutil"
)

// Kubernetes' retry helpers: k8s.io/client-go/util/retry (RetryOnConflict,
// OnError) and k8s.io/apimachinery/pkg/util/wait (ExponentialBackoff,
// Poll*). A policy is a wait.Backoff literal: Steps attempts (always
// bounded), Factor growth, Jitter, Cap.
const (
	K8sRetry = "k8s.io/client-go/util/retry"
	K8sWait  = "k8s.io/apimachinery/pkg/util/wait"
)

var k8sFamily = &Family{
	Paths:    []string{K8sRetry, K8sWait},
	Policies: []string{K8sWait},
	Helpers: Table[RetryHelper]{
		{K8sRetry, "", "RetryOnConflict"}:              helper(1, -1, 0, -1),
		{K8sRetry, "", "OnError"}:                      helper(2, -1, 0, -1),
		{K8sWait, "", "ExponentialBackoff"}:            helper(1, -1, 0, -1),
		{K8sWait, "", "ExponentialBackoffWithContext"}: helper(2, 0, 1, -1),
		{K8sWait, "", "PollUntilContextTimeout"}:       helper(4, 0, -1, -1),
		{K8sWait, "", "PollUntilContextCancel"}:        helper(3, 0, -1, -1),
		{K8sWait, "", "Poll"}:                          helper(2, -1, -1, -1),
		{K8sWait, "", "PollImmediate"}:                 helper(2, -1, -1, -1),
		{K8sWait, "", "PollInfinite"}:                  helper(1, -1, -1, -1),
		{K8sWait, "", "PollImmediateInfinite"}:         helper(1, -1, -1, -1),
	},
	Jitterers: Table[bool]{{K8sWait, "", "Jitter"}: true},
	Waits:     Table[int]{{K8sWait, "", "Jitter"}: 0},
	NoJitter: func(u *Use) ([]Finding, bool) {
		if u.Policy == nil {
			return nil, false
		}
		return waitNoJitter(u.Info, u.Policy), true
	},
	BuiltNoJitter: waitNoJitter,
	Attempts: func(u *Use) int {
		if u.Policy == nil {
			return 0
		}
		for _, l := range u.Policy.Lits {
			if v, ok := litFields(l)["Steps"]; ok {
				return astutil.IntValue(u.Info, v)
			}
		}
		return 0
	},
}

// waitNoJitter judges wait.Backoff literals without jitter whose delay
// grows or has no cap.
func waitNoJitter(info *types.Info, b *Built) []Finding {
	var out []Finding
	for _, l := range b.Lits {
		if astutil.TypeName(info.TypeOf(l)) != "Backoff" {
			continue
		}
		fields := litFields(l)
		if j, ok := fields["Jitter"]; ok && !astutil.IsZero(info, j) {
			continue
		}
		factor, hasFactor := fields["Factor"]
		grows := hasFactor && greaterThanOne(info, factor)
		if _, hasCap := fields["Cap"]; grows || !hasCap {
			out = append(out, Finding{At: l, Msg: "wait.Backoff has no Jitter" + together + "; set Jitter (e.g. 0.1)",
				Why: "has no Jitter (wait.Backoff)" + together})
		}
	}
	return out
}

// litFields maps the keyed fields of a literal to their values.
func litFields(l *ast.CompositeLit) map[string]ast.Expr {
	fields := map[string]ast.Expr{}
	for _, e := range l.Elts {
		if kv, ok := e.(*ast.KeyValueExpr); ok {
			if id, ok := kv.Key.(*ast.Ident); ok {
				fields[id.Name] = kv.Value
			}
		}
	}
	return fields
}

func greaterThanOne(info *types.Info, e ast.Expr) bool {
	tv, ok := info.Types[e]
	return !ok || tv.Value == nil || constant.Compare(tv.Value, token.GTR, constant.MakeInt64(1))
}

package libs

import (
	"go/ast"
	"go/types"

	"github.com/idemlint/idemlint/passes/internal/astutil"
)

// cenkalti/backoff, v4 and v5. A policy is a BackOff value: an
// ExponentialBackOff (jittered by RandomizationFactor 0.5 and capped by
// MaxInterval by default; v4 stops after MaxElapsedTime, 15 minutes), a
// ConstantBackOff or ZeroBackOff (no jitter, never stop), wrapped in
// WithMaxRetries or WithContext to end it. v5's Retry takes the policy
// through its WithBackOff option and stops after 15 minutes unless
// WithMaxElapsedTime(0) removes that and no WithMaxTries is given.
const (
	BackoffV4 = "github.com/cenkalti/backoff/v4"
	BackoffV5 = "github.com/cenkalti/backoff/v5"
)

var backoffFamily = &Family{
	Paths:    []string{BackoffV4, BackoffV5},
	Policies: []string{BackoffV4, BackoffV5},
	Helpers: Table[RetryHelper]{
		{BackoffV4, "", "Retry"}:                       helper(0, -1, 1, -1),
		{BackoffV4, "", "RetryWithData"}:               helper(0, -1, 1, -1),
		{BackoffV4, "", "RetryNotify"}:                 helper(0, -1, 1, -1),
		{BackoffV4, "", "RetryNotifyWithData"}:         helper(0, -1, 1, -1),
		{BackoffV4, "", "RetryNotifyWithTimer"}:        helper(0, -1, 1, -1),
		{BackoffV4, "", "RetryNotifyWithTimerAndData"}: helper(0, -1, 1, -1),
		{BackoffV5, "", "Retry"}:                       policyOption(helper(1, 0, -1, 2), "WithBackOff"),
	},
	NoJitter: func(u *Use) ([]Finding, bool) {
		return backoffNoJitter(u.Info, u.Policy), true
	},
	BuiltNoJitter: backoffNoJitter,
	NeverStops:    backoffNeverStops,
	BuiltNeverStops: func(info *types.Info, b *Built) ([]Finding, bool) {
		if _, _, ok := Find(info, b.Calls, backoffV4Limits); ok {
			return nil, true
		}
		return backoffV4NeverStops(info, b), false
	},
	LimitFix: "backoff.WithMaxRetries(b, 3) or backoff.WithContext(b, ctx)",
	Attempts: backoffAttempts,
}

// backoffV4Limits are v4's wrappers that end the retries.
var backoffV4Limits = Table[bool]{
	{Pkg: BackoffV4, Name: "WithMaxRetries"}: true,
	{Pkg: BackoffV4, Name: "WithContext"}:    true,
}

const together = ", so clients that failed together retry together"

// backoffNoJitter finds what removes a backoff's jitter or delay.
func backoffNoJitter(info *types.Info, b *Built) []Finding {
	if b == nil {
		return nil
	}
	var out []Finding
	if f, ok := b.Fields["RandomizationFactor"]; ok && astutil.IsZero(info, f) {
		out = append(out, Finding{At: f, Msg: "RandomizationFactor = 0 removes the backoff's jitter" + together + "; keep the default 0.5",
			Why: "has no jitter (RandomizationFactor = 0)" + together})
	}
	for _, c := range b.Calls {
		fn := NameOf(Callee(info, c))
		switch {
		case fn.Name == "WithRandomizationFactor" && len(c.Args) == 1 && astutil.IsZero(info, c.Args[0]):
			out = append(out, Finding{At: c, Msg: "WithRandomizationFactor(0) removes the backoff's jitter; keep the default 0.5",
				Why: "has no jitter (WithRandomizationFactor(0))" + together})
		case fn.Name == "NewConstantBackOff":
			out = append(out, Finding{At: c, Msg: "a constant backoff has no jitter" + together + "; use backoff.NewExponentialBackOff(), which is jittered and capped",
				Why: "has no jitter (a constant backoff)" + together})
		}
	}
	for _, l := range b.Lits {
		switch astutil.TypeName(info.TypeOf(l)) {
		case "ExponentialBackOff":
			if f, ok := literalNoJitter(info, b, l); ok {
				out = append(out, f)
			}
		case "ZeroBackOff":
			out = append(out, Finding{At: l, Msg: "backoff.ZeroBackOff retries at once, with no delay between attempts; use backoff.NewExponentialBackOff()",
				Why: "retries at once (backoff.ZeroBackOff), with no delay between attempts", NoDelay: true})
		case "ConstantBackOff":
			out = append(out, Finding{At: l, Msg: "a constant backoff has no jitter" + together + "; use backoff.NewExponentialBackOff(), which is jittered and capped",
				Why: "has no jitter (a constant backoff)" + together})
		}
	}
	return out
}

// literalNoJitter judges an ExponentialBackOff literal: a field it leaves
// out is zero, and a RandomizationFactor of zero is no jitter, unless the
// policy variable is given one afterwards (b.RandomizationFactor = 0.5).
func literalNoJitter(info *types.Info, b *Built, l *ast.CompositeLit) (Finding, bool) {
	if !isBackoffType(info.TypeOf(l), "ExponentialBackOff") {
		return Finding{}, false
	}
	if _, later := b.Fields["RandomizationFactor"]; later {
		return Finding{}, false // judged as the field assignment
	}
	rf, ok := litFields(l)["RandomizationFactor"]
	switch {
	case !ok:
		return Finding{At: l, Msg: "backoff.ExponentialBackOff literal leaves RandomizationFactor at 0, so it has no jitter" + together + "; use backoff.NewExponentialBackOff() or set RandomizationFactor: 0.5",
			Why: "has no jitter (an ExponentialBackOff literal without RandomizationFactor)" + together}, true
	case astutil.IsZero(info, rf):
		return Finding{At: rf, Msg: "RandomizationFactor: 0 removes the backoff's jitter" + together + "; keep the default 0.5",
			Why: "has no jitter (RandomizationFactor: 0)" + together}, true
	}
	return Finding{}, false
}

// isBackoffType reports whether t (or what it points to) is the type name
// of backoff v4 or v5.
func isBackoffType(t types.Type, name string) bool {
	if p, ok := t.(*types.Pointer); ok {
		t = p.Elem()
	}
	return IsNamed(t, BackoffV4, name) || IsNamed(t, BackoffV5, name)
}

// backoffNeverStops judges a Retry call: v4 by its policy, v5 by its
// options and context.
func backoffNeverStops(u *Use) ([]Finding, bool) {
	info := u.Info
	if u.Func.Pkg == BackoffV5 {
		if option(info, u.Options, BackoffV5, "WithMaxTries") != nil || HasDeadline(info, u.Ctx) {
			return nil, false
		}
		var out []Finding
		for _, o := range u.Options {
			if Is(Callee(info, o), BackoffV5, "WithMaxElapsedTime") && astutil.IsZero(info, o.Args[0]) {
				out = append(out, Finding{At: o, Msg: "backoff.WithMaxElapsedTime(0) removes the only limit on backoff.Retry; add backoff.WithMaxTries(n) or keep an elapsed-time limit",
					Why: "WithMaxElapsedTime(0)"})
			}
		}
		return out, false
	}
	if u.Policy == nil {
		return nil, false
	}
	if _, _, ok := Find(info, u.Policy.Calls, backoffV4Limits); ok {
		return nil, false
	}
	if !u.Policy.Complete {
		return nil, true
	}
	return backoffV4NeverStops(info, u.Policy), true
}

// backoffV4NeverStops finds what makes a v4 policy with no limit wrapped
// around it retry forever.
func backoffV4NeverStops(info *types.Info, b *Built) []Finding {
	const wrap = "; keep an elapsed-time limit, or wrap it in backoff.WithMaxRetries(b, 3) or backoff.WithContext(b, ctx)"
	if v, ok := b.Fields["MaxElapsedTime"]; ok && astutil.IsZero(info, v) {
		return []Finding{{At: v, Msg: "MaxElapsedTime = 0 makes this backoff retry forever" + wrap, Why: "MaxElapsedTime = 0"}}
	}
	var out []Finding
	for _, c := range b.Calls {
		fn := Callee(info, c)
		switch {
		case Is(fn, BackoffV4, "WithMaxElapsedTime") && len(c.Args) == 1 && astutil.IsZero(info, c.Args[0]):
			out = append(out, Finding{At: c, Msg: "WithMaxElapsedTime(0) makes this backoff retry forever" + wrap, Why: "WithMaxElapsedTime(0)"})
		case Is(fn, BackoffV4, "NewConstantBackOff"):
			out = append(out, Finding{At: c, Msg: "a constant backoff never stops, so this retry can run forever; wrap it in backoff.WithMaxRetries(b, 3) or backoff.WithContext(b, ctx)",
				Why: "a constant backoff"})
		}
	}
	for _, l := range b.Lits {
		if v, ok := litFields(l)["MaxElapsedTime"]; ok && isBackoffType(info.TypeOf(l), "ExponentialBackOff") && astutil.IsZero(info, v) {
			if _, later := b.Fields["MaxElapsedTime"]; !later {
				out = append(out, Finding{At: v, Msg: "MaxElapsedTime: 0 makes this backoff retry forever" + wrap, Why: "MaxElapsedTime: 0"})
			}
		}
		if n := astutil.TypeName(info.TypeOf(l)); n == "ConstantBackOff" || n == "ZeroBackOff" {
			out = append(out, Finding{At: l, Msg: "backoff." + n + " never stops, so this retry can run forever; wrap it in backoff.WithMaxRetries(b, 3) or backoff.WithContext(b, ctx)",
				Why: "backoff." + n})
		}
	}
	return out
}

// backoffAttempts reads v5's WithMaxTries(n), or v4's WithMaxRetries(b, n)
// (n retries after the first attempt).
func backoffAttempts(u *Use) int {
	info := u.Info
	if u.Func.Pkg == BackoffV5 {
		if o := option(info, u.Options, BackoffV5, "WithMaxTries"); o != nil {
			return astutil.IntValue(info, o.Args[0])
		}
		return 0
	}
	if u.Policy == nil {
		return 0
	}
	for _, c := range u.Policy.Calls {
		if Is(Callee(info, c), BackoffV4, "WithMaxRetries") && len(c.Args) == 2 {
			return plusOne(astutil.IntValue(info, c.Args[1]))
		}
	}
	return 0
}

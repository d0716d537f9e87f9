package libs

import (
	"go/ast"
	"go/types"
	"slices"

	"github.com/idemlint/idemlint/passes/internal/astutil"
)

// cenkalti/backoff. A policy is a BackOff value: an ExponentialBackOff
// (jittered by RandomizationFactor 0.5 and capped by MaxInterval by
// default), a ConstantBackOff or ZeroBackOff (no jitter). How Retry takes
// the policy and what ends it is the major version's API shape:
//
//   - backoffArg (v4): Retry(op, b) and its Notify, WithData and
//     WithTimer variants take the policy as an argument, and the policy
//     itself must stop: ExponentialBackOff after MaxElapsedTime (15
//     minutes unless 0), or wrapped in WithMaxRetries or WithContext;
//     ConstantBackOff and ZeroBackOff never do.
//   - backoffOptions (v5, v6, v7): Retry(ctx, op, opts...) takes the
//     policy through its WithBackOff option (NewExponentialBackOff() by
//     default) and stops after 15 minutes unless WithMaxElapsedTime(0)
//     removes that, WithMaxTries(n) counts all attempts, and the context
//     ends it. v6 made Retry return a *RetryError and dropped the
//     PermanentError type (Permanent stays); v7 changed RetryAfter to take
//     a duration and a cause. Neither changed the policies, the options or
//     their defaults (checked against v6.0.1 and v7.0.3).
const (
	BackoffV4 = "github.com/cenkalti/backoff/v4"
	BackoffV5 = "github.com/cenkalti/backoff/v5"
)

// backoffShape is how a major version of cenkalti/backoff takes its
// policy and its limits.
type backoffShape int

const (
	backoffArg backoffShape = iota
	backoffOptions
)

// backoffMajors are the major versions read, by API shape: a new major
// with the shape of an older one is one row here.
var backoffMajors = map[string]backoffShape{
	BackoffV4:                        backoffArg,
	BackoffV5:                        backoffOptions,
	"github.com/cenkalti/backoff/v6": backoffOptions,
	"github.com/cenkalti/backoff/v7": backoffOptions,
}

// backoffShapeOf returns the shape of the major version pkg, if it is one.
func backoffShapeOf(pkg string) (backoffShape, bool) {
	s, ok := backoffMajors[pkg]
	return s, ok
}

// backoffPaths are the packages of backoffMajors, in a stable order.
func backoffPaths() []string {
	out := make([]string, 0, len(backoffMajors))
	for p := range backoffMajors {
		out = append(out, p)
	}
	slices.Sort(out)
	return out
}

// backoffRows returns the rows of one table for every major version:
// row gives a shape's rows for a package (nil when it has none).
func backoffRows[V any](row func(pkg string, s backoffShape) Table[V]) Table[V] {
	t := Table[V]{}
	for p, s := range backoffMajors {
		for k, v := range row(p, s) {
			t[k] = v
		}
	}
	return t
}

var backoffFamily = &Family{
	Paths:    backoffPaths(),
	Policies: backoffPaths(),
	Helpers: backoffRows(func(p string, s backoffShape) Table[RetryHelper] {
		if s == backoffOptions {
			return Table[RetryHelper]{{p, "", "Retry"}: policyOption(helper(1, 0, -1, 2), "WithBackOff")}
		}
		t := Table[RetryHelper]{}
		for _, name := range []string{"Retry", "RetryWithData", "RetryNotify", "RetryNotifyWithData", "RetryNotifyWithTimer", "RetryNotifyWithTimerAndData"} {
			t[Func{p, "", name}] = helper(0, -1, 1, -1)
		}
		return t
	}),
	NoJitter: func(u *Use) ([]Finding, bool) {
		return backoffNoJitter(u.Info, u.Policy), true
	},
	BuiltNoJitter: backoffNoJitter,
	NeverStops:    backoffNeverStops,
	BuiltNeverStops: func(info *types.Info, b *Built) ([]Finding, bool) {
		if _, _, ok := Find(info, b.Calls, backoffLimits); ok {
			return nil, true
		}
		return backoffArgNeverStops(info, b), false
	},
	LimitFix: "backoff.WithMaxRetries(b, 3) or backoff.WithContext(b, ctx)",
	Attempts: backoffAttempts,
}

// The tables other parts of idemlint read, for every major version:
// Permanent ends the retries, Stop is what a policy returns to end them.
func init() {
	for p := range backoffMajors {
		PermanentErrors[Func{p, "", "Permanent"}] = true
		StopSignals[Func{p, "", "Stop"}] = true
	}
}

// backoffLimits are the wrappers of the policy-argument shape that end
// the retries.
var backoffLimits = backoffRows(func(p string, s backoffShape) Table[bool] {
	if s != backoffArg {
		return nil
	}
	return Table[bool]{{p, "", "WithMaxRetries"}: true, {p, "", "WithContext"}: true}
})

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
// of a major version of backoff.
func isBackoffType(t types.Type, name string) bool {
	_, ok := backoffTypeShape(t, name)
	return ok
}

// backoffTypeShape returns the shape of the major version whose type name
// t (or what it points to) is.
func backoffTypeShape(t types.Type, name string) (backoffShape, bool) {
	if p, ok := t.(*types.Pointer); ok {
		t = p.Elem()
	}
	n, ok := types.Unalias(t).(*types.Named)
	if !ok || n.Obj().Name() != name || n.Obj().Pkg() == nil {
		return 0, false
	}
	return backoffShapeOf(n.Obj().Pkg().Path())
}

// isBackoffCall reports whether fn is the function name of a major
// version of the given shape.
func isBackoffCall(fn *types.Func, shape backoffShape, name string) bool {
	n := NameOf(fn)
	s, ok := backoffShapeOf(n.Pkg)
	return ok && s == shape && n.Recv == "" && n.Name == name
}

// backoffNeverStops judges a Retry call: the policy-argument shape by its
// policy, the options shape by its options and context.
func backoffNeverStops(u *Use) ([]Finding, bool) {
	info := u.Info
	if s, _ := backoffShapeOf(u.Func.Pkg); s == backoffOptions {
		// WithMaxTries(0) is the default: no limit.
		if m := option(info, u.Options, u.Func.Pkg, "WithMaxTries"); m != nil && (len(m.Args) != 1 || !astutil.IsZero(info, m.Args[0])) || HasDeadline(info, u.Ctx) {
			return nil, false
		}
		var out []Finding
		for _, o := range u.Options {
			if Is(Callee(info, o), u.Func.Pkg, "WithMaxElapsedTime") && len(o.Args) == 1 && astutil.IsZero(info, o.Args[0]) {
				out = append(out, Finding{At: o, Msg: "backoff.WithMaxElapsedTime(0) removes the only limit on backoff.Retry; add backoff.WithMaxTries(n) or keep an elapsed-time limit",
					Why: "WithMaxElapsedTime(0)"})
			}
		}
		return out, false
	}
	if u.Policy == nil {
		return nil, false
	}
	if _, _, ok := Find(info, u.Policy.Calls, backoffLimits); ok {
		return nil, false
	}
	if !u.Policy.Complete {
		return nil, true
	}
	return backoffArgNeverStops(info, u.Policy), true
}

// backoffArgNeverStops finds what makes a policy of the policy-argument
// shape, with no limit wrapped around it, retry forever. A policy of the
// options shape stops by Retry's own limits.
func backoffArgNeverStops(info *types.Info, b *Built) []Finding {
	const wrap = "; keep an elapsed-time limit, or wrap it in backoff.WithMaxRetries(b, 3) or backoff.WithContext(b, ctx)"
	// Reported at the expression that builds the policy (RULES.md), the
	// NewExponentialBackOff call, when the setting is made apart from it.
	var built ast.Node
	for _, c := range b.Calls {
		if isBackoffCall(Callee(info, c), backoffArg, "NewExponentialBackOff") {
			built = c
			break
		}
	}
	at := func(setting ast.Node) ast.Node {
		if built != nil {
			return built
		}
		return setting
	}
	if v, ok := b.Fields["MaxElapsedTime"]; ok && astutil.IsZero(info, v) {
		return []Finding{{At: at(v), Msg: "MaxElapsedTime = 0 makes this backoff retry forever" + wrap, Why: "MaxElapsedTime = 0"}}
	}
	var out []Finding
	for _, c := range b.Calls {
		fn := Callee(info, c)
		switch {
		case isBackoffCall(fn, backoffArg, "WithMaxElapsedTime") && len(c.Args) == 1 && astutil.IsZero(info, c.Args[0]):
			out = append(out, Finding{At: at(c), Msg: "WithMaxElapsedTime(0) makes this backoff retry forever" + wrap, Why: "WithMaxElapsedTime(0)"})
		case isBackoffCall(fn, backoffArg, "NewConstantBackOff"):
			out = append(out, Finding{At: c, Msg: "a constant backoff never stops, so this retry can run forever; wrap it in backoff.WithMaxRetries(b, 3) or backoff.WithContext(b, ctx)",
				Why: "a constant backoff"})
		}
	}
	for _, l := range b.Lits {
		t := info.TypeOf(l)
		if v, ok := litFields(l)["MaxElapsedTime"]; ok && isBackoffType(t, "ExponentialBackOff") && astutil.IsZero(info, v) {
			if _, later := b.Fields["MaxElapsedTime"]; !later {
				out = append(out, Finding{At: v, Msg: "MaxElapsedTime: 0 makes this backoff retry forever" + wrap, Why: "MaxElapsedTime: 0"})
			}
		}
		for _, n := range []string{"ConstantBackOff", "ZeroBackOff"} {
			if s, ok := backoffTypeShape(t, n); ok && s == backoffArg {
				out = append(out, Finding{At: l, Msg: "backoff." + n + " never stops, so this retry can run forever; wrap it in backoff.WithMaxRetries(b, 3) or backoff.WithContext(b, ctx)",
					Why: "backoff." + n})
			}
		}
	}
	return out
}

// backoffAttempts reads the options shape's WithMaxTries(n), or the
// policy-argument shape's WithMaxRetries(b, n) (n retries after the first
// attempt).
func backoffAttempts(u *Use) int {
	info := u.Info
	if s, _ := backoffShapeOf(u.Func.Pkg); s == backoffOptions {
		if o := option(info, u.Options, u.Func.Pkg, "WithMaxTries"); o != nil && len(o.Args) == 1 {
			return astutil.IntValue(info, o.Args[0])
		}
		return 0
	}
	if u.Policy == nil {
		return 0
	}
	for _, c := range u.Policy.Calls {
		if isBackoffCall(Callee(info, c), backoffArg, "WithMaxRetries") && len(c.Args) == 2 {
			return plusOne(astutil.IntValue(info, c.Args[1]))
		}
	}
	return 0
}

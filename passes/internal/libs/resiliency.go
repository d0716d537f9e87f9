package libs

import (
	"go/ast"
	"go/constant"
	"go/types"
)

// eapache/go-resiliency's retrier (a dependency of sarama, and in use on
// its own). retrier.New(backoff, classifier) makes a Retrier that runs an
// operation (Run, RunCtx, RunFn) and, while the classifier says retry
// (nil: every error), waits backoff[i] before retry i: len(backoff)
// retries in all. ConstantBackoff(n, d), ExponentialBackoff(n, d) and
// LimitedExponentialBackoff(n, d, max) build the slice. Its jitter is 0
// until SetJitter(f) with 0 < f <= 1 (a value outside that range is
// ignored); WithInfiniteRetry() retries forever on the last delay, ended
// only by RunCtx's or RunFn's context. Read from retrier.go and
// backoffs.go of v1.7.0.
const Resiliency = "github.com/eapache/go-resiliency/retrier"

var resiliencyFamily = &Family{
	Paths:    []string{Resiliency},
	Policies: []string{Resiliency},
	Helpers: Table[RetryHelper]{
		{Resiliency, "Retrier", "Run"}:    {Op: 0, Ctx: -1, Policy: -1, Options: -1, Recv: true},
		{Resiliency, "Retrier", "RunCtx"}: {Op: 1, Ctx: 0, Policy: -1, Options: -1, Recv: true},
		{Resiliency, "Retrier", "RunFn"}:  {Op: 1, Ctx: 0, Policy: -1, Options: -1, Recv: true},
	},
	NoJitter: func(u *Use) ([]Finding, bool) {
		if u.Policy == nil {
			return nil, false
		}
		_, _, built := Find(u.Info, u.Policy.Calls, resiliencyNew)
		return resiliencyNoJitter(u.Info, u.Policy), !built
	},
	BuiltNoJitter: resiliencyNoJitter,
	NeverStops: func(u *Use) ([]Finding, bool) {
		if u.Policy == nil || HasDeadline(u.Info, u.Ctx) {
			return nil, false
		}
		fs, limited := resiliencyNeverStops(u.Info, u.Policy)
		return fs, len(fs) == 0 && !limited
	},
	BuiltNeverStops: resiliencyNeverStops,
	LimitFix:        "a finite backoff (drop WithInfiniteRetry) or RunCtx with a context that has a deadline",
	Attempts: func(u *Use) int {
		if u.Policy == nil {
			return 0
		}
		if _, _, infinite := Find(u.Info, u.Policy.Calls, resiliencyInfinite); infinite {
			return 0
		}
		ctor, _, ok := Find(u.Info, u.Policy.Calls, resiliencyNew)
		if !ok || len(ctor.Args) == 0 {
			return 0
		}
		b, ok := ast.Unparen(ctor.Args[0]).(*ast.CallExpr)
		if _, known := resiliencyBackoffs.Lookup(Callee(u.Info, b)); !ok || !known || len(b.Args) == 0 {
			return 0
		}
		if tv := u.Info.Types[b.Args[0]]; tv.Value != nil {
			if n, exact := constant.Int64Val(tv.Value); exact && n >= 0 {
				return int(n) + 1
			}
		}
		return 0
	},
}

var (
	resiliencyNew      = Table[bool]{{Pkg: Resiliency, Name: "New"}: true}
	resiliencyJitter   = Table[bool]{{Resiliency, "Retrier", "SetJitter"}: true}
	resiliencyInfinite = Table[bool]{{Resiliency, "Retrier", "WithInfiniteRetry"}: true}
	resiliencyBackoffs = Table[bool]{
		{Pkg: Resiliency, Name: "ConstantBackoff"}:           true,
		{Pkg: Resiliency, Name: "ExponentialBackoff"}:        true,
		{Pkg: Resiliency, Name: "LimitedExponentialBackoff"}: true,
	}
)

// resiliencyNoJitter reports a Retrier built in view that no SetJitter
// call gives jitter; a jitter read from configuration counts as jitter.
func resiliencyNoJitter(info *types.Info, b *Built) []Finding {
	ctor, _, ok := Find(info, b.Calls, resiliencyNew)
	if !ok {
		return nil
	}
	for _, c := range b.Calls {
		if _, set := resiliencyJitter.Lookup(Callee(info, c)); set && len(c.Args) == 1 {
			tv := info.Types[c.Args[0]]
			if tv.Value == nil {
				return nil // from configuration
			}
			if f, _ := constant.Float64Val(constant.ToFloat(tv.Value)); f > 0 && f <= 1 {
				return nil
			}
		}
	}
	if !b.Complete {
		return nil // SetJitter may be called where we cannot see
	}
	return []Finding{{At: ctor,
		Msg: "retrier.New makes a Retrier with no jitter (its default), so clients that failed together retry together; call SetJitter(0.25) on it",
		Why: "has no jitter (retrier.New without SetJitter)"}}
}

// resiliencyNeverStops reports WithInfiniteRetry; a Retrier built in view
// without it is limited by its backoff slice.
func resiliencyNeverStops(info *types.Info, b *Built) ([]Finding, bool) {
	if c, _, ok := Find(info, b.Calls, resiliencyInfinite); ok {
		return []Finding{{At: c,
			Msg: "WithInfiniteRetry makes the Retrier retry forever on its last delay, so this retry can run forever; drop it, or run it with RunCtx and a context that has a deadline",
			Why: "retrier WithInfiniteRetry"}}, false
	}
	_, _, built := Find(info, b.Calls, resiliencyNew)
	return nil, built
}

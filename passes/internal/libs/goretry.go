package libs

import (
	"go/types"

	"github.com/idemlint/idemlint/passes/internal/astutil"
	"github.com/idemlint/idemlint/passes/internal/report"
)

// sethvargo/go-retry. A policy is a Backoff chain: a bare NewExponential,
// NewFibonacci or NewConstant (no jitter, no cap, never stops) wrapped in
// WithJitter/WithJitterPercent/WithFullJitter, WithCappedDuration, and the
// limits WithMaxRetries/WithMaxDuration. The Exponential, Fibonacci and
// Constant shortcuts retry with a bare backoff.
const SethvargoRetry = "github.com/sethvargo/go-retry"

var goRetryFamily = &Family{
	Paths:    []string{SethvargoRetry},
	Policies: []string{SethvargoRetry},
	Helpers: Table[RetryHelper]{
		{SethvargoRetry, "", "Do"}:          helper(2, 0, 1, -1),
		{SethvargoRetry, "", "DoValue"}:     helper(2, 0, 1, -1),
		{SethvargoRetry, "", "Exponential"}: helper(2, 0, -1, -1),
		{SethvargoRetry, "", "Fibonacci"}:   helper(2, 0, -1, -1),
		{SethvargoRetry, "", "Constant"}:    helper(2, 0, -1, -1),
	},
	Jitterers: Table[bool]{
		{SethvargoRetry, "", "WithJitter"}:        true,
		{SethvargoRetry, "", "WithJitterPercent"}: true,
		{SethvargoRetry, "", "WithFullJitter"}:    true,
	},
	NoJitter:      goRetryNoJitter,
	BuiltNoJitter: goRetryBuiltNoJitter,
	JitterAround:  true,
	NeverStops:    goRetryNeverStops,
	BuiltNeverStops: func(info *types.Info, b *Built) ([]Finding, bool) {
		if _, _, ok := Find(info, b.Calls, goRetryLimits); ok {
			return nil, true
		}
		if ctor, _, ok := Find(info, b.Calls, goRetryBare); ok {
			name := "retry." + NameOf(Callee(info, ctor)).Name
			return []Finding{{At: ctor, Msg: name + " never stops on its own, so this retry can run forever; wrap it in retry.WithMaxRetries(3, ...) or retry.WithMaxDuration",
				Why: name + " with no limit", Fixes: report.WrapCall(ctor, "WithMaxRetries", "3")}}, false
		}
		return nil, false
	},
	LimitFix: "retry.WithMaxRetries(3, b) or retry.WithMaxDuration",
	Attempts: func(u *Use) int {
		if u.Policy == nil {
			return 0
		}
		for _, c := range u.Policy.Calls {
			if Is(Callee(u.Info, c), SethvargoRetry, "WithMaxRetries") && len(c.Args) == 2 {
				return plusOne(astutil.IntValue(u.Info, c.Args[0]))
			}
		}
		return 0
	},
}

// goRetryBare are the bare backoffs, which never stop and never jitter;
// the value says whether the delay grows.
var goRetryBare = Table[bool]{
	{Pkg: SethvargoRetry, Name: "NewExponential"}: true,
	{Pkg: SethvargoRetry, Name: "NewFibonacci"}:   true,
	{Pkg: SethvargoRetry, Name: "NewConstant"}:    false,
}

// goRetryLimits are the wrappers that end the retries.
var goRetryLimits = Table[bool]{
	{Pkg: SethvargoRetry, Name: "WithMaxRetries"}:  true,
	{Pkg: SethvargoRetry, Name: "WithMaxDuration"}: true,
}

// goRetryCap is the wrapper that caps each delay.
var goRetryCap = Table[bool]{
	{Pkg: SethvargoRetry, Name: "WithCappedDuration"}: true,
}

// goRetryNoJitter judges a Do call's chain; a shortcut has no chain to
// wrap, so it is reported at the call.
func goRetryNoJitter(u *Use) ([]Finding, bool) {
	if u.Policy == nil {
		name := u.Func.Name
		return []Finding{{At: u.Call, Msg: "retry." + name + " waits without jitter and never caps its delay; use retry.Do with a backoff wrapped in retry.WithJitterPercent and retry.WithCappedDuration",
			Why: "has no jitter and no cap on its delay (retry." + name + ")"}}, false
	}
	jittered, capped := goRetryWrappers(u.Info, u.Policy)
	return goRetryBuiltNoJitter(u.Info, u.Policy), !jittered && !capped
}

// goRetryBuiltNoJitter judges a chain built in view: a bare backoff with
// no jitter wrapper, or a growing one with no cap. The fix wraps the bare
// backoff in WithJitterPercent.
func goRetryBuiltNoJitter(info *types.Info, b *Built) []Finding {
	ctor, grows, ok := Find(info, b.Calls, goRetryBare)
	if !ok || !b.Complete {
		return nil
	}
	jittered, capped := goRetryWrappers(info, b)
	name := "retry." + NameOf(Callee(info, ctor)).Name
	wrap := report.WrapCall(ctor, "WithJitterPercent", "10")
	switch {
	case !jittered && grows && !capped:
		return []Finding{{At: ctor, Msg: name + " has no jitter and no cap on its delay; wrap it in retry.WithJitterPercent(10, ...) and retry.WithCappedDuration",
			Why: "has no jitter and no cap on its delay (" + name + ")", Fixes: wrap}}
	case !jittered:
		return []Finding{{At: ctor, Msg: name + " has no jitter, so clients that failed together retry together; wrap it in retry.WithJitterPercent(10, ...)",
			Why: "has no jitter (" + name + "), so clients that failed together retry together", Fixes: wrap}}
	case grows && !capped:
		return []Finding{{At: ctor, Msg: name + " grows without a cap; wrap it in retry.WithCappedDuration", Why: "grows without a cap (" + name + ")"}}
	}
	return nil
}

// goRetryWrappers reports whether a chain is wrapped in jitter and in a cap.
func goRetryWrappers(info *types.Info, b *Built) (jittered, capped bool) {
	_, _, jittered = Find(info, b.Calls, Jitterers)
	_, _, capped = Find(info, b.Calls, goRetryCap)
	return jittered, capped
}

// goRetryNeverStops judges a Do call: bounded by a deadline on its
// context or a limit in its chain; a bare backoff in view never stops.
func goRetryNeverStops(u *Use) ([]Finding, bool) {
	info := u.Info
	if HasDeadline(info, u.Ctx) {
		return nil, false
	}
	if u.Policy == nil {
		name := u.Func.Name
		return []Finding{{At: u.Call, Msg: "retry." + name + " retries forever: its backoff never stops; use retry.Do with retry.WithMaxRetries(3, b) or retry.WithMaxDuration",
			Why: "retry." + name}}, false
	}
	if _, _, ok := Find(info, u.Policy.Calls, goRetryLimits); ok {
		return nil, false
	}
	if !u.Policy.Complete {
		return nil, true
	}
	if ctor, _, ok := Find(info, u.Policy.Calls, goRetryBare); ok {
		name := "retry." + NameOf(Callee(info, ctor)).Name
		return []Finding{{At: ctor, Msg: name + " never stops on its own, so this retry can run forever; wrap it in retry.WithMaxRetries(3, ...) or retry.WithMaxDuration",
			Why: name + " with no limit", Fixes: report.WrapCall(ctor, "WithMaxRetries", "3")}}, false
	}
	return nil, true
}

package libs

import (
	"go/ast"
	"go/types"

	"golang.org/x/tools/go/analysis"

	"github.com/idemlint/idemlint/passes/internal/astutil"
)

// buildkite/roko (checked against v1.4.0). A Retrier is built by
// NewRetrier(opts...): WithMaxAttempts(n) or TryForever() (NewRetrier
// panics without one), WithStrategy(Constant(d)), Exponential(base, adj)
// or ExponentialSubsecond(d)), and WithJitter() or WithJitterRange(min,
// max): without one of those, Jitter() returns 0 and every client waits
// the strategy's interval exactly. Do(op), DoWithContext(ctx, op) and
// DoFunc, DoFunc2, DoFunc3(ctx, r, op) run op until it returns nil, the
// attempts run out, the context ends, or op calls r.Break() (the error it
// then returns is not retried); r.SetNextInterval(d) replaces the next
// delay (how a Retry-After is honoured).
const Roko = "github.com/buildkite/roko"

// rokoOnRetrier: the retrier the helper is a method of is the policy, and
// its options are those it was built with.
var rokoOnRetrier = RetryHelper{Op: 0, Ctx: -1, Policy: -1, Options: -1, Recv: true, BuiltOptions: true}

var rokoFamily = &Family{
	Paths:    []string{Roko},
	Policies: []string{Roko},
	Helpers: Table[RetryHelper]{
		{Roko, "*", "Do"}:            rokoOnRetrier,
		{Roko, "*", "DoWithContext"}: {Op: 1, Ctx: 0, Policy: -1, Options: -1, Recv: true, BuiltOptions: true},
		{Roko, "", "DoFunc"}:         {Op: 2, Ctx: 0, Policy: 1, Options: -1, BuiltOptions: true},
		{Roko, "", "DoFunc2"}:        {Op: 2, Ctx: 0, Policy: 1, Options: -1, BuiltOptions: true},
		{Roko, "", "DoFunc3"}:        {Op: 2, Ctx: 0, Policy: 1, Options: -1, BuiltOptions: true},
	},
	Jitterers: Table[bool]{
		{Roko, "", "WithJitter"}:      true,
		{Roko, "", "WithJitterRange"}: true,
	},
	NoJitter: func(u *Use) ([]Finding, bool) {
		if u.Policy == nil || !u.Policy.Complete {
			return nil, false
		}
		return rokoNoJitter(u.Info, u.Policy.Calls), false
	},
	BuiltNoJitter: func(info *types.Info, b *Built) []Finding {
		if !b.Complete {
			return nil
		}
		return rokoNoJitter(info, b.Calls)
	},
	// TryForever ends only by the operation's Break or the context:
	// Do has none.
	NeverStops: func(u *Use) ([]Finding, bool) {
		if u.Policy == nil || u.Helper.Ctx >= 0 {
			return nil, false
		}
		if f := option(u.Info, u.Policy.Calls, Roko, "TryForever"); f != nil {
			return []Finding{{At: f, Msg: "roko.TryForever() with Do retries forever: nothing ends it but a success or Break(); use roko.WithMaxAttempts(n), or DoWithContext with a context that ends", Why: "roko.TryForever() with no context"}}, false
		}
		return nil, false
	},
	LimitFix: "roko.WithMaxAttempts(3), or DoWithContext with a context that ends",
	Attempts: func(u *Use) int {
		if u.Policy == nil {
			return 0
		}
		if o := option(u.Info, u.Policy.Calls, Roko, "WithMaxAttempts"); o != nil && len(o.Args) == 1 {
			return astutil.IntValue(u.Info, o.Args[0])
		}
		return 0
	},
}

// rokoNoJitter finds a NewRetrier call built without WithJitter or
// WithJitterRange, and offers to add WithJitter().
func rokoNoJitter(info *types.Info, calls []*ast.CallExpr) []Finding {
	ctor := option(info, calls, Roko, "NewRetrier")
	if ctor == nil {
		return nil
	}
	if _, _, ok := Find(info, calls, rokoJitter); ok {
		return nil
	}
	at := ctor.Rparen
	text := "roko.WithJitter()"
	if len(ctor.Args) > 0 {
		at, text = ctor.Args[len(ctor.Args)-1].End(), ", "+text
	}
	return []Finding{{At: ctor,
		Msg:   "roko.NewRetrier without roko.WithJitter(): every client waits the strategy's interval exactly, so clients that failed together retry together; add roko.WithJitter()",
		Why:   "has no jitter (roko.NewRetrier without WithJitter)",
		Fixes: []analysis.SuggestedFix{{Message: "add roko.WithJitter()", TextEdits: []analysis.TextEdit{{Pos: at, End: at, NewText: []byte(text)}}}},
	}}
}

var rokoJitter = Table[bool]{
	{Roko, "", "WithJitter"}:      true,
	{Roko, "", "WithJitterRange"}: true,
}

// RetryStops are the methods an operation calls on the retrier it is
// handed to end the retries after this attempt (roko's r.Break()): the
// error it returns then is not retried.
var RetryStops = Table[bool]{
	{Roko, "Retrier", "Break"}: true,
}

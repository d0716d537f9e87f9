package libs

import (
	"go/ast"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/analysis"

	"github.com/idemlint/idemlint/passes/internal/astutil"
)

// failsafe-go (v0.9): an Executor built by failsafe.With(policies...) runs
// an operation through its policies (Get, Run, GetWithExecution...); it
// retries only when one of them is a retry policy, built by
// retrypolicy.NewBuilder[R]() (or failsafehttp.NewRetryPolicyBuilder())
// and a chain of builder methods ending in Build(). A retry policy makes 3
// attempts by default (2 retries) with no delay and no jitter:
// WithDelay, WithBackoff(delay, max) (capped by max) and WithBackoffFactor
// add a delay, WithRandomDelay a random one, WithJitter/WithJitterFactor
// jitter; WithMaxRetries(-1)/WithMaxAttempts(-1) never stop unless
// WithMaxDuration does, or the executor's context (WithContext) is
// cancelled. failsafehttp's builder waits only for a Retry-After header.
// The builder methods are those of retrypolicy.Builder and of the
// failsafe.FailurePolicyBuilder and DelayablePolicyBuilder it embeds.
const (
	Failsafe     = "github.com/failsafe-go/failsafe-go"
	FailsafeRP   = "github.com/failsafe-go/failsafe-go/retrypolicy"
	FailsafeHTTP = "github.com/failsafe-go/failsafe-go/failsafehttp"
)

// failsafeRun is an executor method whose argument 0 is the operation:
// the policies are in the chain it is called on.
var failsafeRun = RetryHelper{Op: 0, Ctx: -1, Policy: -1, Options: -1, Recv: true}

var failsafeFamily = &Family{
	Paths:    []string{Failsafe, FailsafeRP, FailsafeHTTP},
	Policies: []string{Failsafe, FailsafeRP, FailsafeHTTP},
	Helpers: Table[RetryHelper]{
		{Failsafe, "Executor", "Get"}:                   failsafeRun,
		{Failsafe, "Executor", "Run"}:                   failsafeRun,
		{Failsafe, "Executor", "GetWithExecution"}:      failsafeRun,
		{Failsafe, "Executor", "RunWithExecution"}:      failsafeRun,
		{Failsafe, "Executor", "GetAsync"}:              failsafeRun,
		{Failsafe, "Executor", "RunAsync"}:              failsafeRun,
		{Failsafe, "Executor", "GetAsyncWithExecution"}: failsafeRun,
		{Failsafe, "Executor", "RunAsyncWithExecution"}: failsafeRun,
	},
	Retries: failsafeRetries,
	NoJitter: func(u *Use) ([]Finding, bool) {
		chains, opaque := failsafeChains(u.Info, u.Policy)
		var out []Finding
		for _, c := range chains {
			out = append(out, c.noJitter(u.Info)...)
		}
		return out, opaque
	},
	BuiltNoJitter: func(info *types.Info, b *Built) []Finding {
		var out []Finding
		for _, c := range builtChains(info, b) {
			if c.built(info) { // a caller can still add to a builder
				out = append(out, c.noJitter(info)...)
			}
		}
		return out
	},
	NeverStops: func(u *Use) ([]Finding, bool) {
		if failsafeCancelled(u.Info, u.Policy) {
			return nil, false
		}
		chains, opaque := failsafeChains(u.Info, u.Policy)
		var out []Finding
		for _, c := range chains {
			out = append(out, c.neverStops(u.Info)...)
		}
		return out, opaque && len(chains) == 0
	},
	BuiltNeverStops: func(info *types.Info, b *Built) ([]Finding, bool) {
		var out []Finding
		built := 0
		for _, c := range builtChains(info, b) {
			if c.built(info) { // a caller can still add to a builder
				built++
				out = append(out, c.neverStops(info)...)
			}
		}
		return out, built > 0 && len(out) == 0
	},
	LimitFix: "a limit on the retry policy (WithMaxRetries(3) or WithMaxDuration)",
	Attempts: func(u *Use) int {
		chains, _ := failsafeChains(u.Info, u.Policy)
		if len(chains) != 1 {
			return 0
		}
		return chains[0].attempts(u.Info)
	},
}

// failsafeCtors start a retry policy's builder chain; the value is the
// delay it has before any builder method adds one.
var failsafeCtors = Table[string]{
	{FailsafeRP, "", "NewBuilder"}:              "",
	{FailsafeRP, "", "NewWithDefaults"}:         "",
	{FailsafeHTTP, "", "NewRetryPolicyBuilder"}: "retry-after",
}

// failsafeBuilder reports whether fn is a method of a retry policy's
// builder (retrypolicy.Builder, or an embedded failsafe builder interface).
func failsafeBuilder(fn *types.Func) bool {
	n := NameOf(fn)
	switch {
	case n.Pkg == FailsafeRP && n.Recv == "Builder":
		return true
	case n.Pkg == Failsafe && (n.Recv == "DelayablePolicyBuilder" || n.Recv == "FailurePolicyBuilder"):
		return true
	}
	return false
}

// A failsafeChain is one retry policy built in view: its constructor and
// its builder calls, the last applied first.
type failsafeChain struct {
	ctor  *ast.CallExpr
	calls []*ast.CallExpr
}

// failsafeChains splits what builds an executor's policies into the retry
// policies built in view; opaque is true when a part of it was not seen
// (a policy from a parameter, a field or a constructor function), which
// may be another retry policy.
func failsafeChains(info *types.Info, b *Built) (chains []failsafeChain, opaque bool) {
	if b == nil {
		return nil, false
	}
	chains = builtChains(info, b)
	opaque = !b.Complete
	for _, c := range b.Calls {
		fn := Callee(info, c)
		if fn == nil || fn.Pkg() == nil || !failsafePaths[fn.Pkg().Path()] {
			opaque = true // a function of the program that returns a policy
		}
	}
	return chains, opaque
}

// builtChains groups the calls the tracer found, in its order (each
// chain's calls, outermost first, then its constructor), into chains.
func builtChains(info *types.Info, b *Built) []failsafeChain {
	if b == nil {
		return nil
	}
	var out []failsafeChain
	var cur []*ast.CallExpr
	for _, c := range b.Calls {
		fn := Callee(info, c)
		if _, ok := failsafeCtors.Lookup(fn); ok {
			out = append(out, failsafeChain{ctor: c, calls: cur})
			cur = nil
			continue
		}
		if failsafeBuilder(fn) {
			cur = append(cur, c)
		}
	}
	return out
}

// failsafeRetries reports whether an executor retries: one of its
// policies is a retry policy built in view, or a value whose type is a
// retry policy or its builder.
func failsafeRetries(u *Use) bool {
	if u.Policy == nil {
		return false
	}
	if len(builtChains(u.Info, u.Policy)) > 0 {
		return true
	}
	for _, c := range u.Policy.Calls {
		for _, a := range c.Args {
			if t := u.Info.TypeOf(a); t != nil && isRetryPolicyType(t) {
				return true
			}
		}
	}
	return false
}

func isRetryPolicyType(t types.Type) bool {
	return IsNamed(t, FailsafeRP, "RetryPolicy") || IsNamed(t, FailsafeRP, "Builder")
}

// failsafeCancelled reports whether the executor is given a context that
// can end it (WithContext with anything but Background or TODO).
func failsafeCancelled(info *types.Info, b *Built) bool {
	if b == nil {
		return false
	}
	for _, c := range b.Calls {
		if !IsMethod(Callee(info, c), Failsafe, "Executor", "WithContext") || len(c.Args) != 1 {
			continue
		}
		if arg, ok := ast.Unparen(c.Args[0]).(*ast.CallExpr); ok {
			if NeverDone(Callee(info, arg)) {
				continue
			}
		}
		return true
	}
	return false
}

// last returns the call of the chain that applies the setting name last
// (the chain lists the last applied first), or nil.
func (c failsafeChain) last(info *types.Info, names ...string) *ast.CallExpr {
	for _, call := range c.calls {
		n := NameOf(Callee(info, call)).Name
		for _, name := range names {
			if n == name {
				return call
			}
		}
	}
	return nil
}

// built reports whether the chain ends in a policy (Build, or
// NewWithDefaults), not in a builder a caller may configure further.
func (c failsafeChain) built(info *types.Info) bool {
	return Is(Callee(info, c.ctor), FailsafeRP, "NewWithDefaults") || c.last(info, "Build") != nil
}

// ctorName is how a message names the chain's constructor.
func (c failsafeChain) ctorName(info *types.Info) string {
	n := NameOf(Callee(info, c.ctor))
	pkg := "retrypolicy."
	if n.Pkg == FailsafeHTTP {
		pkg = "failsafehttp."
	}
	return pkg + n.Name
}

// noJitter finds a retry policy with no delay between attempts, or with a
// delay that has no jitter.
func (c failsafeChain) noJitter(info *types.Info) []Finding {
	name := c.ctorName(info)
	const add = "add WithBackoff(100*time.Millisecond, 10*time.Second) and WithJitterFactor(0.25)"
	d := c.last(info, "WithDelay", "WithBackoff", "WithBackoffFactor", "WithRandomDelay", "WithDelayFunc")
	retryAfter, _ := failsafeCtors.Lookup(Callee(info, c.ctor))
	switch {
	case d == nil && retryAfter != "":
		return []Finding{{At: c.ctor, NoDelay: true,
			Msg: name + " retries at once unless a response carries Retry-After, with no delay between other attempts; " + add,
			Why: "retries at once (" + name + " waits only for Retry-After), with no delay between attempts"}}
	case d == nil, NameOf(Callee(info, d)).Name == "WithDelay" && len(d.Args) == 1 && astutil.IsZero(info, d.Args[0]):
		at := c.ctor
		if d != nil {
			at = d
		}
		return []Finding{{At: at, NoDelay: true,
			Msg: name + " retries at once, with no delay between attempts (its default); " + add,
			Why: "retries at once (" + name + " without WithDelay or WithBackoff), with no delay between attempts"}}
	}
	dn := NameOf(Callee(info, d)).Name
	if dn == "WithRandomDelay" || dn == "WithDelayFunc" {
		return nil // random, or the program's own choice
	}
	if j := c.last(info, "WithJitter", "WithJitterFactor"); j != nil && (len(j.Args) != 1 || !astutil.IsZero(info, j.Args[0])) {
		return nil
	}
	return []Finding{{At: method(d),
		Msg:   "the retry policy's " + dn + " has no jitter" + together + "; add WithJitterFactor(0.25)",
		Why:   "has no jitter (" + name + " with " + dn + " and no WithJitter)" + together,
		Fixes: []analysis.SuggestedFix{{Message: "add WithJitterFactor(0.25)", TextEdits: []analysis.TextEdit{{Pos: d.End(), End: d.End(), NewText: []byte(".WithJitterFactor(0.25)")}}}},
	}}
}

// neverStops finds WithMaxRetries(-1) or WithMaxAttempts(-1) with no
// WithMaxDuration to end the retries.
func (c failsafeChain) neverStops(info *types.Info) []Finding {
	m := c.last(info, "WithMaxRetries", "WithMaxAttempts")
	if m == nil || len(m.Args) != 1 || astutil.IntValue(info, m.Args[0]) != -1 {
		return nil
	}
	if d := c.last(info, "WithMaxDuration"); d != nil && (len(d.Args) != 1 || !astutil.IsZero(info, d.Args[0])) {
		return nil
	}
	n := NameOf(Callee(info, m)).Name
	return []Finding{{At: method(m),
		Msg: n + "(-1) retries forever, and no WithMaxDuration or context ends it; allow a few attempts (" + n + "(3)) or add WithMaxDuration",
		Why: n + "(-1) with no WithMaxDuration"}}
}

// attempts is how many attempts the policy makes: 3 by default.
func (c failsafeChain) attempts(info *types.Info) int {
	m := c.last(info, "WithMaxRetries", "WithMaxAttempts")
	if m == nil {
		return 3
	}
	if len(m.Args) != 1 {
		return 0
	}
	n, ok := astutil.IntConst(info, m.Args[0])
	switch {
	case !ok || n < 0:
		return 0
	case NameOf(Callee(info, m)).Name == "WithMaxRetries":
		return int(n) + 1
	}
	return max(int(n), 1)
}

// span is a range of source to report at.
type span struct{ from, to token.Pos }

func (s span) Pos() token.Pos { return s.from }
func (s span) End() token.Pos { return s.to }

// method is where a builder call in a chain is reported: from its
// method's name to its closing parenthesis, not from the chain's start.
func method(call *ast.CallExpr) ast.Node {
	if sel, ok := call.Fun.(*ast.SelectorExpr); ok {
		return span{sel.Sel.Pos(), call.End()}
	}
	return call
}

var failsafePaths = map[string]bool{Failsafe: true, FailsafeRP: true, FailsafeHTTP: true}

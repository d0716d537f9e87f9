package libs

import (
	"fmt"
	"go/ast"
	"go/types"

	"golang.org/x/tools/go/analysis"

	"github.com/idemlint/idemlint/passes/internal/astutil"
)

// avast/retry-go, v4 and v5. A policy is a list of options: Attempts(n)
// (10 by default; 0 or UntilSucceeded() retries until success), a
// Context(ctx) that ends it, DelayType(...) (BackOffDelay combined with
// RandomDelay by default, jittered; FixedDelay and BackOffDelay alone are
// not). v4 takes the options at the call (Do(op, opts...), DoWithData);
// v5 (checked against v5.1.1) takes them where the retrier is built
// (retry.New(opts...).Do(op), retry.NewWithData[T](opts...).Do(op)), with
// the same options and defaults, and one change that matters here: its
// RandomDelay returns 0 when MaxJitter is 0 (v4's panics), so MaxJitter(0)
// with the default delay type leaves no jitter.
const (
	RetryGoV4 = "github.com/avast/retry-go/v4"
	RetryGoV5 = "github.com/avast/retry-go/v5"
)

// retryGoDefaultAttempts is Attempts' default.
const retryGoDefaultAttempts = 10

var retryGoFamily = &Family{
	Paths:    []string{RetryGoV4, RetryGoV5},
	Policies: []string{RetryGoV4, RetryGoV5},
	Helpers: Table[RetryHelper]{
		{RetryGoV4, "", "Do"}:         helper(0, -1, -1, 1),
		{RetryGoV4, "", "DoWithData"}: helper(0, -1, -1, 1),
		// Retrier.Do and RetrierWithData.Do: the options are New's.
		{RetryGoV5, "*", "Do"}: {Op: 0, Ctx: -1, Policy: -1, Options: -1, Recv: true, BuiltOptions: true},
	},
	Jitterers: Table[bool]{
		{RetryGoV4, "", "RandomDelay"}:            true,
		{RetryGoV4, "", "FullJitterBackoffDelay"}: true,
		{RetryGoV5, "", "RandomDelay"}:            true,
		{RetryGoV5, "", "FullJitterBackoffDelay"}: true,
	},
	// Options spread from a slice kept elsewhere (c.opts..., a package
	// variable, retryOpts()...) are judged where they are stored or built
	// when the call sets no delay type of its own.
	NoJitter: func(u *Use) ([]Finding, bool) {
		return retryGoNoJitter(u.Info, u.Func.Pkg, u.Options), option(u.Info, u.Options, u.Func.Pkg, "DelayType") == nil
	},
	// A list of options built in a constructor ([]retry.Option{...}).
	BuiltNoJitter: func(info *types.Info, b *Built) []Finding {
		return append(retryGoNoJitter(info, RetryGoV4, b.Calls), retryGoNoJitter(info, RetryGoV5, b.Calls)...)
	},
	// Options spread from a slice kept elsewhere are judged where they are
	// stored or built when the call itself sets no limit or context.
	NeverStops: func(u *Use) ([]Finding, bool) {
		pkg := u.Func.Pkg
		if option(u.Info, u.Options, pkg, "Context") != nil {
			return nil, false
		}
		out := retryGoNeverStops(u.Info, pkg, u.Options)
		return out, len(out) == 0 && option(u.Info, u.Options, pkg, "Attempts") == nil && option(u.Info, u.Options, pkg, "UntilSucceeded") == nil
	},
	LimitFix: "add retry.Attempts(3) or retry.Context(ctx) to the call",
	// A list of options built in a constructor or stored in a field or
	// package variable: limited by a retry.Context among them.
	BuiltNeverStops: func(info *types.Info, b *Built) ([]Finding, bool) {
		for _, pkg := range []string{RetryGoV4, RetryGoV5} {
			if option(info, b.Calls, pkg, "Context") != nil {
				return nil, true
			}
		}
		return append(retryGoNeverStops(info, RetryGoV4, b.Calls), retryGoNeverStops(info, RetryGoV5, b.Calls)...), false
	},
	Attempts: func(u *Use) int {
		for _, o := range u.Options {
			if NameOf(Callee(u.Info, o)).Name == "Attempts" && len(o.Args) == 1 {
				return astutil.IntValue(u.Info, o.Args[0])
			}
		}
		return retryGoDefaultAttempts
	},
}

// retryGoNeverStops finds Attempts(0) and UntilSucceeded() options.
func retryGoNeverStops(info *types.Info, pkg string, opts []*ast.CallExpr) []Finding {
	var out []Finding
	for _, o := range opts {
		fn := Callee(info, o)
		if fn == nil || fn.Pkg() == nil || fn.Pkg().Path() != pkg {
			continue
		}
		name := fn.Name()
		if name == "UntilSucceeded" || name == "Attempts" && len(o.Args) == 1 && astutil.IsZero(info, o.Args[0]) {
			text := name + "()"
			if name == "Attempts" {
				text = "Attempts(0)"
			}
			out = append(out, Finding{At: o, Msg: "retry." + text + " retries until success and no retry.Context can stop it; set a limit such as retry.Attempts(3), or pass the caller's context with retry.Context(ctx)",
				Why: "retry." + text})
		}
	}
	return out
}

// retryGoNoJitter finds DelayType(FixedDelay) and DelayType(BackOffDelay)
// options, and offers to combine them with RandomDelay (MaxJitter
// defaults to 100ms); in v5, MaxJitter(0) with RandomDelay in the delay.
func retryGoNoJitter(info *types.Info, pkg string, opts []*ast.CallExpr) []Finding {
	out := retryGoZeroJitter(info, pkg, opts)
	for _, o := range opts {
		if !Is(Callee(info, o), pkg, "DelayType") || len(o.Args) != 1 {
			continue
		}
		id := delayTypeName(o.Args[0])
		if id != "FixedDelay" && id != "BackOffDelay" {
			continue
		}
		f := Finding{At: o, Msg: fmt.Sprintf("retry.DelayType(retry.%s) has no jitter; use retry.CombineDelay(retry.%s, retry.RandomDelay) with retry.MaxJitter", id, id),
			Why: fmt.Sprintf("has no jitter (retry.DelayType(retry.%s))", id)}
		arg := o.Args[0]
		if sel, ok := ast.Unparen(arg).(*ast.SelectorExpr); ok {
			if p, ok := sel.X.(*ast.Ident); ok {
				f.Fixes = []analysis.SuggestedFix{{
					Message: "add " + p.Name + ".RandomDelay",
					TextEdits: []analysis.TextEdit{{Pos: arg.Pos(), End: arg.End(),
						NewText: []byte(p.Name + ".CombineDelay(" + p.Name + "." + id + ", " + p.Name + ".RandomDelay)")}},
				}}
			}
		}
		out = append(out, f)
	}
	return out
}

func delayTypeName(e ast.Expr) string {
	switch x := ast.Unparen(e).(type) {
	case *ast.SelectorExpr:
		return x.Sel.Name
	case *ast.Ident:
		return x.Name
	}
	return ""
}

// retryGoZeroJitter finds v5's MaxJitter(0) when the delay type adds
// RandomDelay (the default CombineDelay(BackOffDelay, RandomDelay), or a
// DelayType naming it): RandomDelay then adds nothing.
func retryGoZeroJitter(info *types.Info, pkg string, opts []*ast.CallExpr) []Finding {
	if pkg != RetryGoV5 {
		return nil // v4's RandomDelay panics on a zero MaxJitter
	}
	m := option(info, opts, pkg, "MaxJitter")
	if m == nil || len(m.Args) != 1 || !astutil.IsZero(info, m.Args[0]) {
		return nil
	}
	if d := option(info, opts, pkg, "DelayType"); d != nil && !astutil.Some(d, func(n ast.Node) bool {
		id, ok := n.(*ast.Ident)
		return ok && id.Name == "RandomDelay" && isRetryGoFunc(info, id)
	}) {
		return nil
	}
	return []Finding{{At: m, Msg: "retry.MaxJitter(0) makes RandomDelay add nothing: the delay has no jitter" + together + "; keep the default MaxJitter (100ms) or set one above 0",
		Why: "has no jitter (retry.MaxJitter(0))" + together}}
}

// isRetryGoFunc reports whether id names a function of retry-go v5.
func isRetryGoFunc(info *types.Info, id *ast.Ident) bool {
	fn, ok := info.Uses[id].(*types.Func)
	return ok && fn.Pkg() != nil && fn.Pkg().Path() == RetryGoV5
}

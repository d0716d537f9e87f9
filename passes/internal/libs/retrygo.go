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
// not).
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
		{RetryGoV5, "*", "Do"}:        helper(0, -1, -1, -1),
	},
	Jitterers: Table[bool]{
		{RetryGoV4, "", "RandomDelay"}:            true,
		{RetryGoV4, "", "FullJitterBackoffDelay"}: true,
	},
	NoJitter: func(u *Use) ([]Finding, bool) {
		return retryGoNoJitter(u.Info, u.Func.Pkg, u.Options), false
	},
	// A list of options built in a constructor ([]retry.Option{...}).
	BuiltNoJitter: func(info *types.Info, b *Built) []Finding {
		return append(retryGoNoJitter(info, RetryGoV4, b.Calls), retryGoNoJitter(info, RetryGoV5, b.Calls)...)
	},
	NeverStops: func(u *Use) ([]Finding, bool) {
		pkg := u.Func.Pkg
		if option(u.Info, u.Options, pkg, "Context") != nil {
			return nil, false
		}
		var out []Finding
		for _, o := range u.Options {
			name := NameOf(Callee(u.Info, o)).Name
			if name == "UntilSucceeded" || name == "Attempts" && len(o.Args) == 1 && astutil.IsZero(u.Info, o.Args[0]) {
				text := name + "()"
				if name == "Attempts" {
					text = "Attempts(0)"
				}
				out = append(out, Finding{At: o, Msg: "retry." + text + " retries until success and no retry.Context can stop it; set a limit such as retry.Attempts(3), or pass the caller's context with retry.Context(ctx)",
					Why: "retry." + text})
			}
		}
		return out, false
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

// retryGoNoJitter finds DelayType(FixedDelay) and DelayType(BackOffDelay)
// options, and offers to combine them with RandomDelay (MaxJitter
// defaults to 100ms).
func retryGoNoJitter(info *types.Info, pkg string, opts []*ast.CallExpr) []Finding {
	var out []Finding
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

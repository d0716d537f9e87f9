package libs

import (
	"go/ast"
	"go/types"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/idemlint/idemlint/passes/internal/astutil"
)

// The AWS SDK for Go v2 retries every operation of its service clients by
// itself (LIBRARIES-2.md, B1): the standard retryer makes 3 attempts
// (retry.DefaultMaxAttempts), with full jitter, capped at 20 s. What the
// program can change, and what idemlint reads:
//
//   - aws.NopRetryer{} switches the retries off (MaxAttempts 1);
//   - retry.NewStandard(func(o *retry.StandardOptions) {...}) makes
//     o.MaxAttempts attempts (0 or less is the default 3) and waits what
//     o.Backoff says, a BackoffDelayer of the program's own that may have
//     no jitter (judged by nojitter from the delay it returns);
//   - retry.AddWithMaxAttempts(r, n) makes n attempts, and with n <= 0
//     retries until the call succeeds (aws.Retryer.MaxAttempts: "a value
//     of 0 implies that the attempt should be retried until it succeeds");
//   - config.WithRetryer(func() aws.Retryer), config.WithRetryMaxAttempts(n)
//     (0 is unset), aws.Config's Retryer and RetryMaxAttempts fields, and
//     the same fields of a service's Options, set in the functional
//     options of NewFromConfig/New or of one call.
//
// retrysite reads this where a client is built (awsclient.go) and makes
// each operation call a retrying client site.
const (
	AWSCore   = "github.com/aws/aws-sdk-go-v2/aws"
	AWSRetry  = "github.com/aws/aws-sdk-go-v2/aws/retry"
	AWSConfig = "github.com/aws/aws-sdk-go-v2/config"
	// AWSServices is the prefix of the service client packages.
	AWSServices = "github.com/aws/aws-sdk-go-v2/service/"
	// AWSDefaultAttempts is retry.DefaultMaxAttempts.
	AWSDefaultAttempts = 3
)

var awsFamily = &Family{
	Paths:          []string{AWSCore, AWSRetry, AWSConfig},
	CallNeverStops: awsNeverStops,
	Delayers: []Delayer{{
		Pkg: AWSRetry, Type: "StandardOptions", Field: "Backoff", Method: "BackoffDelay",
		Func: "BackoffDelayerFunc",
		Msg:  "the AWS SDK retryer's Backoff %s has no jitter, so clients that failed together retry together; add a random part, e.g. d/2 + rand.N(d/2), or leave Backoff unset (the SDK's default backoff is jittered and capped at 20 s)",
		Cap:  "the AWS SDK retryer's Backoff %s grows without a cap and has no jitter; limit it with min(d, maxDelay) and add a random part, or leave Backoff unset (the SDK's default backoff is jittered and capped at 20 s)",
	}},
}

// awsNeverStops finds retry.AddWithMaxAttempts(r, n) with a constant n of
// 0 or less, wherever it is called: the retryer retries every retryable
// error until the call succeeds (only the retry token bucket, or the
// caller's context, ends it).
func awsNeverStops(info *types.Info, call *ast.CallExpr) []Finding {
	if !Is(Callee(info, call), AWSRetry, "AddWithMaxAttempts") || len(call.Args) != 2 {
		return nil
	}
	n, ok := astutil.IntConst(info, call.Args[1])
	if !ok || n > 0 || AWSRetryerOf(info, call.Args[0]).Off {
		return nil
	}
	limit := "DefaultMaxAttempts" // the package as the call names it
	if sel, ok := call.Fun.(*ast.SelectorExpr); ok {
		if id, ok := sel.X.(*ast.Ident); ok {
			limit = id.Name + "." + limit
		}
	}
	edit := analysis.TextEdit{Pos: call.Args[1].Pos(), End: call.Args[1].End(), NewText: []byte(limit)}
	return []Finding{{At: call,
		Msg:   "retry.AddWithMaxAttempts with a maximum of 0 or less retries every AWS SDK call until it succeeds; pass a limit, e.g. retry.DefaultMaxAttempts (3)",
		Why:   "retries until success (retry.AddWithMaxAttempts with 0)",
		Fixes: []analysis.SuggestedFix{{Message: "limit the attempts to retry.DefaultMaxAttempts", TextEdits: []analysis.TextEdit{edit}}},
	}}
}

// AWSRetryer is what a retryer does when an SDK call keeps failing.
type AWSRetryer struct {
	// Attempts is how many attempts a call makes, 0 when that is not a
	// constant in view or there is no limit.
	Attempts int
	// Off: the retryer never retries (aws.NopRetryer, one attempt).
	Off bool
	// Unlimited: retry.AddWithMaxAttempts(r, n <= 0).
	Unlimited bool
	// Known: the expression was understood.
	Known bool
}

func awsAttempts(n int) AWSRetryer {
	if n == 1 {
		return AWSRetryer{Attempts: 1, Off: true, Known: true}
	}
	return AWSRetryer{Attempts: n, Known: true}
}

// AWSRetryerOf reads an expression that builds an aws.Retryer (the value
// a WithRetryer function returns, or an Options.Retryer): the standard
// retryer, its wrappers, aws.NopRetryer.
func AWSRetryerOf(info *types.Info, e ast.Expr) AWSRetryer {
	for range 8 {
		switch x := ast.Unparen(e).(type) {
		case *ast.UnaryExpr:
			e = x.X
			continue
		case *ast.CompositeLit:
			if IsNamed(info.TypeOf(x), AWSCore, "NopRetryer") {
				return AWSRetryer{Attempts: 1, Off: true, Known: true}
			}
		case *ast.CallExpr:
			fn := Callee(info, x)
			switch {
			case Is(fn, AWSRetry, "NewStandard"):
				return awsAttempts(standardAttempts(info, x.Args))
			case Is(fn, AWSRetry, "NewAdaptiveMode"):
				return awsAttempts(0)
			case Is(fn, AWSRetry, "AddWithMaxAttempts") && len(x.Args) == 2:
				inner := AWSRetryerOf(info, x.Args[0])
				if inner.Off {
					return inner // nothing is retryable to a NopRetryer
				}
				n, ok := astutil.IntConst(info, x.Args[1])
				switch {
				case !ok:
					return awsAttempts(0)
				case n <= 0:
					return AWSRetryer{Unlimited: true, Known: true}
				}
				return awsAttempts(int(n))
			case (Is(fn, AWSRetry, "AddWithMaxBackoffDelay") || Is(fn, AWSRetry, "AddWithErrorCodes")) && len(x.Args) > 0:
				e = x.Args[0]
				continue
			}
		}
		return AWSRetryer{}
	}
	return AWSRetryer{}
}

// standardAttempts reads the MaxAttempts that NewStandard's option
// functions set (o.MaxAttempts = 5): the default 3 when none does or the
// value is 0 or less, 0 when one is set to a value not in view.
func standardAttempts(info *types.Info, opts []ast.Expr) int {
	n := AWSDefaultAttempts
	for _, o := range opts {
		lit, ok := ast.Unparen(o).(*ast.FuncLit)
		if !ok {
			return 0 // a named option function may set anything
		}
		for _, v := range FieldStores(info, lit.Body, AWSRetry, "StandardOptions", "MaxAttempts") {
			m, ok := astutil.IntConst(info, v)
			switch {
			case !ok:
				n = 0
			case m > 0:
				n = int(m)
			}
		}
	}
	return n
}

// FieldStores returns the values body assigns to field name of the struct
// type pkg.typ (o.MaxAttempts = 5), in source order, not looking into
// function literals.
func FieldStores(info *types.Info, body ast.Node, pkg, typ, name string) []ast.Expr {
	var out []ast.Expr
	ast.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return n == body
		case *ast.AssignStmt:
			if len(n.Lhs) != len(n.Rhs) {
				return true
			}
			for i, l := range n.Lhs {
				if sel, ok := ast.Unparen(l).(*ast.SelectorExpr); ok && isFieldOf(info, sel, pkg, typ, name) {
					out = append(out, n.Rhs[i])
				}
			}
		}
		return true
	})
	return out
}

func isFieldOf(info *types.Info, sel *ast.SelectorExpr, pkg, typ, name string) bool {
	v, ok := info.ObjectOf(sel.Sel).(*types.Var)
	if !ok || !v.IsField() || v.Name() != name {
		return false
	}
	t := info.TypeOf(sel.X)
	if p, ok := t.(*types.Pointer); ok {
		t = p.Elem()
	}
	return IsNamed(t, pkg, typ)
}

// IsAWSService reports whether path is a service client package.
func IsAWSService(path string) bool {
	return strings.HasPrefix(path, AWSServices) && !strings.Contains(path[len(AWSServices):], "/")
}

// IsAWSOperation reports whether fn is an operation of a service client:
// a method of *Client in a service package taking a context, an input and
// per-call options (c.SendMessage(ctx, in, optFns...)).
func IsAWSOperation(fn *types.Func) bool {
	if fn == nil || fn.Pkg() == nil || !IsAWSService(fn.Pkg().Path()) {
		return false
	}
	sig := fn.Signature()
	if sig.Recv() == nil || !sig.Variadic() || sig.Params().Len() != 3 || NameOf(fn).Recv != "Client" {
		return false
	}
	return IsNamed(sig.Params().At(0).Type(), "context", "Context")
}

// IsAWSClientConstructor reports whether fn builds a service client:
// NewFromConfig(cfg aws.Config, optFns...) or New(o Options, optFns...).
func IsAWSClientConstructor(fn *types.Func) bool {
	return fn != nil && fn.Pkg() != nil && IsAWSService(fn.Pkg().Path()) && fn.Signature().Recv() == nil &&
		(fn.Name() == "NewFromConfig" || fn.Name() == "New") && fn.Signature().Variadic() && fn.Signature().Params().Len() == 2
}

// IsAWSConfigLoader reports whether fn loads an aws.Config from its
// options (config.LoadDefaultConfig(ctx, optFns...)).
func IsAWSConfigLoader(fn *types.Func) bool {
	return Is(fn, AWSConfig, "LoadDefaultConfig")
}

// IsAWSConfigured reports whether t is a value whose retries the SDK reads
// from its Retryer and RetryMaxAttempts fields: aws.Config, a service's
// Options or *Client.
func IsAWSConfigured(t types.Type) bool {
	if p, ok := t.(*types.Pointer); ok {
		t = p.Elem()
	}
	n, ok := types.Unalias(t).(*types.Named)
	if !ok || n.Obj().Pkg() == nil {
		return false
	}
	path, name := n.Obj().Pkg().Path(), n.Obj().Name()
	return path == AWSCore && name == "Config" || IsAWSService(path) && (name == "Options" || name == "Client")
}

// AWSRetryField returns "Retryer" or "RetryMaxAttempts" when v is that
// field of aws.Config or of a service's Options, else "".
func AWSRetryField(v *types.Var) string {
	if v == nil || !v.IsField() || v.Pkg() == nil || (v.Name() != "Retryer" && v.Name() != "RetryMaxAttempts") {
		return ""
	}
	if v.Pkg().Path() != AWSCore && !IsAWSService(v.Pkg().Path()) {
		return ""
	}
	return v.Name()
}

// AWSConfigOption reads a config.LoadDefaultConfig option:
// WithRetryMaxAttempts(n) (its count), WithRetryer(f) (the function that
// makes the retryer); ok is false for other options.
func AWSConfigOption(info *types.Info, call *ast.CallExpr) (retryer ast.Expr, attempts ast.Expr, ok bool) {
	fn := Callee(info, call)
	switch {
	case Is(fn, AWSConfig, "WithRetryMaxAttempts") && len(call.Args) == 1:
		return nil, call.Args[0], true
	case Is(fn, AWSConfig, "WithRetryer") && len(call.Args) == 1:
		return call.Args[0], nil, true
	}
	return nil, nil, false
}

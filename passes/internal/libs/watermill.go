package libs

import (
	"go/ast"
	"go/types"

	"golang.org/x/tools/go/analysis"

	"github.com/idemlint/idemlint/passes/internal/astutil"
)

// watermill's middleware.Retry (v1.5.1, message/router/middleware/
// retry.go): a literal whose Middleware retries a router handler in
// process. It has no defaults of its own: its zero fields are copied over
// cenkalti/backoff v5's ExponentialBackOff, so InitialInterval 0 retries at
// once (every interval stays 0), RandomizationFactor 0 has no jitter, and
// MaxRetries -1 becomes WithMaxTries(0), which never stops unless
// MaxElapsedTime does. MaxRetries 0 (left out) retries nothing. An unset
// MaxInterval does not leave the delay uncapped: backoff v5 then keeps the
// interval at InitialInterval (it clamps to MaxInterval 0 and starts again
// from InitialInterval), so Multiplier and MaxInterval are not judged.
const WatermillMiddleware = "github.com/ThreeDotsLabs/watermill/message/router/middleware"

var watermillFamily = &Family{
	Paths:             []string{WatermillMiddleware},
	Literal:           watermillRetryNoJitter,
	LiteralNeverStops: watermillRetryNeverStops,
}

// watermillRetry returns the fields of a middleware.Retry literal, or
// nil when lit is not one or retries nothing (MaxRetries 0 or left out).
func watermillRetry(info *types.Info, lit *ast.CompositeLit) map[string]ast.Expr {
	if !IsNamed(info.TypeOf(lit), WatermillMiddleware, "Retry") {
		return nil
	}
	fields := map[string]ast.Expr{}
	for _, e := range lit.Elts {
		kv, ok := e.(*ast.KeyValueExpr)
		if !ok {
			return nil // positional: not judged
		}
		if id, ok := kv.Key.(*ast.Ident); ok {
			fields[id.Name] = kv.Value
		}
	}
	if m, ok := fields["MaxRetries"]; !ok || astutil.IsZero(info, m) {
		return nil
	}
	return fields
}

// unset reports whether a field is left out or a constant zero.
func unset(info *types.Info, fields map[string]ast.Expr, name string) bool {
	v, ok := fields[name]
	return !ok || astutil.IsZero(info, v)
}

// watermillRetryNoJitter finds a Retry that waits for nothing between
// attempts (InitialInterval 0) or whose delays have no jitter.
func watermillRetryNoJitter(info *types.Info, lit *ast.CompositeLit) []Finding {
	fields := watermillRetry(info, lit)
	if fields == nil {
		return nil
	}
	if unset(info, fields, "InitialInterval") {
		return []Finding{{At: lit, NoDelay: true,
			Msg: "middleware.Retry leaves InitialInterval at 0, so it retries at once, with no delay between attempts; set InitialInterval, MaxInterval and RandomizationFactor: 0.5",
			Why: "retries at once (middleware.Retry without InitialInterval), with no delay between attempts"}}
	}
	if !unset(info, fields, "RandomizationFactor") {
		return nil
	}
	at := ast.Node(lit)
	edit := analysis.TextEdit{Pos: lit.Lbrace + 1, End: lit.Lbrace + 1, NewText: []byte("RandomizationFactor: 0.5, ")}
	if v, ok := fields["RandomizationFactor"]; ok {
		at = v
		edit = analysis.TextEdit{Pos: v.Pos(), End: v.End(), NewText: []byte("0.5")}
	}
	return []Finding{{At: at,
		Msg:   "middleware.Retry leaves RandomizationFactor at 0: its delays have no jitter" + together + "; set RandomizationFactor: 0.5",
		Why:   "has no jitter (middleware.Retry without RandomizationFactor)" + together,
		Fixes: []analysis.SuggestedFix{{Message: "set RandomizationFactor: 0.5", TextEdits: []analysis.TextEdit{edit}}},
	}}
}

// watermillRetryNeverStops finds a Retry with a negative MaxRetries and no
// MaxElapsedTime: it retries the handler forever.
func watermillRetryNeverStops(info *types.Info, lit *ast.CompositeLit) []Finding {
	fields := watermillRetry(info, lit)
	if fields == nil || !unset(info, fields, "MaxElapsedTime") {
		return nil
	}
	m := fields["MaxRetries"]
	if n, ok := astutil.IntConst(info, m); !ok || n >= 0 {
		return nil
	}
	return []Finding{{At: m,
		Msg: "middleware.Retry with a negative MaxRetries retries the handler forever, and no MaxElapsedTime ends it; allow a few retries (MaxRetries: 3) or set MaxElapsedTime",
		Why: "middleware.Retry with MaxRetries " + types.ExprString(m)}}
}

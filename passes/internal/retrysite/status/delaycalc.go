package status

import (
	"go/ast"
	"go/types"
	"strings"

	"github.com/idemlint/idemlint/passes/internal/libs"
	"github.com/idemlint/idemlint/passes/internal/retrysite/site"
)

// ReadsDelay reports whether call works out how long to wait before the
// next attempt rather than making one: it returns a time.Duration (and
// perhaps whether to go on) and an
// error, and is given the failed attempt's response (a Retry-After
// parser, often a function-typed field) or is named for a delay
// (retryAfter, backoff, nextDelay). Counting it as an attempt would make
// its own success look like a success of the operation that goes round.
// A call returning a duration for another reason (rtt, err := ping())
// stays an attempt.
func ReadsDelay(info *types.Info, call *ast.CallExpr) bool {
	t := info.TypeOf(call.Fun)
	if t == nil {
		return false
	}
	sig, ok := t.Underlying().(*types.Signature)
	if !ok {
		return false
	}
	res := sig.Results()
	if res.Len() < 2 || res.Len() > 3 ||
		!libs.IsNamed(res.At(0).Type(), "time", "Duration") || !site.IsErrorType(res.At(res.Len()-1).Type()) {
		return false
	}
	for _, a := range call.Args {
		// A call handed the failed attempt (its response, or its error
		// with the decision to go on: wait, ok, err :=
		// retrier.Retry(ctx, n, req, resp, err)) decides the next one.
		if t := info.TypeOf(a); site.IsResponseType(t) || res.Len() == 3 && site.IsErrorType(t) {
			return true
		}
	}
	if res.Len() != 2 {
		return false
	}
	var name string
	switch f := ast.Unparen(call.Fun).(type) {
	case *ast.Ident:
		name = f.Name
	case *ast.SelectorExpr:
		name = f.Sel.Name
	}
	name = strings.ToLower(name)
	for _, w := range []string{"retryafter", "backoff", "delay", "wait"} {
		if strings.Contains(name, w) {
			return true
		}
	}
	return false
}

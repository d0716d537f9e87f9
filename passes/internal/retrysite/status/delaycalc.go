package status

import (
	"go/ast"
	"go/types"
	"strings"

	"github.com/idemlint/idemlint/passes/internal/libs"
	"github.com/idemlint/idemlint/passes/internal/retrysite/site"
)

// readsDelay reports whether call works out how long to wait before the
// next attempt rather than making one: it returns a time.Duration and an
// error, and is given the failed attempt's response (a Retry-After
// parser, often a function-typed field) or is named for a delay
// (retryAfter, backoff, nextDelay). Counting it as an attempt would make
// its own success look like a success of the operation that goes round.
// A call returning a duration for another reason (rtt, err := ping())
// stays an attempt.
func readsDelay(info *types.Info, call *ast.CallExpr) bool {
	t := info.TypeOf(call.Fun)
	if t == nil {
		return false
	}
	sig, ok := t.Underlying().(*types.Signature)
	if !ok || sig.Results().Len() != 2 ||
		!libs.IsNamed(sig.Results().At(0).Type(), "time", "Duration") || !site.IsErrorType(sig.Results().At(1).Type()) {
		return false
	}
	for _, a := range call.Args {
		if site.IsResponseType(info.TypeOf(a)) {
			return true
		}
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

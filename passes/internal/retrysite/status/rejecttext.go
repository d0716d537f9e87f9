package status

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"net/http"
	"regexp"
	"strconv"
	"strings"

	"github.com/idemlint/idemlint/passes/internal/libs"
)

// An SDK that keeps the status only in its error's message leaves the
// program one way to test it: the text (strings.Contains(err.Error(),
// "status 403: Authorization"), err.Error() == "429 Too Many Requests").
// A test of a message naming a 4xx status is a Rejection test like
// resp.StatusCode == 403.

// statusInText finds a status number in an error message: after a word
// that says it is one (status 403, code: 429, HTTP/1.1 409), or followed
// by its reason phrase (403 Forbidden).
var statusInText = regexp.MustCompile(`(?i)\b(?:status|code|http(?:/[0-9.]+)?)[^0-9a-z]{0,3}(?:code[^0-9a-z]{0,3})?([1-5][0-9]{2})\b|\b([1-5][0-9]{2}) ([a-z][a-z -]+)`)

// genericPhrase are reason phrases that other errors say too ("record
// not found", "conflict"): alone they name no status.
var genericPhrase = map[int]bool{http.StatusNotFound: true, http.StatusConflict: true, http.StatusGone: true, http.StatusLocked: true}

// TextStatus returns the status a message fragment names: a number in a
// status context, a number followed by its reason phrase, the number
// alone, or the reason phrase alone ("Too Many Requests").
func TextStatus(text string) (int64, bool) {
	text = strings.TrimSpace(text)
	if n, err := strconv.Atoi(text); err == nil && n >= 100 && n <= 599 {
		return int64(n), true
	}
	for _, m := range statusInText.FindAllStringSubmatch(text, -1) {
		if m[1] != "" {
			n, _ := strconv.Atoi(m[1])
			return int64(n), true
		}
		n, _ := strconv.Atoi(m[2])
		if phrase := http.StatusText(n); phrase != "" && strings.HasPrefix(strings.ToLower(m[3]), strings.ToLower(phrase)) {
			return int64(n), true
		}
	}
	for n := 400; n <= 599; n++ {
		if phrase := http.StatusText(n); phrase != "" && !genericPhrase[n] && strings.EqualFold(text, phrase) {
			return int64(n), true
		}
	}
	return 0, false
}

// RejectionText reports whether e is true only when an error's message
// names a 4xx status (Rejection): strings.Contains, HasPrefix or
// HasSuffix of err.Error() and such a constant, or their equality.
func RejectionText(info *types.Info, e ast.Expr) bool {
	var msg, lit ast.Expr
	switch x := ast.Unparen(e).(type) {
	case *ast.CallExpr:
		fn := libs.Callee(info, x)
		if len(x.Args) != 2 || !(libs.Is(fn, "strings", "Contains") || libs.Is(fn, "strings", "HasPrefix") || libs.Is(fn, "strings", "HasSuffix") || libs.Is(fn, "strings", "EqualFold")) {
			return false
		}
		msg, lit = x.Args[0], x.Args[1]
	case *ast.BinaryExpr:
		if x.Op != token.EQL {
			return false
		}
		msg, lit = x.X, x.Y
		if errorText(info, lit) {
			msg, lit = lit, msg
		}
	default:
		return false
	}
	tv, ok := info.Types[lit]
	if !ok || tv.Value == nil || tv.Value.Kind() != constant.String || !errorText(info, msg) {
		return false
	}
	code, ok := TextStatus(constant.StringVal(tv.Value))
	return ok && code >= 400 && code <= 498
}

// errorText reports whether e is the message of an error: err.Error().
func errorText(info *types.Info, e ast.Expr) bool {
	call, ok := ast.Unparen(e).(*ast.CallExpr)
	if !ok || len(call.Args) != 0 {
		return false
	}
	sel, ok := call.Fun.(*ast.SelectorExpr)
	if !ok || sel.Sel.Name != "Error" {
		return false
	}
	t := info.TypeOf(sel.X)
	return t != nil && types.Implements(t, errorIface)
}

var errorIface = types.Universe.Lookup("error").Type().Underlying().(*types.Interface)

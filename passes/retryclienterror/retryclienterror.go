package retryclienterror

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/idemlint/idemlint/passes/internal/libs"
	"github.com/idemlint/idemlint/passes/internal/report"
	"github.com/idemlint/idemlint/passes/internal/retrysite"
)

// Analyzer reports retries of responses that cannot succeed, and retries
// that ignore Retry-After.
var Analyzer = &analysis.Analyzer{
	Name:     "retryclienterror",
	Doc:      Doc,
	URL:      "https://github.com/idemlint/idemlint#retryclienterror",
	Requires: []*analysis.Analyzer{retrysite.Analyzer},
	Run:      run,
}

var checkStatus, checkRetryAfter bool

func init() {
	Analyzer.Flags.BoolVar(&checkStatus, "status", true, "report retries of every non-success status, 4xx included")
	Analyzer.Flags.BoolVar(&checkRetryAfter, "retryafter", true, "report retries on 429/503 that ignore Retry-After")
}

const (
	msgStatus     = "retry on any non-success status also retries 4xx responses (400, 401, 404, 409...), which fail the same way every time; retry only 5xx, 408 and 429"
	msgRetryAfter = "retry on 429 or 503 ignores the Retry-After header the server sent; wait at least as long as it says (resp.Header.Get(\"Retry-After\"))"
)

func run(pass *analysis.Pass) (any, error) {
	for _, s := range pass.ResultOf[retrysite.Analyzer].(*retrysite.Result).Sites {
		if s.Kind != retrysite.Loop {
			continue
		}
		var broad, clientAware, throttled bool
		for _, t := range s.Tests {
			eachStatusTest(pass.TypesInfo, t, func(op token.Token, code int64) {
				switch {
				case broadFailure(op, code):
					broad = true
				case code >= 400 && code < 500 && code != 408 && code != 429 || code == 500 || code == 499:
					clientAware = true
				}
				if (code == 429 || code == 503) && (op == token.EQL) {
					throttled = true
				}
			})
			if restyBroad(t) {
				broad = true
			}
		}
		if checkStatus && broad && !clientAware {
			if send := firstSend(pass.TypesInfo, s); send != nil {
				report.At(pass, send, msgStatus)
			}
		}
		if checkRetryAfter && throttled && len(s.Waits) > 0 && !readsRetryAfter(pass.TypesInfo, s.Op.Body) {
			report.At(pass, s.Waits[0], msgRetryAfter)
		}
	}
	return nil, nil
}

// eachStatusTest calls f for each comparison of a status code with a
// constant in the test, normalised to "status OP code".
func eachStatusTest(info *types.Info, test ast.Expr, f func(token.Token, int64)) {
	anyResponse := func(ast.Expr) bool { return true }
	ast.Inspect(test, func(n ast.Node) bool {
		if b, ok := n.(*ast.BinaryExpr); ok {
			if op, code, ok := retrysite.StatusTest(info, b, anyResponse); ok {
				f(op, code)
			}
		}
		return true
	})
}

// broadFailure reports whether "status OP code" is true for every non-2xx
// status, 4xx included.
func broadFailure(op token.Token, code int64) bool {
	switch op {
	case token.NEQ:
		return code >= 200 && code < 300
	case token.GEQ:
		return code >= 300 && code <= 400
	case token.GTR:
		return code >= 299 && code < 400
	case token.LSS: // if status < 400 { return }: everything else is retried
		return code >= 300 && code <= 400
	case token.LEQ:
		return code >= 299 && code < 400
	case token.EQL: // if status == 200 { return }
		return code >= 200 && code < 300
	}
	return false
}

// restyBroad recognises resty's !resp.IsSuccess() and resp.IsError().
func restyBroad(test ast.Expr) bool {
	found := false
	ast.Inspect(test, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.UnaryExpr:
			if n.Op == token.NOT && methodName(n.X) == "IsSuccess" {
				found = true
			}
		case *ast.CallExpr:
			if methodName(n) == "IsError" {
				found = true
			}
		}
		return !found
	})
	return found
}

func methodName(e ast.Expr) string {
	call, ok := ast.Unparen(e).(*ast.CallExpr)
	if !ok {
		return ""
	}
	if sel, ok := call.Fun.(*ast.SelectorExpr); ok {
		return sel.Sel.Name
	}
	return ""
}

// firstSend is the first call in the loop that sends a request.
func firstSend(info *types.Info, s *retrysite.Site) *ast.CallExpr {
	var out *ast.CallExpr
	ast.Inspect(s.Op.Body, func(n ast.Node) bool {
		if call, ok := n.(*ast.CallExpr); ok && out == nil {
			if _, ok := libs.Sends.Lookup(libs.Callee(info, call)); ok {
				out = call
			}
		}
		return out == nil
	})
	return out
}

// readsRetryAfter reports whether the code mentions the Retry-After
// header, or hands a response or its header to a function of the program,
// which may read it (backoffFor(resp)).
func readsRetryAfter(info *types.Info, body ast.Node) bool {
	found := false
	ast.Inspect(body, func(n ast.Node) bool {
		if call, ok := n.(*ast.CallExpr); ok {
			fn := libs.Callee(info, call)
			if fn == nil || fn.Pkg() == nil || fn.Pkg().Path() != "net/http" && fn.Pkg().Path() != "io" {
				for _, a := range call.Args {
					if isResponseOrHeader(info.TypeOf(a)) {
						found = true
					}
				}
			}
		}
		if lit, ok := n.(*ast.BasicLit); ok && lit.Kind == token.STRING {
			if tv, ok := info.Types[lit]; ok && tv.Value != nil && strings.EqualFold(constant.StringVal(tv.Value), "Retry-After") {
				found = true
			}
		}
		if id, ok := n.(*ast.Ident); ok {
			if c, ok := info.Uses[id].(*types.Const); ok && c.Val().Kind() == constant.String && strings.EqualFold(constant.StringVal(c.Val()), "Retry-After") {
				found = true
			}
		}
		return !found
	})
	return found
}

func isResponseOrHeader(t types.Type) bool {
	if p, ok := t.(*types.Pointer); ok {
		t = p.Elem()
	}
	n, ok := types.Unalias(t).(*types.Named)
	if !ok || n.Obj().Pkg() == nil || n.Obj().Pkg().Path() != "net/http" {
		return false
	}
	return n.Obj().Name() == "Response" || n.Obj().Name() == "Header"
}

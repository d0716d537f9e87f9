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
	res := pass.ResultOf[retrysite.Analyzer].(*retrysite.Result)
	if checkStatus {
		clientConditions(pass, res.ClientRetries)
	}
	for _, s := range res.Sites {
		f := s.Fail
		if f == nil || len(f.Sends) == 0 {
			continue
		}
		if checkStatus && f.Retried.ClientErrors() {
			report.At(pass, f.Sends[0], msgStatus)
		}
		throttled := f.Throttle && (f.Retried.Has(429) || f.Retried.Has(503))
		if checkRetryAfter && s.Kind == retrysite.Loop && throttled && len(s.Waits) > 0 && !readsRetryAfter(pass.TypesInfo, s.Op.Body) {
			report.At(pass, s.Waits[0], msgRetryAfter)
		}
	}
	return nil, nil
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

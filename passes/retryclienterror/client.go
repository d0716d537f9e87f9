package retryclienterror

import (
	"go/ast"
	"go/types"

	"golang.org/x/tools/go/analysis"

	"github.com/idemlint/idemlint/passes/internal/astutil"
	"github.com/idemlint/idemlint/passes/internal/bodies"
	"github.com/idemlint/idemlint/passes/internal/libs"
	"github.com/idemlint/idemlint/passes/internal/report"
	"github.com/idemlint/idemlint/passes/internal/retrysite"
)

const msgClient = "the client's retry condition retries every non-success status, 4xx responses (400, 401, 404, 409...) included, which fail the same way every time; retry only 5xx, 408 and 429"

// clientConditions reports the requests sent through a retrying client
// (go-retryablehttp, resty) whose retry condition treats every
// non-success status as retryable: the client is the retry site, and its
// condition is its failure test.
func clientConditions(pass *analysis.Pass, retries map[types.Object]retrysite.Statuses) {
	if len(retries) == 0 {
		return
	}
	for n, fn := range pass.ResultOf[bodies.Analyzer].(*bodies.Index).Package() {
		call, ok := n.(*ast.CallExpr)
		if !ok {
			continue
		}
		_, sends := libs.Sends.Lookup(fn)
		if !sends || fn.Pkg().Path() == "net/http" {
			continue
		}
		sel, ok := call.Fun.(*ast.SelectorExpr)
		if !ok {
			continue
		}
		if m, ok := retries[astutil.ChainHolder(pass.TypesInfo, sel.X)]; ok && m.ClientErrors() {
			report.At(pass, call, msgClient)
		}
	}
}

package fails

import (
	"go/ast"
	"go/types"

	"github.com/idemlint/idemlint/passes/internal/libs"
	"github.com/idemlint/idemlint/passes/internal/retrysite/site"
)

// RetryFlagFact marks a function returning (bool, error) whose bool may
// say "try again": it is true only beside an error that may be set
// (return true, err), never beside nil:
//
//	func (c *Client) do(req *http.Request) (retry bool, err error) {
//		resp, err := c.client.Do(req)
//		if shouldRetry(resp, err) {
//			return true, err
//		}
//		...
//		return false, nil
//	}
//
// A loop that goes round on its true (retry, err := c.do(req); if retry
// { wait; continue }; return err) retries a failed attempt (RULES.md:
// failure need not be an error). A flag that is also true beside nil
// (return true, nil: done, or more to read) says something else.
type RetryFlagFact struct{}

func (*RetryFlagFact) AFact()         {}
func (*RetryFlagFact) String() string { return "true when it failed" }

// RetryFlag reports whether call's callee is such a function.
func (f *Fails) RetryFlag(call *ast.CallExpr) bool {
	return marked(f, libs.Callee(f.pass.TypesInfo, call), f.retryFlag, new(RetryFlagFact))
}

// learnRetryFlag finds the package's (bool, error) functions whose true
// goes only with an error.
func (f *Fails) learnRetryFlag() {
	info := f.pass.TypesInfo
	for _, b := range f.index.Bodies {
		fd, ok := b.Node.(*ast.FuncDecl)
		if !ok || b.Func == nil || fd.Body == nil || !boolThenError(b.Func.Signature().Results()) {
			continue
		}
		if retryFlag(info, fd.Body) {
			f.retryFlag[b.Func] = true
			f.pass.ExportObjectFact(b.Func, &RetryFlagFact{})
		}
	}
}

func boolThenError(res *types.Tuple) bool {
	return res.Len() == 2 && site.IsBool(res.At(0).Type()) && site.IsErrorType(res.At(1).Type())
}

// retryFlag reports whether body returns true beside an error that is
// not nil and never true beside nil. A return of the named results as
// they are (return) says nothing.
func retryFlag(info *types.Info, body *ast.BlockStmt) bool {
	trueErr, trueNil := false, false
	walkReturns(info, body, func(ret *ast.ReturnStmt, _ bool) {
		if len(ret.Results) != 2 {
			return
		}
		nilErr := site.IsNil(info, ret.Results[1])
		switch constString(info, ret.Results[0]) {
		case "true":
			trueErr = trueErr || !nilErr
			trueNil = trueNil || nilErr
		}
	})
	return trueErr && !trueNil
}

package fails

import (
	"go/ast"
	"go/types"

	"github.com/idemlint/idemlint/passes/internal/libs"
	"github.com/idemlint/idemlint/passes/internal/retrysite/site"
)

// NilOnErrorFact marks a function that returns no error and whose first
// result, a pointer, is nil when a call it makes fails: it reports the
// failure elsewhere (in a response value it returns beside, in a log)
// and says it by the nil (if resp.GetError() != nil { return nil, resp
// }; return reply, resp). Such a call's nil is a failed attempt (RULES.md:
// failure need not be an error), so a loop that leaves on a non-nil
// answer and goes round on nil retries it: a connect routine run until
// the collector answers.
type NilOnErrorFact struct{}

func (*NilOnErrorFact) AFact()         {}
func (*NilOnErrorFact) String() string { return "nil when it fails" }

// NilOnError reports whether call's callee is such a function.
func (f *Fails) NilOnError(call *ast.CallExpr) bool {
	return marked(f, libs.Callee(f.pass.TypesInfo, call), f.nilOnError, new(NilOnErrorFact))
}

// learnNilOnError finds the package's functions returning a pointer first
// and no error that return nil first under a test that a call's error is
// not nil.
func (f *Fails) learnNilOnError() {
	info := f.pass.TypesInfo
	for _, b := range f.index.Bodies {
		fd, ok := b.Node.(*ast.FuncDecl)
		if !ok || b.Func == nil || fd.Body == nil || !pointerFirstNoError(b.Func.Signature().Results()) {
			continue
		}
		if nilOnError(info, fd.Body) {
			f.nilOnError[b.Func] = true
			f.pass.ExportObjectFact(b.Func, &NilOnErrorFact{})
		}
	}
}

func pointerFirstNoError(res *types.Tuple) bool {
	if res.Len() == 0 {
		return false
	}
	if _, ok := res.At(0).Type().Underlying().(*types.Pointer); !ok {
		return false
	}
	for v := range res.Variables() {
		if site.IsErrorType(v.Type()) {
			return false
		}
	}
	return true
}

// nilOnError reports whether body returns nil first inside an if whose
// condition tests an error against nil, returns something else first
// outside such tests, and never returns anything but nil first under one.
func nilOnError(info *types.Info, body *ast.BlockStmt) bool {
	onErr, valueSeen, valueOnErr := false, false, false
	walkReturns(info, body, func(ret *ast.ReturnStmt, failed bool) {
		if len(ret.Results) == 0 {
			return
		}
		isNil := site.IsNil(info, ret.Results[0])
		onErr = onErr || failed && isNil
		valueSeen = valueSeen || !failed && !isNil
		valueOnErr = valueOnErr || failed && !isNil
	})
	return onErr && valueSeen && !valueOnErr
}

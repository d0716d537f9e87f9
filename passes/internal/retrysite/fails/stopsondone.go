package fails

import (
	"go/ast"
	"go/types"

	"golang.org/x/tools/go/analysis"

	"github.com/idemlint/idemlint/passes/internal/astutil"
	"github.com/idemlint/idemlint/passes/internal/libs"
)

// StopsOnDoneFact marks a function returning one bool that answers with a
// constant once its context is done or its deadline passed (func (s
// *Stream) shouldReconnect(err error) bool { if s.ctx.Err() != nil {
// return false }; ... }): a retry loop whose failure test calls it (if
// !s.shouldReconnect(err) { return err }) stops when the context ends,
// as if it tested the context itself.
type StopsOnDoneFact struct{}

func (*StopsOnDoneFact) AFact()         {}
func (*StopsOnDoneFact) String() string { return "answers once the context is done" }

// StopsOnDone reports whether call's callee is such a function.
func (f *Fails) StopsOnDone(call *ast.CallExpr) bool {
	return marked(f, libs.Callee(f.pass.TypesInfo, call), f.stopsOnDone, new(StopsOnDoneFact))
}

// learnStopsOnDone finds the package's functions returning one bool that
// return a constant under an if whose condition asks the clock or a
// context (ctx.Err() != nil, time.Now().After(deadline)).
func (f *Fails) learnStopsOnDone() {
	f.learnBoolFuncs(answersOnDone, f.stopsOnDone, func() analysis.Fact { return &StopsOnDoneFact{} })
}

// answersOnDone reports whether body holds an if, outside function
// literals, whose condition calls a function of the clock or a context
// and whose body returns a constant bool.
func answersOnDone(info *types.Info, body *ast.BlockStmt) bool {
	found := false
	ast.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.IfStmt:
			if asksDone(info, n.Cond) && returnsConstBool(info, n.Body) {
				found = true
			}
		}
		return !found
	})
	return found
}

func asksDone(info *types.Info, cond ast.Expr) bool {
	return astutil.Some(cond, func(n ast.Node) bool {
		call, ok := n.(*ast.CallExpr)
		if !ok {
			return false
		}
		_, ok = libs.TimeOrContext.Lookup(libs.Callee(info, call))
		return ok
	})
}

func returnsConstBool(info *types.Info, b *ast.BlockStmt) bool {
	for _, st := range b.List {
		if ret, ok := st.(*ast.ReturnStmt); ok && len(ret.Results) == 1 {
			v := constString(info, ret.Results[0])
			return v == "true" || v == "false"
		}
	}
	return false
}

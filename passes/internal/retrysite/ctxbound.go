package retrysite

import (
	"go/ast"
	"go/token"
	"go/types"

	"github.com/idemlint/idemlint/passes/internal/retrysite/site"
)

// ctxOnlyParam returns the index of fd's context.Context parameter that
// alone ends the retries of fd's loop running its parameter op, or -1:
// `for { if op() == nil { return }; select { case <-ctx.Done(): return;
// case <-timer.C: } }`. Such a helper never stops for a caller that hands
// it context.Background() (site.HelperFact CtxOnly). A loop that counts
// anything, reads the clock or has a condition of its own may be bounded
// without the context, and is left alone.
func ctxOnlyParam(info *types.Info, fd *ast.FuncDecl, op int, sites []*Site) int {
	fn, ok := info.Defs[fd.Name].(*types.Func)
	if !ok || op < 0 || op >= fn.Signature().Params().Len() {
		return -1
	}
	params := fn.Signature().Params()
	runs := opSites(info, fd, fn, op, sites)
	if len(runs) != 1 || runs[0].Kind != Loop || runs[0].Bound == nil {
		return -1 // more than one site, or one the context does not end
	}
	loop := runs[0]
	if f, ok := loop.Node.(*ast.ForStmt); !ok || f.Cond != nil || f.Init != nil || f.Post != nil {
		return -1
	}
	ctx := -1
	for i := range params.Len() {
		if site.IsContext(params.At(i).Type()) && site.MentionsAny(info, loop.Bound, map[types.Object]bool{params.At(i): true}) {
			ctx = i
		}
	}
	if ctx < 0 || countsOrClocks(info, loop.Node, params.At(ctx)) {
		return -1
	}
	return ctx
}

// countsOrClocks reports whether the loop holds anything else that could
// end it: a counter moved, the time read, or a context other than ctx.
func countsOrClocks(info *types.Info, loop ast.Node, ctx types.Object) bool {
	found := false
	ast.Inspect(loop, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.IncDecStmt:
			found = true
		case *ast.AssignStmt:
			if n.Tok != token.ASSIGN && n.Tok != token.DEFINE {
				found = true // n += 1, d *= 2 may count too
			}
		case *ast.Ident:
			obj := info.Uses[n]
			if v, ok := obj.(*types.Var); ok && obj != ctx && (site.IsContext(v.Type()) || isTime(v.Type())) {
				found = true
			}
			if f, ok := obj.(*types.Func); ok && f.Pkg() != nil && f.Pkg().Path() == "time" && (f.Name() == "Now" || f.Name() == "Since" || f.Name() == "Until") {
				found = true
			}
		}
		return !found
	})
	return found
}

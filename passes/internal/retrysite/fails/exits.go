package fails

import (
	"github.com/idemlint/idemlint/passes/internal/astutil"
	"go/ast"
	"go/types"

	"github.com/idemlint/idemlint/passes/internal/retrysite/site"
)

// ExitFact marks a function that never returns: it ends in a call that
// ends the program (func Fatal(args ...any) { log(LevelFatal, args...);
// os.Exit(1) }) and returns nowhere before. A failure path that calls it
// goes nowhere.
type ExitFact struct{}

func (*ExitFact) AFact()         {}
func (*ExitFact) String() string { return "never returns" }

// Exits reports whether fn never returns (ExitFact).
func (f *Fails) Exits(fn *types.Func) bool {
	return marked(f, fn, f.exits, new(ExitFact))
}

// learnExits finds the package's functions that never return, those
// ending in a call of another such function included.
func (f *Fails) learnExits() {
	info := f.pass.TypesInfo
	for grew := true; grew; {
		grew = false
		for _, b := range f.index.Bodies {
			fd, ok := b.Node.(*ast.FuncDecl)
			if !ok || b.Func == nil || fd.Body == nil || len(fd.Body.List) == 0 || f.exits[b.Func] {
				continue
			}
			es, ok := fd.Body.List[len(fd.Body.List)-1].(*ast.ExprStmt)
			if !ok || astutil.HoldsReturn(fd.Body) {
				continue
			}
			if call, ok := ast.Unparen(es.X).(*ast.CallExpr); ok && site.NeverReturns(info, call, f.Exits) {
				f.exits[b.Func] = true
				grew = true
			}
		}
	}
	for fn := range f.exits {
		f.pass.ExportObjectFact(fn, &ExitFact{})
	}
}

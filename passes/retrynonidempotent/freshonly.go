package retrynonidempotent

import (
	"go/types"

	"golang.org/x/tools/go/analysis"

	"github.com/idemlint/idemlint/passes/internal/bodies"
	"github.com/idemlint/idemlint/passes/internal/ssautil"
)

// exportFreshOnly learns, in a package that sends no request (it does not
// depend on net/http), the key helpers that make a new value on each call
// (func New() string { return uuid.NewString() }, a helper folding
// time.Now() into the key), and exports their FreshFacts: key helpers
// usually live in a package of their own, and a key one of them makes
// inside a retry site of an importer is made per attempt. Only exported
// functions are looked at (and what they call here, through the fixpoint):
// no other package can call the rest.
func exportFreshOnly(pass *analysis.Pass) {
	a := &analyzer{pass: pass, fresh: map[*types.Func]bool{}, std: inGoroot(pass)}
	if a.std {
		return
	}
	a.index = pass.ResultOf[bodies.Analyzer].(*bodies.Index)
	for _, d := range a.index.Decls() {
		if d.Func != nil && d.Func.Exported() {
			a.decls = append(a.decls, d)
		}
	}
	if len(a.decls) == 0 {
		return
	}
	shared := pass.ResultOf[ssautil.Analyzer].(*ssautil.SSA)
	shared.Acquire()
	defer shared.Release()
	a.ssaFunc, a.wantSSA = shared.PartialFunc, shared.Want
	for range 4 {
		if !a.learnFresh() {
			break
		}
	}
	for fn := range a.fresh {
		pass.ExportObjectFact(fn, new(FreshFact))
	}
}

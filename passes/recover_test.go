package passes

import (
	"bytes"
	"go/ast"
	"go/token"
	"os"
	"path/filepath"
	"reflect"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"golang.org/x/tools/go/analysis"
	xtest "golang.org/x/tools/go/analysis/analysistest"
)

type sawFact struct{}

func (*sawFact) AFact()         {}
func (*sawFact) String() string { return "saw" }

// TestRecoveringDropsFacts: an analyzer that exports a fact and then
// panics exports nothing for that package; its importer is still
// analyzed, reads the fact as missing, and reports; the panic is one
// line naming the analyzer and the package.
func TestRecoveringDropsFacts(t *testing.T) {
	type missing struct{ at []token.Pos }
	probe := &analysis.Analyzer{
		Name:       "probe",
		Doc:        "probe exports a fact on every function and panics on package a",
		ResultType: reflect.TypeOf(new(missing)),
		FactTypes:  []analysis.Fact{new(sawFact)},
		Run: func(pass *analysis.Pass) (any, error) {
			res := new(missing)
			for _, f := range pass.Files {
				for _, d := range f.Decls {
					fd, ok := d.(*ast.FuncDecl)
					if !ok {
						continue
					}
					obj := pass.TypesInfo.Defs[fd.Name]
					pass.ExportObjectFact(obj, new(sawFact))
					if !pass.ImportObjectFact(obj, new(sawFact)) {
						t.Error("a held fact must be visible to its own run")
					}
					for _, imp := range pass.Pkg.Imports() {
						if g := imp.Scope().Lookup("G"); g != nil && !pass.ImportObjectFact(g, new(sawFact)) {
							res.at = append(res.at, fd.Pos())
						}
					}
				}
			}
			if pass.Pkg.Path() == "a" {
				panic("boom")
			}
			return res, nil
		},
	}
	user := &analysis.Analyzer{
		Name:     "user",
		Doc:      "user reads probe's result",
		Requires: []*analysis.Analyzer{probe},
		Run: func(pass *analysis.Pass) (any, error) {
			res, ok := pass.ResultOf[probe].(*missing)
			if !ok || res == nil {
				t.Error("a dependent gets an empty result, not nil")
				return nil, nil
			}
			for _, at := range res.at {
				pass.Reportf(at, "no fact on a.G")
			}
			return nil, nil
		},
	}
	dir := t.TempDir()
	write := func(path, text string) {
		require.NoError(t, os.MkdirAll(filepath.Dir(filepath.Join(dir, path)), 0o755))
		require.NoError(t, os.WriteFile(filepath.Join(dir, path), []byte(text), 0o644))
	}
	write("src/a/a.go", "package a\n\nfunc G() {}\n")
	write("src/b/b.go", "package b\n\nimport \"a\"\n\nfunc H() { a.G() } // want `no fact on a.G`\n")
	var out bytes.Buffer
	Recovering([]*analysis.Analyzer{user}, &out)
	xtest.Run(t, dir, user, "b")
	assert.Contains(t, out.String(), "idemlint: internal error: probe panicked on package a in passes.TestRecoveringDropsFacts.func1 (passes/recover_test.go:")
	assert.True(t, Crashed("a"))
	assert.False(t, Crashed("b"))
}

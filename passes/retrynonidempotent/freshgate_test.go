package retrynonidempotent

import (
	"go/ast"
	"go/types"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/packages"
	"golang.org/x/tools/go/ssa"

	"github.com/idemlint/idemlint/passes/internal/bodies"
)

// TestMayReturnFreshConservative checks that learnFresh's syntactic gate
// never skips a function whose SSA form returns a fresh value: on the
// fixture of shapes SSA carries a value through, and on every function
// of real packages that call time.Now, rand or uuid, with the package's
// fresh functions learned in rounds as learnFresh does.
func TestMayReturnFreshConservative(t *testing.T) {
	if testing.Short() {
		t.Skip("loads packages from source")
	}
	cfg := &packages.Config{Mode: packages.NeedName | packages.NeedTypes | packages.NeedSyntax | packages.NeedTypesInfo | packages.NeedImports}
	pkgs, err := packages.Load(cfg, "./testdata/freshgate", "net/http", "crypto/tls", "mime/multipart", "net/smtp", "log/slog", "os", "math/rand")
	if err != nil {
		t.Fatal(err)
	}
	checked, skipped := 0, 0
	for _, p := range pkgs {
		if len(p.Errors) > 0 {
			t.Fatalf("%s: %v", p.PkgPath, p.Errors)
		}
		prog := ssa.NewProgram(p.Fset, 0)
		for _, imp := range p.Types.Imports() {
			prog.CreatePackage(imp, nil, nil, true)
		}
		prog.CreatePackage(p.Types, p.Syntax, p.TypesInfo, false).Build()
		pass := &analysis.Pass{Pkg: p.Types, TypesInfo: p.TypesInfo, ImportObjectFact: func(types.Object, analysis.Fact) bool { return false }}
		a := &analyzer{pass: pass, fresh: map[*types.Func]bool{}}
		var decls []*bodies.Body
		for _, f := range p.Syntax {
			for _, decl := range f.Decls {
				if fd, ok := decl.(*ast.FuncDecl); ok && fd.Body != nil {
					if fn, ok := p.TypesInfo.Defs[fd.Name].(*types.Func); ok {
						decls = append(decls, &bodies.Body{Node: fd, Func: fn, Block: fd.Body})
					}
				}
			}
		}
		for grew := true; grew; {
			grew = false
			for _, d := range decls {
				f := prog.FuncValue(d.Func)
				if a.fresh[d.Func] || f == nil {
					continue
				}
				gate := a.mayReturnFresh(d)
				if a.returnsFresh(f) {
					checked++
					if !gate {
						t.Errorf("%s: %s returns a fresh value, but mayReturnFresh says it cannot", p.PkgPath, d.Func.FullName())
					}
					a.fresh[d.Func], grew = true, true
				} else if !gate {
					skipped++
				}
			}
		}
		if p.Name == "freshgate" {
			for _, name := range []string{"direct", "viaNamed", "methodValue", "viaArray", "typeSwitch", "escapedNamed", "ranged", "param", "pointer", "multi", "helper"} {
				if fn, _ := p.Types.Scope().Lookup(name).(*types.Func); fn == nil || !a.fresh[fn] {
					t.Errorf("freshgate: %s not learned fresh from its SSA: the fixture no longer tests the gate", name)
				}
			}
			for _, d := range decls {
				if (d.Func.Name() == "notReturned" || d.Func.Name() == "read") && a.mayReturnFresh(d) {
					t.Errorf("freshgate: %s: the gate lets nothing go", d.Func.Name())
				}
			}
		}
	}
	t.Logf("%d functions returning a fresh value, all let through; %d others skipped without SSA", checked, skipped)
}

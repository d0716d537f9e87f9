package main

import (
	"go/ast"
	"go/build"
	"go/parser"
	"go/token"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"golang.org/x/tools/go/packages"
)

func TestDropBodies(t *testing.T) {
	const src = `package p

import (
	"fmt"
	"strings"
	"time"
	rnd "math/rand/v2"
)

var D = time.Second

func init() { fmt.Println("x") }

func Upper(s string) string { return strings.ToUpper(s) }

func Map[T any](xs []T, f func(T) T) []T { _ = rnd.N(1); return xs }

type Set[T comparable] map[T]bool

func (s Set[T]) Add(x T) { s[x] = true }
`
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "p.go", src, 0)
	require.NoError(t, err)
	dropBodies(f)

	bodies := map[string]bool{}
	for _, d := range f.Decls {
		if fn, ok := d.(*ast.FuncDecl); ok {
			bodies[fn.Name.Name] = fn.Body != nil && len(fn.Body.List) > 0
		}
	}
	assert.Equal(t, map[string]bool{"init": false, "Upper": false, "Map": true, "Add": true}, bodies)

	names := map[string]string{}
	for _, imp := range f.Imports {
		name := ""
		if imp.Name != nil {
			name = imp.Name.Name
		}
		names[imp.Path.Value] = name
	}
	// fmt and strings were used only in dropped bodies; time in a
	// declaration and rand in a generic body that stays.
	assert.Equal(t, map[string]string{`"fmt"`: "_", `"strings"`: "_", `"time"`: "", `"math/rand/v2"`: "rnd"}, names)
}

// TestDropBodiesTypeChecks loads a large part of the standard library as
// a dependency is loaded, without its bodies: a Go release that declares
// something dropBodies mishandles fails here, not in users' runs.
func TestDropBodiesTypeChecks(t *testing.T) {
	if testing.Short() {
		t.Skip("loads net/http and its dependencies from source")
	}
	p := &parse{stdDir: filepath.Join(build.Default.GOROOT, "src")}
	p.depDirs = []string{p.stdDir}
	cfg := &packages.Config{Mode: packages.LoadAllSyntax, ParseFile: p.file}
	pkgs, err := packages.Load(cfg, "net/http", "database/sql", "encoding/json")
	require.NoError(t, err)
	var errs []string
	packages.Visit(pkgs, nil, func(pkg *packages.Package) {
		for _, e := range pkg.Errors {
			errs = append(errs, e.Error())
		}
	})
	assert.Empty(t, errs)
}

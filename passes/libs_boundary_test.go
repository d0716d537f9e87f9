package passes_test

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/idemlint/idemlint/passes/internal/libs"
)

// TestAnalyzersNameNoRetryLibrary keeps retry library knowledge in
// passes/internal/libs: an analyzer asks the library families, so adding a
// library is one file there and touches no analyzer. It fails when the
// code of an analyzer package (tests and fixtures aside) imports or
// mentions a family's package path, or a libs constant that holds one.
func TestAnalyzersNameNoRetryLibrary(t *testing.T) {
	consts := familyConsts(t)
	dirs, err := os.ReadDir(".")
	require.NoError(t, err)
	checked := 0
	for _, d := range dirs {
		if !d.IsDir() || d.Name() == "internal" || d.Name() == "testdata" {
			continue
		}
		files, err := filepath.Glob(filepath.Join(d.Name(), "*.go"))
		require.NoError(t, err)
		for _, name := range files {
			if strings.HasSuffix(name, "_test.go") {
				continue
			}
			src, err := os.ReadFile(name)
			require.NoError(t, err)
			for _, m := range libraryMentions(t, name, src, consts) {
				if pending[d.Name()][m] {
					continue
				}
				t.Errorf("%s names a retry library (%s): ask the library model in passes/internal/libs instead", name, m)
			}
			checked++
		}
	}
	require.Greater(t, checked, 10, "no analyzer files found")
}

// pending are the library names analyzers still use, by analyzer: the
// retrying clients' configuration (go-retryablehttp's RetryMax, CheckRetry,
// its request type) is read by the analyzers until retrysite describes the
// client site. Remove an entry when its analyzer stops naming it.
var pending = map[string]map[string]bool{
	"retryamplify":       {"libs.RetryableHTTP": true},
	"retrynonidempotent": {"libs.RetryableHTTP": true},
}

// TestLibraryMentionsFindsThem shows the check above can fail.
func TestLibraryMentionsFindsThem(t *testing.T) {
	src := `package a
import "github.com/idemlint/idemlint/passes/internal/libs"
var _ = libs.SethvargoRetry
var _ = "github.com/cenkalti/backoff/v4"
`
	got := libraryMentions(t, "a.go", []byte(src), familyConsts(t))
	require.Len(t, got, 2)
}

// familyPrefixes are the repository prefixes of the families' packages
// (github.com/owner/repo, or the host for k8s.io).
func familyPrefixes() []string {
	var out []string
	for _, f := range libs.Families {
		for _, p := range f.Paths {
			parts := strings.Split(p, "/")
			n := 3
			if !strings.HasPrefix(p, "github.com/") {
				n = 1
			}
			out = append(out, strings.Join(parts[:min(n, len(parts))], "/")+"/")
		}
	}
	return out
}

// familyConsts are the names of libs' string constants that hold a
// family's package path.
func familyConsts(t *testing.T) map[string]bool {
	paths := map[string]bool{}
	for _, f := range libs.Families {
		for _, p := range f.Paths {
			paths[p] = true
		}
	}
	out := map[string]bool{}
	files, err := filepath.Glob(filepath.Join("internal", "libs", "*.go"))
	require.NoError(t, err)
	fset := token.NewFileSet()
	for _, name := range files {
		f, err := parser.ParseFile(fset, name, nil, 0)
		require.NoError(t, err)
		for _, d := range f.Decls {
			gd, ok := d.(*ast.GenDecl)
			if !ok || gd.Tok != token.CONST {
				continue
			}
			for _, spec := range gd.Specs {
				vs := spec.(*ast.ValueSpec)
				for i, v := range vs.Values {
					if lit, ok := v.(*ast.BasicLit); ok && lit.Kind == token.STRING {
						if s, err := strconv.Unquote(lit.Value); err == nil && paths[s] {
							out[vs.Names[i].Name] = true
						}
					}
				}
			}
		}
	}
	require.NotEmpty(t, out, "no family path constants found in passes/internal/libs")
	return out
}

// libraryMentions lists the string literals (import paths included) that
// name a family's package, and the uses of libs constants that hold one.
func libraryMentions(t *testing.T, name string, src []byte, consts map[string]bool) []string {
	f, err := parser.ParseFile(token.NewFileSet(), name, src, 0)
	require.NoError(t, err)
	prefixes := familyPrefixes()
	var out []string
	ast.Inspect(f, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.BasicLit:
			if n.Kind != token.STRING {
				return true
			}
			for _, p := range prefixes {
				if strings.Contains(n.Value, p) {
					out = append(out, n.Value)
					break
				}
			}
		case *ast.SelectorExpr:
			if id, ok := n.X.(*ast.Ident); ok && id.Name == "libs" && consts[n.Sel.Name] {
				out = append(out, "libs."+n.Sel.Name)
			}
		}
		return true
	})
	return out
}

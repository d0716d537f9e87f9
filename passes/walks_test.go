package passes_test

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestOneWalkPerPackage keeps the syntax of a package walked once, by
// passes/internal/bodies, whose index every analyzer reads: it fails when
// the code of an analyzer package (or a shared one) walks the files or the
// top-level declarations itself (ast.Inspect, ast.Walk or ast.Preorder
// inside a loop over a package's Files or a file's Decls, or on a file),
// or asks for the inspect pass, which walks them again. A walk of one
// function, expression or statement (a test, a predicate's body) is a
// local scan and stays allowed.
func TestOneWalkPerPackage(t *testing.T) {
	checked := 0
	err := filepath.WalkDir(".", func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if d.Name() == "testdata" || path == filepath.Join("internal", "bodies") {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return nil
		}
		for _, w := range packageWalks(t, path, nil) {
			t.Errorf("%s walks the package's syntax itself (%s): read the bodies index (passes/internal/bodies) instead", path, w)
		}
		checked++
		return nil
	})
	require.NoError(t, err)
	require.Greater(t, checked, 50, "no analyzer files found")
}

// TestPackageWalksFindsThem shows the check above can fail.
func TestPackageWalksFindsThem(t *testing.T) {
	src := `package a
import (
	"go/ast"
	"golang.org/x/tools/go/analysis/passes/inspect"
)
var _ = inspect.Analyzer
func f(files []*ast.File, file *ast.File) {
	for _, f := range files {
		ast.Inspect(f, func(ast.Node) bool { return true })
	}
	for _, d := range file.Decls {
		if fd, ok := d.(*ast.FuncDecl); ok {
			ast.Inspect(fd.Body, func(ast.Node) bool { return true })
		}
	}
	ast.Inspect(file, func(ast.Node) bool { return true })
	ast.Inspect(files[0].Decls[0], func(ast.Node) bool { return true })
}
func local(body *ast.BlockStmt) {
	ast.Inspect(body, func(ast.Node) bool { return true })
}
`
	require.Len(t, packageWalks(t, "a.go", []byte(src)), 5)
}

// packageWalks lists the walks of whole files or declarations in a file.
func packageWalks(t *testing.T, name string, src any) []string {
	t.Helper()
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, name, src, 0)
	require.NoError(t, err)
	var out []string
	for _, imp := range f.Imports {
		p, _ := strconv.Unquote(imp.Path.Value)
		if p == "golang.org/x/tools/go/analysis/passes/inspect" || p == "golang.org/x/tools/go/ast/inspector" {
			out = append(out, "imports "+p)
		}
	}
	// fileVars are the names bound to a file (a parameter or variable of
	// type *ast.File); loops, the ranges over Files or Decls.
	fileVars := map[string]bool{}
	var loops []*ast.RangeStmt
	ast.Inspect(f, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.Field:
			if isFileType(n.Type) {
				for _, id := range n.Names {
					fileVars[id.Name] = true
				}
			}
		case *ast.ValueSpec:
			if n.Type != nil && isFileType(n.Type) {
				for _, id := range n.Names {
					fileVars[id.Name] = true
				}
			}
		case *ast.RangeStmt:
			if rangesOverSyntax(n.X) {
				loops = append(loops, n)
			}
		}
		return true
	})
	ast.Inspect(f, func(n ast.Node) bool {
		call, ok := n.(*ast.CallExpr)
		if !ok || len(call.Args) == 0 || !isWalk(call.Fun) {
			return true
		}
		where := fset.Position(call.Pos()).String()
		root := call.Args[0]
		if sel := call.Fun.(*ast.SelectorExpr); sel.Sel.Name == "Walk" && len(call.Args) > 1 {
			root = call.Args[1] // ast.Walk(visitor, node)
		}
		switch {
		case isFileExpr(root, fileVars):
			out = append(out, "walks a file at "+where)
		default:
			for _, l := range loops {
				if l.Body.Pos() <= call.Pos() && call.End() <= l.Body.End() {
					out = append(out, "walks in a loop over "+rangeName(l.X)+" at "+where)
					break
				}
			}
		}
		return true
	})
	return out
}

func isFileType(e ast.Expr) bool {
	star, ok := e.(*ast.StarExpr)
	if !ok {
		return false
	}
	sel, ok := star.X.(*ast.SelectorExpr)
	return ok && sel.Sel.Name == "File" && isIdent(sel.X, "ast")
}

// rangesOverSyntax reports whether a range is over a package's files or a
// file's declarations (pass.Files, files, file.Decls).
func rangesOverSyntax(x ast.Expr) bool {
	switch x := ast.Unparen(x).(type) {
	case *ast.SelectorExpr:
		return x.Sel.Name == "Files" || x.Sel.Name == "Decls"
	case *ast.Ident:
		return x.Name == "files"
	}
	return false
}

// isFileExpr reports whether e is a file, or a declaration taken from one
// by index (files[0], file.Decls[i]).
func isFileExpr(e ast.Expr, fileVars map[string]bool) bool {
	switch e := ast.Unparen(e).(type) {
	case *ast.Ident:
		return fileVars[e.Name]
	case *ast.IndexExpr:
		return rangesOverSyntax(e.X)
	}
	return false
}

func isWalk(fun ast.Expr) bool {
	sel, ok := fun.(*ast.SelectorExpr)
	if !ok || !isIdent(sel.X, "ast") {
		return false
	}
	switch sel.Sel.Name {
	case "Inspect", "Walk", "Preorder", "PreorderStack":
		return true
	}
	return false
}

func isIdent(e ast.Expr, name string) bool {
	id, ok := e.(*ast.Ident)
	return ok && id.Name == name
}

func rangeName(e ast.Expr) string {
	if sel, ok := ast.Unparen(e).(*ast.SelectorExpr); ok {
		return sel.Sel.Name
	}
	return "files"
}

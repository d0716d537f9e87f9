package nojitter

import (
	"bytes"
	"go/ast"
	"go/format"
	"go/token"
	"strconv"

	"golang.org/x/tools/go/analysis"

	"github.com/idemlint/idemlint/passes/internal/astutil"
	"github.com/idemlint/idemlint/passes/internal/report"
)

const randV2 = "math/rand/v2"

// jitterFix rewrites a wait's duration d as d/2 + rand.N(d/2), importing
// math/rand/v2 when the file does not already. It declines when the name
// rand is taken by another package, or d is an untyped literal.
func jitterFix(pass *analysis.Pass, arg ast.Expr) (analysis.SuggestedFix, bool) {
	if _, lit := ast.Unparen(arg).(*ast.BasicLit); lit {
		return analysis.SuggestedFix{}, false
	}
	// The fix writes the delay twice: a method call in it (b.Next()
	// advances a backoff) must not run twice.
	if astutil.Some(arg, func(n ast.Node) bool {
		call, ok := n.(*ast.CallExpr)
		if !ok {
			return false
		}
		tv, ok := pass.TypesInfo.Types[call.Fun]
		return !(ok && (tv.IsType() || tv.IsBuiltin())) && pass.TypesInfo.Selections[selectorOf(call.Fun)] != nil
	}) {
		return analysis.SuggestedFix{}, false
	}
	file := report.FileOf(pass, arg.Pos())
	name, imported, ok := randName(file)
	if !ok {
		return analysis.SuggestedFix{}, false
	}
	var buf bytes.Buffer
	if err := format.Node(&buf, pass.Fset, arg); err != nil {
		return analysis.SuggestedFix{}, false
	}
	d := buf.String()
	switch ast.Unparen(arg).(type) {
	case *ast.Ident, *ast.SelectorExpr, *ast.CallExpr:
	default:
		d = "(" + d + ")"
	}
	edits := []analysis.TextEdit{{Pos: arg.Pos(), End: arg.End(), NewText: []byte(d + "/2 + " + name + ".N(" + d + "/2)")}}
	if !imported {
		edits = append(edits, addImport(file))
	}
	return analysis.SuggestedFix{Message: "add equal jitter: d/2 + rand.N(d/2)", TextEdits: edits}, true
}

// randName returns the name math/rand/v2 has in file, whether it is
// imported, and false when the name rand is used by another import.
func randName(file *ast.File) (name string, imported, ok bool) {
	for _, imp := range file.Imports {
		path, _ := strconv.Unquote(imp.Path.Value)
		local := ""
		if imp.Name != nil {
			local = imp.Name.Name
		}
		if path == randV2 {
			if local == "" {
				local = "rand"
			}
			return local, true, local != "_" && local != "."
		}
		if local == "rand" || local == "" && (path == "math/rand" || path == "crypto/rand") {
			return "", false, false
		}
	}
	return "rand", false, true
}

// addImport inserts the math/rand/v2 import into the file's first import
// declaration, or after the package clause when there is none.
func addImport(file *ast.File) analysis.TextEdit {
	for _, decl := range file.Decls {
		gd, ok := decl.(*ast.GenDecl)
		if !ok || gd.Tok != token.IMPORT {
			continue
		}
		if gd.Lparen.IsValid() {
			return analysis.TextEdit{Pos: gd.Lparen + 1, End: gd.Lparen + 1, NewText: []byte("\n\t\"" + randV2 + "\"")}
		}
		// import "time" becomes a group holding both.
		spec := gd.Specs[0].(*ast.ImportSpec)
		name := ""
		if spec.Name != nil {
			name = spec.Name.Name + " "
		}
		return analysis.TextEdit{Pos: gd.Pos(), End: gd.End(), NewText: []byte("import (\n\t\"" + randV2 + "\"\n\t" + name + spec.Path.Value + "\n)")}
	}
	return analysis.TextEdit{Pos: file.Name.End(), End: file.Name.End(), NewText: []byte("\n\nimport \"" + randV2 + "\"")}
}

// selectorOf returns e as a selector expression, or nil.
func selectorOf(e ast.Expr) *ast.SelectorExpr {
	sel, _ := ast.Unparen(e).(*ast.SelectorExpr)
	return sel
}

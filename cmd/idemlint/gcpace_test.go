package main

import (
	"go/ast"
	"go/parser"
	"go/token"
	"strings"
	"testing"

	"golang.org/x/tools/go/packages"
)

// TestMostlyDependencies checks the rule that picks the collector's pace:
// the dependencies' files outweigh the roots', a file shared by a root and
// a variant of it counting for the root.
func TestMostlyDependencies(t *testing.T) {
	fset := token.NewFileSet()
	pkg := func(id string, size int, imports ...*packages.Package) *packages.Package {
		src := "package p\n" + strings.Repeat("// x\n", size)
		f, err := parser.ParseFile(fset, id+".go", src, 0)
		if err != nil {
			t.Fatal(err)
		}
		p := &packages.Package{ID: id, Fset: fset, Syntax: append(make([]*ast.File, 0, 1), f), Imports: map[string]*packages.Package{}}
		for _, i := range imports {
			p.Imports[i.ID] = i
		}
		return p
	}
	sdk := pkg("sdk", 1000)
	app := pkg("app", 10, sdk)
	if !mostlyDependencies([]*packages.Package{app}) {
		t.Error("an application over a large SDK: want mostly dependencies")
	}
	util := pkg("util", 10)
	big := pkg("big", 1000, util)
	if mostlyDependencies([]*packages.Package{big}) {
		t.Error("a large root over a small dependency: want mostly roots")
	}
	variant := &packages.Package{ID: "big [x.test]", Fset: fset, Syntax: big.Syntax}
	x := pkg("x", 10, variant)
	if mostlyDependencies([]*packages.Package{big, x}) {
		t.Error("a variant of a root shares its files: want mostly roots")
	}
}

package bodies

import (
	"go/ast"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"reflect"
	"testing"

	"golang.org/x/tools/go/analysis"

	"github.com/idemlint/idemlint/passes/internal/libs"
)

const src = `package p

import "fmt"

type client struct{ backoff int }

var c = &client{backoff: len("x")}
var handler = func() int { return f()(1) }

func f() func(int) int { return func(i int) int { return i + 1 } }

func g(xs []int) (n int, err error) {
	var m = map[string]int{"a": 1}
	for _, x := range xs {
		n, err = h(x), fmt.Errorf("%d", x)
		go func() {
			defer func() { m["b"] = f()(n) }()
			fmt.Println(x == 2)
		}()
	}
	c.backoff = 2
	return n + m["a"], nil
}

func h(x int) int { return x }
`

// TestEachIsAWalk checks that reading the index meets the nodes a walk of
// the same syntax meets, in the same order, going into literals or not.
func TestEachIsAWalk(t *testing.T) {
	fset := token.NewFileSet()
	file, err := parser.ParseFile(fset, "p.go", src, 0)
	if err != nil {
		t.Fatal(err)
	}
	info := &types.Info{Types: map[ast.Expr]types.TypeAndValue{}, Defs: map[*ast.Ident]types.Object{}, Uses: map[*ast.Ident]types.Object{}, Selections: map[*ast.SelectorExpr]*types.Selection{}}
	pkg, err := (&types.Config{Importer: importer.Default()}).Check("p", fset, []*ast.File{file}, info)
	if err != nil {
		t.Fatal(err)
	}
	res, err := run(&analysis.Pass{Fset: fset, Files: []*ast.File{file}, Pkg: pkg, TypesInfo: info})
	if err != nil {
		t.Fatal(err)
	}
	x := res.(*Index)
	if len(x.Top) != 5 {
		t.Fatalf("got %d top-level declarations, want 5", len(x.Top))
	}
	for _, b := range x.Top {
		for _, deep := range []bool{false, true} {
			var want, got []ast.Node
			root := ast.Node(b.Node)
			if b.Block != nil {
				root = b.Block
			}
			ast.Inspect(root, func(n ast.Node) bool {
				switch n := n.(type) {
				case *ast.FuncLit:
					return deep
				case *ast.CallExpr, *ast.AssignStmt, *ast.ValueSpec, *ast.ReturnStmt, *ast.CompositeLit, *ast.KeyValueExpr, *ast.ExprStmt, *ast.BinaryExpr:
					want = append(want, n)
				case *ast.BasicLit:
					if n.Kind == token.STRING {
						want = append(want, n)
					}
				}
				return true
			})
			seq := x.Each(b, nil)
			if deep {
				seq = x.All(b)
			}
			for n, callee := range seq {
				got = append(got, n)
				if call, ok := n.(*ast.CallExpr); ok && callee != libs.Callee(info, call) {
					t.Errorf("callee of %v: got %v", fset.Position(call.Pos()), callee)
				}
			}
			if !reflect.DeepEqual(got, want) {
				t.Errorf("%v (deep=%t): got %d nodes, want %d", fset.Position(b.Node.Pos()), deep, len(got), len(want))
			}
		}
	}
	// Package: the walk of the whole file.
	var want0, got0 []ast.Node
	ast.Inspect(file, func(n ast.Node) bool {
		switch x := n.(type) {
		case *ast.CallExpr, *ast.AssignStmt, *ast.ValueSpec, *ast.ReturnStmt, *ast.CompositeLit, *ast.KeyValueExpr, *ast.ExprStmt, *ast.BinaryExpr:
			want0 = append(want0, n)
		case *ast.BasicLit:
			if x.Kind == token.STRING && !isImport(file, n) {
				want0 = append(want0, n)
			}
		}
		return true
	})
	for n := range x.Package() {
		got0 = append(got0, n)
	}
	if !reflect.DeepEqual(got0, want0) {
		t.Errorf("Package: got %d nodes, want %d", len(got0), len(want0))
	}
	// In: the loop's body of g, and what it holds.
	var loop *ast.RangeStmt
	ast.Inspect(file, func(n ast.Node) bool {
		if r, ok := n.(*ast.RangeStmt); ok {
			loop = r
		}
		return loop == nil
	})
	var want, got []ast.Node
	ast.Inspect(loop.Body, func(n ast.Node) bool {
		if _, ok := n.(*ast.CallExpr); ok {
			want = append(want, n)
		}
		return true
	})
	for n := range x.In(loop.Body, Every) {
		if _, ok := n.(*ast.CallExpr); ok {
			got = append(got, n)
		}
	}
	if !reflect.DeepEqual(got, want) || len(want) != 7 {
		t.Errorf("In(loop body): got %d calls, want %d", len(got), len(want))
	}
}

func isImport(file *ast.File, n ast.Node) bool {
	for _, imp := range file.Imports {
		if imp.Path == n {
			return true
		}
	}
	return false
}

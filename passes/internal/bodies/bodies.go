// Package bodies indexes the function bodies of a package in one walk: the
// calls of each body with their callees, its loops, its function literals
// and whether it receives from a channel. The analyzers that look at every
// call of a package (retry sites, waits, nested retries) share this index
// instead of each walking the syntax and resolving the callees again, which
// was most of their cost on packages that hold no retry at all.
package bodies

import (
	"go/ast"
	"go/token"
	"go/types"
	"reflect"

	"golang.org/x/tools/go/analysis"

	"github.com/idemlint/idemlint/passes/internal/libs"
)

// Analyzer builds the Index of a package.
var Analyzer = &analysis.Analyzer{
	Name:       "bodies",
	Doc:        "index the calls, loops, function literals and channel receives of each function body",
	Run:        run,
	ResultType: reflect.TypeFor[*Index](),
}

// Index holds the function bodies of a package.
type Index struct {
	// Bodies lists the declared functions with a body in source order,
	// then the function literals, each after the body that holds it.
	Bodies []*Body
	byNode map[ast.Node]*Body
}

// Body is one function body. Its lists leave out what lies inside the
// function literals it holds: each literal is a Body of its own.
type Body struct {
	Node  ast.Node    // *ast.FuncDecl or *ast.FuncLit
	Func  *types.Func // the declared function; nil for a literal
	Block *ast.BlockStmt
	Calls []Call         // in source order
	Loops []ast.Stmt     // for and range statements, in source order
	Lits  []*ast.FuncLit // the literals directly inside
	// Receives is set when the body receives from a channel.
	Receives bool
}

// Call is a call and the function it invokes.
type Call struct {
	*ast.CallExpr
	Callee *types.Func // as libs.Callee: nil for function values, conversions and builtins
}

// Of returns the body of a function declaration or literal, or nil.
func (x *Index) Of(n ast.Node) *Body { return x.byNode[n] }

// Decls returns the bodies of declared functions, in source order.
func (x *Index) Decls() []*Body {
	var out []*Body
	for _, b := range x.Bodies {
		if b.Func != nil {
			out = append(out, b)
		}
	}
	return out
}

func run(pass *analysis.Pass) (any, error) {
	x := &Index{byNode: map[ast.Node]*Body{}}
	var lits []*ast.FuncLit
	for _, file := range pass.Files {
		for _, d := range file.Decls {
			switch d := d.(type) {
			case *ast.FuncDecl:
				if d.Body != nil {
					fn, _ := pass.TypesInfo.Defs[d.Name].(*types.Func)
					x.add(pass.TypesInfo, &Body{Node: d, Func: fn, Block: d.Body})
				}
			case *ast.GenDecl: // var handler = func() { ... }
				ast.Inspect(d, func(n ast.Node) bool {
					if lit, ok := n.(*ast.FuncLit); ok {
						lits = append(lits, lit)
						return false
					}
					return true
				})
			}
		}
	}
	for _, b := range x.Bodies {
		lits = append(lits, b.Lits...)
	}
	for len(lits) > 0 {
		lit := lits[0]
		lits = lits[1:]
		b := &Body{Node: lit, Block: lit.Body}
		x.add(pass.TypesInfo, b)
		lits = append(lits, b.Lits...)
	}
	return x, nil
}

// add walks b's block once and records it.
func (x *Index) add(info *types.Info, b *Body) {
	ast.Inspect(b.Block, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			b.Lits = append(b.Lits, n)
			return false
		case *ast.ForStmt, *ast.RangeStmt:
			b.Loops = append(b.Loops, n.(ast.Stmt))
		case *ast.CallExpr:
			b.Calls = append(b.Calls, Call{n, libs.Callee(info, n)})
		case *ast.UnaryExpr:
			b.Receives = b.Receives || n.Op == token.ARROW
		}
		return true
	})
	x.Bodies = append(x.Bodies, b)
	x.byNode[b.Node] = b
}

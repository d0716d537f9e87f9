// Package bodies indexes the function bodies of a package in one walk: the
// calls of each body with their callees, its loops, its function literals,
// whether it receives from a channel, and the nodes analyzers look up
// (assignments, returns, composite literals...; see Body.Nodes), for function
// bodies and package-level declarations alike. The analyzers share this
// index instead of each walking the syntax and resolving the callees again,
// which was most of their cost on packages that hold no retry at all.
package bodies

import (
	"go/ast"
	"go/token"
	"go/types"
	"reflect"
	"slices"

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
	// Top lists the package's top-level declarations that hold something
	// the index records, in source order: a function with a body (the same
	// Body as in Bodies) or a var, const or type declaration (a Body whose
	// Node is the *ast.GenDecl and whose Block is nil).
	Top    []*Body
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
	// Gotos is set when the body holds a goto statement, as a goto retry
	// does: the walks looking for one skip the other bodies.
	Gotos bool
	// Nodes lists, in the order ast.Inspect meets them, the calls, the
	// assignments (*ast.AssignStmt, and *ast.ValueSpec of var
	// declarations), returns, composite literals and their key-value
	// pairs, expression statements, binary expressions and string literals
	// of the body, with each
	// function literal directly inside at its place (its own nodes are in
	// its Body). Read it with Each or In, which also give each call its
	// callee.
	Nodes []ast.Node
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
	ar := &arena{}
	var lits []*ast.FuncLit
	for _, file := range pass.Files {
		for _, d := range file.Decls {
			switch d := d.(type) {
			case *ast.FuncDecl:
				if d.Body != nil {
					fn, _ := pass.TypesInfo.Defs[d.Name].(*types.Func)
					b := &Body{Node: d, Func: fn, Block: d.Body}
					ar.walk(b, pass.TypesInfo, d.Body)
					x.Bodies = append(x.Bodies, b)
					x.Top = append(x.Top, b)
					x.byNode[d] = b
				}
			case *ast.GenDecl: // var handler = func() { ... }; var c = &Client{backoff: b}
				if d.Tok == token.IMPORT {
					continue
				}
				g := &Body{Node: d}
				ar.walk(g, pass.TypesInfo, d)
				lits = append(lits, g.Lits...)
				if len(g.Nodes) > 0 {
					x.Top = append(x.Top, g)
					x.byNode[d] = g
				}
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
		ar.walk(b, pass.TypesInfo, lit.Body)
		x.Bodies = append(x.Bodies, b)
		x.byNode[lit] = b
		lits = append(lits, b.Lits...)
	}
	return x, nil
}

// arena gives the bodies of a package their Nodes and Calls. A body's
// lists are gathered in scratch slices, reused from body to body, then
// copied, with the exact length, into chunks shared by the following
// bodies. Growing a pair of lists per body from nothing, then trimming
// them (the driver keeps every Result until the run ends), allocated and
// copied three times what the index keeps, in thousands of small slices
// in every package of the program: most of the index's cost.
type arena struct {
	nodes, nodeChunk []ast.Node
	calls, callChunk []Call
}

// walk records what lies under root, outside the function literals.
func (ar *arena) walk(b *Body, info *types.Info, root ast.Node) {
	ar.nodes, ar.calls = ar.nodes[:0], ar.calls[:0]
	ast.Inspect(root, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			b.Lits = append(b.Lits, n)
			ar.nodes = append(ar.nodes, n)
			return false
		case *ast.ForStmt, *ast.RangeStmt:
			b.Loops = append(b.Loops, n.(ast.Stmt))
		case *ast.CallExpr:
			ar.calls = append(ar.calls, Call{n, libs.Callee(info, n)})
			ar.nodes = append(ar.nodes, n)
		case *ast.UnaryExpr:
			b.Receives = b.Receives || n.Op == token.ARROW
		case *ast.BranchStmt:
			b.Gotos = b.Gotos || n.Tok == token.GOTO
		case *ast.AssignStmt, *ast.ValueSpec, *ast.ReturnStmt, *ast.CompositeLit, *ast.KeyValueExpr, *ast.ExprStmt, *ast.BinaryExpr:
			ar.nodes = append(ar.nodes, n)
		case *ast.BasicLit:
			if n.Kind == token.STRING {
				ar.nodes = append(ar.nodes, n)
			}
		}
		return true
	})
	b.Nodes = carve(&ar.nodeChunk, ar.nodes)
	b.Calls = carve(&ar.callChunk, ar.calls)
	clear(ar.nodes) // the scratch keeps no syntax once the package is done
	clear(ar.calls)
}

// carve returns a copy of s, nil when it is empty, in the room left in
// *chunk, which is replaced by a larger one when s does not fit: capped, so
// that an append to one body's list cannot write into the next body's. A
// package's first chunks are small, so that a small package wastes little.
func carve[T any](chunk *[]T, s []T) []T {
	if len(s) == 0 {
		return nil
	}
	if cap(*chunk)-len(*chunk) < len(s) {
		size := min(max(2*cap(*chunk), 64), 2048)
		if len(s) > size/2 {
			return slices.Clip(slices.Clone(s))
		}
		*chunk = make([]T, 0, size)
	}
	i := len(*chunk)
	*chunk = append(*chunk, s...)
	return (*chunk)[i:len(*chunk):len(*chunk)]
}

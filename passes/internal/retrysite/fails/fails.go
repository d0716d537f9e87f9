// Package fails knows the functions that never succeed: every return
// hands back a non-nil error. A stream reader that returns only when the
// stream breaks (for { if err := recv(); err != nil { return err } })
// is one. A loop that calls such a function again after it returned, with
// or without testing the error, goes round only after a failure: it is a
// reconnect loop, which RULES.md counts as a retry loop (retrysite,
// loop.go).
package fails

import (
	"go/ast"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/analysis"

	"github.com/idemlint/idemlint/passes/internal/bodies"
	"github.com/idemlint/idemlint/passes/internal/ifaces"
	"github.com/idemlint/idemlint/passes/internal/libs"
	"github.com/idemlint/idemlint/passes/internal/retrysite/site"
)

// Fact marks a function whose every return is a non-nil error.
type Fact struct{}

func (*Fact) AFact()         {}
func (*Fact) String() string { return "never succeeds" }

// Fails knows the package's never-succeeding functions and imports the
// facts of other packages'.
type Fails struct {
	pass    *analysis.Pass
	index   *bodies.Index
	decls   site.Decls
	local   map[*types.Func]bool
	pending map[*types.Var]bool         // PendingFact, pending.go
	doneNil map[*types.Func]DoneNilFact // donenil.go
	// falseOnError are the functions of FalseOnErrorFact
	// (falseonerror.go); impls resolves an interface method to its one
	// implementation.
	falseOnError map[*types.Func]bool
	nilOnError   map[*types.Func]bool  // NilOnErrorFact, nilonerror.go
	retryFlag    map[*types.Func]bool  // RetryFlagFact, retryflag.go
	attemptParam map[*types.Func][]int // AttemptParamFact, attemptparam.go
	storedErr    map[*types.Func]bool  // StoredErrFact, storederr.go
	exits        map[*types.Func]bool  // ExitFact, exits.go
	stopsOnDone  map[*types.Func]bool  // StopsOnDoneFact, stopsondone.go
	impls        ifaces.Resolver
	stored       *ifaces.Stored // what the package's interface fields hold
}

// New returns the Fails of the package of pass, to be learned from its
// files (Learn).
func New(pass *analysis.Pass, index *bodies.Index, decls site.Decls) *Fails {
	return &Fails{pass: pass, index: index, decls: decls, stored: ifaces.NewStored(pass, index, decls), local: map[*types.Func]bool{}, pending: map[*types.Var]bool{}, doneNil: map[*types.Func]DoneNilFact{}, falseOnError: map[*types.Func]bool{}, nilOnError: map[*types.Func]bool{}, retryFlag: map[*types.Func]bool{}, attemptParam: map[*types.Func][]int{}, storedErr: map[*types.Func]bool{}, exits: map[*types.Func]bool{}, stopsOnDone: map[*types.Func]bool{}, impls: ifaces.Resolver{Program: pass.Pkg}}
}

// Stored is what the package's interface fields hold.
func (f *Fails) Stored() *ifaces.Stored { return f.stored }

// Of reports whether call never succeeds.
func (f *Fails) Of(call *ast.CallExpr) bool {
	return f.never(libs.Callee(f.pass.TypesInfo, call))
}

func (f *Fails) never(fn *types.Func) bool {
	if _, ok := libs.NeverSucceed.Lookup(fn); ok {
		return true
	}
	return marked(f, fn, f.local, new(Fact))
}

// marked reports whether fn carries fact: in local when fn is of this
// package, as an imported Fact otherwise.
func marked(f *Fails, fn *types.Func, local map[*types.Func]bool, fact analysis.Fact) bool {
	if fn == nil {
		return false
	}
	fn = fn.Origin()
	if fn.Pkg() == f.pass.Pkg {
		return local[fn]
	}
	return fn.Pkg() != nil && f.pass.ImportObjectFact(fn, fact)
}

// Learn finds the package's functions that never succeed, those returning
// what another such function returns included, and exports their facts.
func (f *Fails) Learn() {
	info := f.pass.TypesInfo
	var decls []*bodies.Body
	for _, b := range f.index.Bodies {
		// Most functions that return an error return nil somewhere: the
		// index's returns rule them out without a walk.
		if fd, ok := b.Node.(*ast.FuncDecl); ok && returnsError(info, fd) && !returnsNilSomewhere(info, b) {
			decls = append(decls, b)
		}
	}
	for grew := true; grew; {
		grew = false
		for _, b := range decls {
			if !f.local[b.Func] && f.neverNil(b.Block) {
				f.local[b.Func] = true
				grew = true
			}
		}
	}
	for fn := range f.local {
		f.pass.ExportObjectFact(fn, &Fact{})
	}
	f.learnPending()
	f.learnDoneNil()
	f.learnFalseOnError()
	f.learnNilOnError()
	f.learnRetryFlag()
	f.learnAttemptParams()
	f.learnStoredErr()
	f.learnExits()
	f.learnStopsOnDone()
}

func returnsError(info *types.Info, fd *ast.FuncDecl) bool {
	fn, _ := info.Defs[fd.Name].(*types.Func)
	if fn == nil {
		return false
	}
	res := fn.Signature().Results()
	return res.Len() > 0 && site.IsErrorType(res.At(res.Len()-1).Type())
}

// neverNil reports whether body returns at least once and every return
// of it hands back an error known to be non-nil.
func (f *Fails) neverNil(body *ast.BlockStmt) bool {
	returns, ok := 0, true
	var walk func(n ast.Node, nonNil map[types.Object]bool)
	walk = func(n ast.Node, nonNil map[types.Object]bool) {
		ast.Inspect(n, func(m ast.Node) bool {
			if !ok {
				return false
			}
			switch m := m.(type) {
			case *ast.FuncLit:
				return false
			case *ast.IfStmt:
				if m.Init != nil {
					walk(m.Init, nonNil)
				}
				walk(m.Body, withoutAssigned(f.pass.TypesInfo, withNonNil(f.pass.TypesInfo, nonNil, m.Cond), m.Body))
				if m.Else != nil {
					walk(m.Else, nonNil)
				}
				return false
			case *ast.ReturnStmt:
				returns++
				ok = len(m.Results) > 0 && f.nonNil(m.Results[len(m.Results)-1], nonNil)
				return false
			}
			return true
		})
	}
	walk(body, map[types.Object]bool{})
	return ok && returns > 0
}

// withNonNil adds the variables cond proves non-nil on its true side
// (err != nil, err != nil && ...).
func withNonNil(info *types.Info, nonNil map[types.Object]bool, cond ast.Expr) map[types.Object]bool {
	b, ok := ast.Unparen(cond).(*ast.BinaryExpr)
	if !ok {
		return nonNil
	}
	switch b.Op {
	case token.LAND:
		return withNonNil(info, withNonNil(info, nonNil, b.X), b.Y)
	case token.NEQ:
		id, ok := ast.Unparen(b.X).(*ast.Ident)
		if !ok || !site.IsNil(info, b.Y) {
			return nonNil
		}
		out := map[types.Object]bool{info.ObjectOf(id): true}
		for k := range nonNil {
			out[k] = true
		}
		return out
	}
	return nonNil
}

// nonNil reports whether a returned error is known not to be nil: a
// variable tested non-nil around the return, a new error (errors.New,
// fmt.Errorf, a composite literal), a package-level error value, or what
// a never-succeeding function returns.
func (f *Fails) nonNil(e ast.Expr, nonNil map[types.Object]bool) bool {
	info := f.pass.TypesInfo
	switch e := ast.Unparen(e).(type) {
	case *ast.Ident:
		obj := info.ObjectOf(e)
		if nonNil[obj] {
			return true
		}
		v, ok := obj.(*types.Var)
		return ok && v.Pkg() != nil && v.Parent() == v.Pkg().Scope() && site.IsErrorType(v.Type())
	case *ast.SelectorExpr: // io.EOF, a package's sentinel
		v, ok := info.ObjectOf(e.Sel).(*types.Var)
		return ok && !v.IsField() && v.Pkg() != nil && v.Parent() == v.Pkg().Scope()
	case *ast.UnaryExpr:
		_, ok := ast.Unparen(e.X).(*ast.CompositeLit)
		return e.Op == token.AND && ok
	case *ast.CompositeLit:
		return true
	case *ast.CallExpr:
		fn := libs.Callee(info, e)
		return libs.Is(fn, "errors", "New") || libs.Is(fn, "fmt", "Errorf") || f.never(fn)
	}
	return false
}

// withoutAssigned drops the variables body assigns (if err == io.EOF {
// err = nil }): they may be nil again by its returns.
func withoutAssigned(info *types.Info, nonNil map[types.Object]bool, body *ast.BlockStmt) map[types.Object]bool {
	var out map[types.Object]bool
	ast.Inspect(body, func(n ast.Node) bool {
		as, ok := n.(*ast.AssignStmt)
		if !ok {
			return true
		}
		for _, l := range as.Lhs {
			id, ok := ast.Unparen(l).(*ast.Ident)
			if !ok || !nonNil[info.ObjectOf(id)] {
				continue
			}
			if out == nil {
				out = map[types.Object]bool{}
				for k := range nonNil {
					out[k] = true
				}
			}
			delete(out, info.ObjectOf(id))
		}
		return true
	})
	if out == nil {
		return nonNil
	}
	return out
}

// returnsNilSomewhere reports whether a return of body b (not of a literal in it)
// hands back nil as its last result.
func returnsNilSomewhere(info *types.Info, b *bodies.Body) bool {
	for _, n := range b.Nodes {
		if r, ok := n.(*ast.ReturnStmt); ok && len(r.Results) > 0 && site.IsNil(info, r.Results[len(r.Results)-1]) {
			return true
		}
	}
	return false
}

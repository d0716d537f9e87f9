// Package policy follows a retry policy value (a backoff, a list of
// options) back to the expressions that build it, so an analyzer can ask
// "was it wrapped in a limit?", "was jitter switched off?" wherever in the
// function the policy was put together.
package policy

import (
	"go/ast"
	"go/types"

	"github.com/idemlint/idemlint/passes/internal/astutil"
	"github.com/idemlint/idemlint/passes/internal/libs"
)

// Policy is what builds one policy value: the calls, literals and field
// assignments the library families judge (libs.Built), and where the
// parts it could not see came from.
type Policy struct {
	libs.Built
	// FromFields are the struct fields (c.backoff) and package-level
	// variables (defaultOpts, retryopts.Default) the value was read from;
	// when they are all that is missing, OnlyFields is true and StoredIn
	// can say what the package stores in them (a variable of another
	// package is judged by the Fact its package exports).
	FromFields []*types.Var
	OnlyFields bool

	seen map[*types.Var]bool
}

// New returns an empty policy, complete until a part of it is not seen.
func New() *Policy {
	return &Policy{Built: libs.Built{Fields: map[string]ast.Expr{}, Complete: true}}
}

// incomplete notes a part of the value that cannot be seen.
func (p *Policy) incomplete() {
	p.Complete, p.OnlyFields = false, false
}

// Follow traces e, in the function encl, through local variables,
// address-of, and the function arguments of wrapper calls.
func Follow(info *types.Info, e ast.Expr, encl ast.Node) *Policy {
	p := New()
	p.OnlyFields, p.seen = true, map[*types.Var]bool{}
	p.follow(info, e, encl, 0)
	if p.Complete {
		p.OnlyFields = false
	}
	return p
}

func (p *Policy) follow(info *types.Info, e ast.Expr, encl ast.Node, depth int) {
	if depth > 8 {
		p.incomplete()
		return
	}
	switch x := ast.Unparen(e).(type) {
	case *ast.UnaryExpr:
		p.follow(info, x.X, encl, depth+1)
	case *ast.CompositeLit:
		if t := info.TypeOf(x); t != nil && isSlice(t) {
			// A list of options ([]retry.Option{retry.Attempts(3), ...}):
			// the policy is what its elements build.
			for _, elt := range x.Elts {
				p.follow(info, elt, encl, depth+1)
			}
			return
		}
		p.Lits = append(p.Lits, x)
	case *ast.CallExpr:
		if astutil.IsAppend(info, x) {
			for _, a := range x.Args {
				p.follow(info, a, encl, depth+1)
			}
			return
		}
		p.Calls = append(p.Calls, x)
		// Wrappers take the policy they wrap as an argument of the same
		// interface type: follow the arguments that are policies. A
		// function of the program given a policy may wrap it in anything.
		for _, a := range x.Args {
			if isPolicyArg(info, a) {
				if fn := libs.Callee(info, x); fn == nil || fn.Pkg() == nil || !libs.IsPolicyPackage(fn.Pkg().Path()) {
					p.incomplete()
					continue
				}
				p.follow(info, a, encl, depth+1)
			}
		}
		// A builder chain (a method of a policy value) is built by its
		// receiver too; a method of the program that returns a policy
		// (w.reconnectPolicy()) is a constructor, judged by its Fact.
		if sel, ok := x.Fun.(*ast.SelectorExpr); ok {
			if _, isMethod := info.Selections[sel]; isMethod && isPolicyArg(info, sel.X) {
				p.follow(info, sel.X, encl, depth+1)
			}
		}
	case *ast.Ident:
		v, ok := info.Uses[x].(*types.Var)
		if !ok {
			if _, isConst := info.Uses[x].(*types.Const); !isConst {
				p.incomplete()
			}
			return
		}
		if p.seen[v] {
			return // b = WithJitter(j, b): already followed
		}
		if IsPackageVar(v) {
			// var defaultOpts = []retry.Option{...}: what the package
			// stores in it is read where it is stored (StoredIn).
			p.seen[v] = true
			p.FromFields = append(p.FromFields, v)
			p.Complete = false
			return
		}
		p.seen[v] = true
		p.noteFields(info, v, encl)
		for _, st := range builderStmts(info, v, encl) {
			p.follow(info, st, encl, depth+1)
		}
		defs := astutil.Assignments(info, encl, v)
		if len(defs) == 0 {
			p.incomplete()
		}
		for _, d := range defs {
			p.follow(info, d, encl, depth+1)
		}
	case *ast.SelectorExpr:
		if v, ok := info.Uses[x.Sel].(*types.Var); ok {
			if v.IsField() || IsPackageVar(v) {
				p.FromFields = append(p.FromFields, v)
				p.Complete = false
			} else {
				p.incomplete() // another package's field or variable
			}
		}
	default:
		p.incomplete()
	}
}

// IsPackageVar reports whether v is a package-level variable.
func IsPackageVar(v *types.Var) bool {
	return v != nil && !v.IsField() && v.Pkg() != nil && v.Parent() == v.Pkg().Scope()
}

func isSlice(t types.Type) bool {
	_, ok := t.Underlying().(*types.Slice)
	return ok
}

// isPolicyArg reports whether an argument is itself a policy: a value of a
// named type of a retry library (not a duration or count).
func isPolicyArg(info *types.Info, e ast.Expr) bool {
	return libs.IsPolicyType(info.TypeOf(e))
}

// isPolicySetter reports whether e calls a method of a policy that
// returns nothing: it configures the value it is called on.
func isPolicySetter(info *types.Info, e ast.Expr) bool {
	call, ok := ast.Unparen(e).(*ast.CallExpr)
	if !ok {
		return false
	}
	sel, ok := call.Fun.(*ast.SelectorExpr)
	if !ok || !isPolicyArg(info, sel.X) {
		return false
	}
	fn := libs.Callee(info, call)
	return fn != nil && fn.Signature().Results().Len() == 0
}

// builderStmts returns the method chains called on v as statements of
// their own whose result is a policy (b.WithMaxRetries(-1) on a builder
// that mutates itself and returns itself), or that return nothing (a
// setter: r.SetJitter(0.25)): they build v too.
func builderStmts(info *types.Info, v *types.Var, encl ast.Node) []ast.Expr {
	var out []ast.Expr
	ast.Inspect(encl, func(n ast.Node) bool {
		st, ok := n.(*ast.ExprStmt)
		if !ok || !isPolicyArg(info, st.X) && !isPolicySetter(info, st.X) {
			return true
		}
		for e := ast.Unparen(st.X); ; {
			call, ok := e.(*ast.CallExpr)
			if !ok {
				if id, ok := e.(*ast.Ident); ok && info.Uses[id] == v {
					out = append(out, st.X)
				}
				break
			}
			sel, ok := call.Fun.(*ast.SelectorExpr)
			if !ok {
				break
			}
			e = ast.Unparen(sel.X)
		}
		return true
	})
	return out
}

// noteFields records `v.Field = value` assignments in encl.
func (p *Policy) noteFields(info *types.Info, v *types.Var, encl ast.Node) {
	ast.Inspect(encl, func(n ast.Node) bool {
		as, ok := n.(*ast.AssignStmt)
		if !ok || len(as.Lhs) != len(as.Rhs) {
			return true
		}
		for i, l := range as.Lhs {
			sel, ok := l.(*ast.SelectorExpr)
			if !ok {
				continue
			}
			if id, ok := ast.Unparen(sel.X).(*ast.Ident); ok && info.Uses[id] == v {
				p.Fields[sel.Sel.Name] = as.Rhs[i]
			}
		}
		return true
	})
}

// Options returns the option calls passed to a helper from index from on,
// following a local variable holding one option; ok is false when an
// option slice is spread (opts...) and cannot be seen.
func Options(info *types.Info, call *ast.CallExpr, from int, encl ast.Node) (opts []*ast.CallExpr, ok bool) {
	ok = from >= 0
	if call.Ellipsis.IsValid() {
		ok = false
	}
	for i := from; from >= 0 && i < len(call.Args); i++ {
		p := Follow(info, call.Args[i], encl)
		opts = append(opts, p.Calls...)
		ok = ok && p.Complete
	}
	return opts, ok
}

package retrynonidempotent

import (
	"go/ast"
	"go/types"

	"github.com/idemlint/idemlint/passes/internal/astutil"
	"github.com/idemlint/idemlint/passes/internal/bodies"
	"github.com/idemlint/idemlint/passes/internal/libs"
)

// mayReturnFresh reports whether a value made by a fresh call could reach
// a result of d, read from its syntax alone: learnFresh asks it before
// building the package's SSA form, which costs as much as the rest of the
// analyzer on a package that calls time.Now somewhere but returns
// nothing made from it (a dependency's signing or logging helpers).
//
// It over-approximates freshCalls, which follows a result backwards
// through calls' arguments and receivers, conversions, operators, slices,
// phis (a local variable assigned on several paths) and the stores into
// a local variable or array whose address is taken: an expression may be
// fresh when it names, anywhere inside it, a fresh function (called or
// not: g := uuid.NewString; g()) or a variable that may hold a fresh
// value; a variable may hold one when any assignment anywhere in the body,
// function literals included, to it or through it (v[i] = x, *v = x,
// v.f = x), gives it a value that may be fresh; d may return one when a
// key-like result of one of its own return statements may be fresh, or
// one of its key-like named results may hold one (a bare return, or a
// return after which a deferred literal could read it). TestMayReturnFreshConservative checks
// it against freshCalls on every function of real packages.
func (a *analyzer) mayReturnFresh(d *bodies.Body) bool {
	if d.Block == nil {
		return false
	}
	info := a.pass.TypesInfo
	tainted := map[types.Object]bool{}
	fresh := func(e ast.Node) bool {
		return astutil.Some(e, func(n ast.Node) bool {
			id, ok := n.(*ast.Ident)
			if !ok {
				return false
			}
			switch obj := info.Uses[id].(type) {
			case *types.Func:
				fn := obj.Origin()
				return libs.MakesFreshValue(fn) || a.isFresh(fn) || isAtomicAdd(fn)
			case *types.Var:
				return tainted[obj]
			}
			return false
		})
	}
	taint := func(e ast.Expr) bool {
		if obj := assignedVar(info, e); obj != nil && !tainted[obj] {
			tainted[obj] = true
			return true
		}
		return false
	}
	for grew := true; grew; {
		grew = false
		ast.Inspect(d.Block, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.AssignStmt:
				if someFresh(n.Rhs, fresh) {
					for _, l := range n.Lhs {
						grew = taint(l) || grew
					}
				}
			case *ast.ValueSpec:
				if someFresh(n.Values, fresh) {
					for _, name := range n.Names {
						grew = taint(name) || grew
					}
				}
			case *ast.RangeStmt:
				if fresh(n.X) {
					for _, l := range []ast.Expr{n.Key, n.Value} {
						if l != nil {
							grew = taint(l) || grew
						}
					}
				}
			case *ast.TypeSwitchStmt:
				// switch y := x.(type): each clause's y is an object of
				// its own, recorded as implicit.
				if as, ok := n.Assign.(*ast.AssignStmt); ok && someFresh(as.Rhs, fresh) {
					for _, c := range n.Body.List {
						if obj := info.Implicits[c]; obj != nil && !tainted[obj] {
							tainted[obj], grew = true, true
						}
					}
				}
			}
			return true
		})
	}
	// Only key-like results count (returnsFresh's test): an error set
	// from a call given time.Now().Add(timeout) is not a key.
	results := d.Func.Signature().Results()
	for v := range results.Variables() {
		if tainted[v] && keyLike(v.Type()) {
			return true
		}
	}
	found := false
	ast.Inspect(d.Block, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false // its returns are its own
		case *ast.ReturnStmt:
			if len(n.Results) != results.Len() {
				found = found || someFresh(n.Results, fresh) // return f(), f giving every result
				break
			}
			for i, r := range n.Results {
				found = found || keyLike(results.At(i).Type()) && fresh(r)
			}
		}
		return !found
	})
	return found
}

func someFresh(es []ast.Expr, fresh func(ast.Node) bool) bool {
	for _, e := range es {
		if fresh(e) {
			return true
		}
	}
	return false
}

// assignedVar returns the variable an assignment to e writes to or
// through: v, v[i], v.f, *v, (v).
func assignedVar(info *types.Info, e ast.Expr) types.Object {
	for {
		switch x := e.(type) {
		case *ast.Ident:
			if obj, ok := info.ObjectOf(x).(*types.Var); ok {
				return obj
			}
			return nil
		case *ast.ParenExpr:
			e = x.X
		case *ast.IndexExpr:
			e = x.X
		case *ast.IndexListExpr:
			e = x.X
		case *ast.StarExpr:
			e = x.X
		case *ast.SelectorExpr:
			e = x.X
		case *ast.SliceExpr:
			e = x.X
		default:
			return nil
		}
	}
}

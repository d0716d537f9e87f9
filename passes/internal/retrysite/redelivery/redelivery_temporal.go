package redelivery

import (
	"go/ast"
	"go/token"
	"go/types"

	"github.com/idemlint/idemlint/passes/internal/astutil"
	"github.com/idemlint/idemlint/passes/internal/bodies"
	"github.com/idemlint/idemlint/passes/internal/libs"
)

// What a workflow context says of the runs of the activities it executes.
type ctxRuns struct {
	runs  int  // 0: no limit
	known bool // false: the context comes from out of sight
	// neutral marks a context already being followed (ctx =
	// workflow.WithTaskQueue(ctx, q) reads the ctx it assigns): it adds
	// nothing to what its other values say.
	neutral bool
}

// activityRuns returns how many times an ExecuteActivity call's activity
// runs: the retry policy of the context it is given, followed through the
// variables of its function (ctx = workflow.WithActivityOptions(ctx, ao))
// to the options and policy literals, the most any of its values allows
// (0, no limit, when one sets none: the server's default policy, or one
// with no MaximumAttempts). A context from out of sight (a parameter the
// caller set up) leaves the function's policies to say it, as a whole.
func (f *finder) activityRuns(b *bodies.Body, call *ast.CallExpr) int {
	decl := f.enclosingDecl(b)
	encl := f.index.Of(decl)
	if encl == nil {
		encl = b
	}
	if len(call.Args) > 0 {
		if r := f.contextRuns(encl, call.Args[0], map[*types.Var]bool{}); r.known {
			return r.runs
		}
	}
	return retryPolicyAttempts(f.info, decl)
}

func (f *finder) contextRuns(encl *bodies.Body, e ast.Expr, seen map[*types.Var]bool) ctxRuns {
	switch x := ast.Unparen(e).(type) {
	case *ast.Ident:
		v, ok := f.info.Uses[x].(*types.Var)
		if !ok {
			return ctxRuns{}
		}
		if seen[v] {
			return ctxRuns{neutral: true}
		}
		seen[v] = true
		out := ctxRuns{neutral: true}
		for _, val := range f.index.Assignments(f.info, encl, v) {
			r := f.contextRuns(encl, val, seen)
			switch {
			case r.neutral:
			case !r.known:
				return ctxRuns{}
			case out.neutral:
				out = r
			case out.runs == 0 || r.runs == 0:
				out.runs = 0
			default:
				out.runs = max(out.runs, r.runs)
			}
		}
		if out.neutral {
			return ctxRuns{} // only itself: a parameter, or set out of sight
		}
		return out
	case *ast.CallExpr:
		what, ok := libs.TemporalContexts.Lookup(libs.Callee(f.info, x))
		if !ok || len(x.Args) == 0 {
			return ctxRuns{}
		}
		switch {
		case what == "":
			return f.contextRuns(encl, x.Args[0], seen)
		case len(x.Args) < 2:
			return ctxRuns{}
		case what == "options":
			lit := f.literalIn(encl, x.Args[1])
			if lit == nil {
				return ctxRuns{}
			}
			if p := fieldValue(lit, "RetryPolicy"); p != nil {
				return f.policyRuns(encl, p)
			}
			return ctxRuns{known: true} // the default policy: no limit
		default:
			return f.policyRuns(encl, x.Args[1])
		}
	}
	return ctxRuns{}
}

// policyRuns reads a RetryPolicy literal's MaximumAttempts (0 or unset:
// no limit).
func (f *finder) policyRuns(encl *bodies.Body, e ast.Expr) ctxRuns {
	lit := f.literalIn(encl, e)
	if lit == nil {
		return ctxRuns{}
	}
	n := 0
	if v := fieldValue(lit, "MaximumAttempts"); v != nil {
		n = max(astutil.IntValue(f.info, v), 0)
	}
	return ctxRuns{runs: n, known: true}
}

// literalIn returns the composite literal e is (or points to), or that a
// local variable e names is assigned once in encl, or that a function of
// the package e calls returns from its one return statement; nil
// otherwise.
func (f *finder) literalIn(encl *bodies.Body, e ast.Expr) *ast.CompositeLit {
	for range 3 {
		e = ast.Unparen(e)
		if u, ok := e.(*ast.UnaryExpr); ok && u.Op == token.AND {
			e = ast.Unparen(u.X)
		}
		switch x := e.(type) {
		case *ast.CompositeLit:
			return x
		case *ast.Ident:
			v, ok := f.info.Uses[x].(*types.Var)
			if !ok {
				return nil
			}
			vals := f.index.Assignments(f.info, encl, v)
			if len(vals) != 1 {
				return nil
			}
			e = vals[0]
		case *ast.CallExpr:
			fn := libs.Callee(f.info, x)
			fd := f.decls[fn]
			if fd == nil || f.index.Of(fd) == nil {
				return nil
			}
			encl = f.index.Of(fd)
			var ret ast.Expr
			n := 0
			for node := range f.index.Each(encl, nil) {
				if r, ok := node.(*ast.ReturnStmt); ok {
					n++
					if len(r.Results) == 1 {
						ret = r.Results[0]
					}
				}
			}
			if n != 1 || ret == nil {
				return nil
			}
			e = ret
		default:
			return nil
		}
	}
	return nil
}

// retryPolicyAttempts reads the Temporal retry policies of a workflow
// function: the most MaximumAttempts any allows, or 0 (no limit) when one
// sets none or the function sets no policy at all.
func retryPolicyAttempts(info *types.Info, encl ast.Node) int {
	most, found, unlimited := 0, false, false
	ast.Inspect(encl, func(n ast.Node) bool {
		lit, ok := n.(*ast.CompositeLit)
		if !ok || !libs.IsNamed(info.TypeOf(lit), libs.TemporalInternal, "RetryPolicy") {
			return true
		}
		found = true
		v := fieldValue(lit, "MaximumAttempts")
		n2 := 0
		if v != nil {
			n2 = astutil.IntValue(info, v)
		}
		if n2 <= 0 {
			unlimited = true
		}
		most = max(most, n2)
		return true
	})
	if !found || unlimited {
		return 0
	}
	return most
}

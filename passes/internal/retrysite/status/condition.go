package status

import (
	"go/ast"
	"go/constant"
	"go/types"

	"github.com/idemlint/idemlint/passes/internal/astutil"
	"github.com/idemlint/idemlint/passes/internal/bodies"
	"github.com/idemlint/idemlint/passes/internal/libs"
	"github.com/idemlint/idemlint/passes/internal/retrysite/site"
)

// A retrying client's own failure test is its retry condition:
// go-retryablehttp's Client.CheckRetry (func(ctx, resp, err) (bool,
// error)) and resty's AddRetryCondition (func(resp, err) bool). The
// condition is read like the operation of a retry site, by simulating it
// on each sampled status of its response parameter; the clients it is set
// on are followed from the variable or field that holds them, through
// constructors that return them (newLegacyClient()) and assignments from
// one holder to another (places := ...; &Client{places: places}).

// ClientConditions returns the statuses each client holder (variable or
// field) retries on their own through its retry condition, for the
// conditions that retry some status a 200 does not get.
func ClientConditions(info *types.Info, index *bodies.Index, facts func(*types.Func) *RespFact) map[types.Object]site.Statuses {
	out := map[types.Object]site.Statuses{}
	ctors := map[*types.Func]site.Statuses{} // functions that return a client with a condition
	decls := index.Decls()
	value := func(e ast.Expr) (site.Statuses, bool) {
		e = ast.Unparen(e)
		if id, ok := e.(*ast.Ident); ok {
			m, ok := out[info.ObjectOf(id)]
			return m, ok
		}
		call, ok := e.(*ast.CallExpr)
		if !ok {
			return 0, false
		}
		if fn := libs.Callee(info, call); fn != nil {
			if m, ok := ctors[fn.Origin()]; ok {
				return m, true
			}
		}
		return restyCondition(info, call, facts)
	}
	for range 4 {
		grew := false
		note := func(holder types.Object, m site.Statuses) {
			if holder != nil && m != 0 && out[holder] != m {
				out[holder] = m
				grew = true
			}
		}
		for _, d := range decls {
			for n := range index.All(d) {
				switch n := n.(type) {
				case *ast.AssignStmt:
					if len(n.Lhs) != len(n.Rhs) {
						continue
					}
					for i, l := range n.Lhs {
						if sel, ok := ast.Unparen(l).(*ast.SelectorExpr); ok && sel.Sel.Name == "CheckRetry" && isRetryableClient(info.TypeOf(sel.X)) {
							note(astutil.ChainHolder(info, sel.X), checkRetry(info, n.Rhs[i], facts))
							continue
						}
						if m, ok := value(n.Rhs[i]); ok {
							note(astutil.ChainHolder(info, l), m)
						}
					}
				case *ast.ValueSpec:
					for i, v := range n.Values {
						if m, ok := value(v); ok && i < len(n.Names) {
							note(info.ObjectOf(n.Names[i]), m)
						}
					}
				case *ast.KeyValueExpr:
					if id, ok := n.Key.(*ast.Ident); ok {
						if m, ok := value(n.Value); ok {
							note(info.ObjectOf(id), m)
						}
					}
				case *ast.ReturnStmt:
					if len(n.Results) == 1 && d.Func != nil {
						if m, ok := value(n.Results[0]); ok && m != 0 && ctors[d.Func] != m {
							ctors[d.Func] = m
							grew = true
						}
					}
				}
			}
		}
		if !grew {
			break
		}
	}
	return out
}

func isRetryableClient(t types.Type) bool {
	p, ok := types.Unalias(t).(*types.Pointer)
	return ok && libs.IsNamed(p.Elem(), libs.RetryableHTTP, "Client")
}

// checkRetry reads a CheckRetry function: a literal (or a function of the
// package) whose parameter of type *http.Response is simulated.
func checkRetry(info *types.Info, e ast.Expr, facts func(*types.Func) *RespFact) site.Statuses {
	lit, ok := ast.Unparen(e).(*ast.FuncLit)
	if !ok {
		return 0
	}
	return conditionStatuses(info, lit, facts)
}

// restyCondition reads a resty chain that sets a retry count above zero
// and adds a retry condition.
func restyCondition(info *types.Info, call *ast.CallExpr, facts func(*types.Func) *RespFact) (site.Statuses, bool) {
	var m site.Statuses
	retries, found := false, false
	for e := ast.Expr(call); ; {
		c, ok := ast.Unparen(e).(*ast.CallExpr)
		if !ok {
			break
		}
		fn := libs.Callee(info, c)
		switch {
		case libs.IsMethod(fn, libs.RestyV2, "Client", "SetRetryCount") && len(c.Args) == 1:
			if tv, ok := info.Types[c.Args[0]]; ok && tv.Value != nil && constant.Sign(tv.Value) > 0 {
				retries = true
			}
		case libs.IsMethod(fn, libs.RestyV2, "Client", "AddRetryCondition") && len(c.Args) == 1:
			if lit, ok := ast.Unparen(c.Args[0]).(*ast.FuncLit); ok {
				m |= conditionStatuses(info, lit, facts)
				found = true
			}
		}
		sel, ok := c.Fun.(*ast.SelectorExpr)
		if !ok {
			break
		}
		e = sel.X
	}
	return m, retries && found && m != 0
}

// conditionStatuses simulates a retry condition on every sampled status:
// a return whose first result is true retries. It returns the statuses
// for which a return says yes where a 200 does not make it say yes.
func conditionStatuses(info *types.Info, lit *ast.FuncLit, facts func(*types.Func) *RespFact) site.Statuses {
	sig, ok := info.TypeOf(lit).(*types.Signature)
	if !ok {
		return 0
	}
	return StatusesOf(info, sig, lit.Body, facts, false)
}

// StatusesOf is conditionStatuses for a condition of signature sig and
// body body (a function literal's, or a declared function's). With
// mayRetry, a status counts when some path may retry it, past tests the
// simulation cannot decide (a disableRetries field, ctx.Err()).
func StatusesOf(info *types.Info, sig *types.Signature, body *ast.BlockStmt, facts func(*types.Func) *RespFact, mayRetry bool) site.Statuses {
	if sig.Results().Len() == 0 || !site.IsBool(sig.Results().At(0).Type()) {
		return 0
	}
	var param types.Object
	for i := range sig.Params().Len() {
		if site.IsResponseType(sig.Params().At(i).Type()) {
			param = sig.Params().At(i)
		}
	}
	if param == nil {
		return 0
	}
	retried := make([]map[ast.Node]bool, len(site.SampleCodes))
	baseline := map[ast.Node]bool{}
	for i, code := range site.SampleCodes {
		s := &sim{info: info, facts: facts, code: code, param: param}
		fall, _ := s.list(body.List, []*simPath{{env: map[types.Object]value{}, open: map[types.Object]*ast.CallExpr{}}})
		if s.failed || len(fall) > 0 {
			return 0
		}
		retried[i] = map[ast.Node]bool{}
		for _, e := range s.ends {
			ret, ok := e.node.(*ast.ReturnStmt)
			if !ok || len(ret.Results) == 0 {
				return 0
			}
			t := s.cond(ret.Results[0], e.p)
			if code == 200 && t == yes {
				baseline[ret] = true
			}
			if t == yes && (mayRetry || !e.p.uncertain) {
				retried[i][ret] = true
			}
		}
	}
	var out site.Statuses
	for i, nodes := range retried {
		for n := range nodes {
			if !baseline[n] {
				out |= 1 << i
			}
		}
	}
	return out
}

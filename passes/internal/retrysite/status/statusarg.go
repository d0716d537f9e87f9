package status

import (
	"go/ast"
	"go/token"
	"go/types"

	"github.com/idemlint/idemlint/passes/internal/astutil"
	"github.com/idemlint/idemlint/passes/internal/retrysite/site"
)

// An error classifier can take the status to look for as an argument
// (func IsAPIError(err error, code int, message string) bool { if e, ok :=
// err.(*ErrorResponse); ok { return e.Response.StatusCode == code && ...
// }; return false }): a call with a constant, IsAPIError(err, 429, ""),
// is a test of the status the error carries, false for any other status.
// RespFact.StatusArg names that argument.

// statusArgFact returns the fact of a function returning a bool alone
// whose error parameter's status must equal one of its integer
// parameters for it to answer true, or nil. (An integer parameter is
// first read as the status itself, shouldRetry(status int, err error):
// only when that reading says nothing is this one tried.)
func statusArgFact(info *types.Info, fd *ast.FuncDecl, fn *types.Func, facts func(*types.Func) *RespFact) *RespFact {
	sig := fn.Signature()
	if sig.Results().Len() != 1 || !site.IsBool(sig.Results().At(0).Type()) {
		return nil
	}
	errParam, idx := errorParam(sig)
	if errParam == nil {
		return nil
	}
	if k := statusArgOf(info, fd, fn, facts, errParam); k > 0 {
		return &RespFact{Param: idx, Predicate: true, StatusArg: k}
	}
	return nil
}

// statusArgOf returns 1 + the index of an integer parameter of the error
// classifier fd that the status of its error must equal for it to answer
// true: with another value it answers false on every path, and with the
// status itself true on some path, for every sampled status. 0 when
// there is none.
func statusArgOf(info *types.Info, fd *ast.FuncDecl, fn *types.Func, facts func(*types.Func) *RespFact, errParam types.Object) int {
	params := fn.Signature().Params()
	for i := range params.Len() {
		v := params.At(i)
		if v == errParam || !site.IsInteger(v.Type()) || v.Name() == "" || v.Name() == "_" || !comparedIn(info, fd.Body, v) {
			continue // only a parameter the body compares can pick the status
		}
		if comparesArg(info, fd, facts, errParam, v) {
			return i + 1
		}
	}
	return 0
}

// comparedIn reports whether body compares v for equality (x == v):
// the simulations below are run only for such a parameter.
func comparedIn(info *types.Info, body *ast.BlockStmt, v types.Object) bool {
	return astutil.Some(body, func(n ast.Node) bool {
		b, ok := n.(*ast.BinaryExpr)
		if !ok || b.Op != token.EQL && b.Op != token.NEQ {
			return false
		}
		for _, side := range []ast.Expr{b.X, b.Y} {
			if id, ok := ast.Unparen(side).(*ast.Ident); ok && info.Uses[id] == v {
				return true
			}
		}
		return false
	})
}

func comparesArg(info *types.Info, fd *ast.FuncDecl, facts func(*types.Func) *RespFact, errParam, arg types.Object) bool {
	for _, code := range site.SampleCodes {
		same, ok := runWithArg(info, fd, facts, errParam, arg, code, code)
		if !ok || !someNot(same, no) {
			return false
		}
		other, ok := runWithArg(info, fd, facts, errParam, arg, code, code+1)
		if !ok || someNot(other, no) {
			return false
		}
	}
	return true
}

func someNot(ts []tri, t tri) bool {
	for _, x := range ts {
		if x != t {
			return true
		}
	}
	return false
}

// runWithArg simulates the classifier fd on the error the status code
// made, with its integer parameter arg holding val, and returns what each
// path answers.
func runWithArg(info *types.Info, fd *ast.FuncDecl, facts func(*types.Func) *RespFact, errParam, arg types.Object, code, val int64) ([]tri, bool) {
	s := &sim{info: info, facts: facts, code: code, param: errParam}
	p := &simPath{env: map[types.Object]value{}, open: map[types.Object]*ast.CallExpr{}}
	p.env[errParam] = value{kind: errStatus, mask: statusBit(code)}
	p.env[arg] = value{status: true, num: val}
	fall, broke := s.list(fd.Body.List, []*simPath{p})
	for _, q := range append(fall, broke...) {
		s.end(fd.Body, q)
	}
	if s.failed || len(s.ends) == 0 {
		return nil, false
	}
	var out []tri
	for _, e := range s.ends {
		ret, _ := e.node.(*ast.ReturnStmt)
		if ret == nil || len(ret.Results) != 1 {
			return nil, false
		}
		out = append(out, s.cond(ret.Results[0], e.p))
	}
	return out, true
}

// statusArgIs returns the constant status a call of a classifier with a
// StatusArg asks about (IsAPIError(err, http.StatusTooManyRequests, "")).
func statusArgIs(info *types.Info, fact *RespFact, call *ast.CallExpr) (int64, bool) {
	if fact == nil || fact.StatusArg <= 0 || fact.StatusArg > len(call.Args) {
		return 0, false
	}
	return astutil.IntConst(info, call.Args[fact.StatusArg-1])
}

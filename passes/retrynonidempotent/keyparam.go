package retrynonidempotent

import (
	"fmt"
	"go/ast"
	"go/constant"
	"go/types"

	"golang.org/x/tools/go/analysis"

	"github.com/idemlint/idemlint/passes/internal/report"
	"github.com/idemlint/idemlint/passes/internal/retrysite"
)

// KeyParamFact marks a function that sends a non-idempotent request (the
// constant Method, or the method its parameter MethodParam carries) with
// an idempotency key header whose value is its parameter Param:
// c.postKeyed(ctx, path, body, key). Whether the key is made once per
// operation is up to the caller, where the retry is: a key made inside
// the retry (c.postKeyed(ctx, p, b, uuid.NewString())) is a new key per
// attempt.
type KeyParamFact struct {
	Method      string
	MethodParam int
	Param       int
	Where       string
}

func (*KeyParamFact) AFact() {}
func (f *KeyParamFact) String() string {
	m := f.Method
	if f.MethodParam >= 0 {
		m = fmt.Sprintf("param %d", f.MethodParam)
	}
	return fmt.Sprintf("sends %s keyed by param %d", m, f.Param)
}

// learnKeyParams finds the package's functions that send a request keyed
// by one of their parameters.
func (a *analyzer) learnKeyParams() map[*types.Func]*KeyParamFact {
	out := map[*types.Func]*KeyParamFact{}
	a.eachSend(func(*ast.FuncLit) bool { return false }, func(fn *types.Func, in *inspector, s *send) {
		if out[fn] != nil || !s.keyed || !a.nonIdempotent(s.method) && s.methodParam < 0 {
			return
		}
		if p := a.keyParamOf(fn, s); p > 0 {
			out[fn] = &KeyParamFact{Method: s.method, MethodParam: s.methodParam, Param: p - 1, Where: a.where(s)}
		}
	})
	return out
}

// checkKeyParams reports a call, inside a retry, of a function that sends
// a POST keyed by its parameter, when the key given is made in the
// attempt.
func (a *analyzer) checkKeyParams(sites *retrysite.Result, local map[*types.Func]*KeyParamFact) {
	for _, d := range a.decls {
		for n, fn := range a.index.Each(d, func(*ast.FuncLit) bool { return true }) {
			call, ok := n.(*ast.CallExpr)
			if !ok || fn == nil || a.done[call] {
				continue
			}
			f := local[fn]
			if f == nil {
				var imported KeyParamFact
				if fn.Pkg() == a.pass.Pkg || !a.pass.ImportObjectFact(fn, &imported) {
					continue
				}
				f = &imported
			}
			method := f.Method
			if f.MethodParam >= 0 {
				method = ""
				if f.MethodParam < len(call.Args) {
					if tv := a.pass.TypesInfo.Types[call.Args[f.MethodParam]]; tv.Value != nil && tv.Value.Kind() == constant.String {
						method = constant.StringVal(tv.Value)
					}
				}
			}
			if !a.nonIdempotent(method) || f.Param >= len(call.Args) {
				continue
			}
			a.checkKeyArg(sites, call, fn, f, method)
		}
	}
}

func (a *analyzer) checkKeyArg(sites *retrysite.Result, call *ast.CallExpr, fn *types.Func, f *KeyParamFact, method string) {
	c := a.calls()[call.Lparen]
	if c == nil {
		return
	}
	arg := f.Param
	if fn.Signature().Recv() != nil && !c.IsInvoke() {
		arg++ // the receiver is the first argument of a static method call
	}
	if arg >= len(c.Args) {
		return
	}
	for _, site := range a.retriedAt(sites, call) {
		for _, pos := range a.freshCalls(c.Args[arg]) {
			if !a.freshInSite(site, pos) {
				continue
			}
			a.done[call] = true
			msg := fmt.Sprintf("%s key is generated on every attempt, so the server cannot recognise the retry; generate it once per operation, before the retry starts", headers[0])
			where := "the key is made here, inside the retry"
			if site.Kind == retrysite.Redelivery {
				msg, where = freshKeyMessage(site), "the key is made here, inside the handler"
			}
			report.Report(a.pass, analysis.Diagnostic{
				Pos: call.Pos(), End: call.End(),
				Message: fmt.Sprintf("%s (%s sends it as the key of its %s request)", msg, fn.Name(), method),
				Related: []analysis.RelatedInformation{{Pos: pos, Message: where}},
			})
			return
		}
	}
}

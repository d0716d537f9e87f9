package retrynonidempotent

import (
	"fmt"
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/analysis"

	"github.com/idemlint/idemlint/passes/internal/astutil"
	"github.com/idemlint/idemlint/passes/internal/libs"
	"github.com/idemlint/idemlint/passes/internal/report"
	"github.com/idemlint/idemlint/passes/internal/retrysite"
)

// check reports the sends that retry sites repeat without a key.
func (a *analyzer) check(sites *retrysite.Result) {
	for _, s := range sites.Sites {
		if s.Op.Func != nil {
			a.checkNamedOp(s)
		}
	}
	a.eachSend(true, func(_ *ast.FuncDecl, _ *inspector, s *send) {
		if a.done[s.call] || !a.nonIdempotent(s.method) {
			return
		}
		within := a.retriedAt(sites, s.call)
		viaClient := a.viaRetryingClient(s.call)
		if len(within) == 0 && !viaClient {
			if s.fact != nil && s.fact.Retried && s.fact.MethodParam >= 0 {
				a.report(s, fmt.Sprintf("%s request is sent through %s, which retries it without an %s header; generate one key per operation and send it on every attempt", s.method, s.via.Name(), headers[0]))
			}
			return
		}
		if !s.keyed {
			a.report(s, a.unkeyedMessageIn(s, within))
			return
		}
		a.checkFreshKeys(s, within)
	})
}

func (a *analyzer) unkeyedMessage(s *send) string {
	return fmt.Sprintf("%s request is retried without an %s header; generate one key per operation, outside the retry loop, and send it on every attempt", s.method, headers[0])
}

// report reports at the send, with related information pointing at the
// request when it is sent inside the called function.
func (a *analyzer) report(s *send, msg string) {
	a.done[s.call] = true
	d := analysis.Diagnostic{Pos: s.call.Pos(), End: s.call.End(), Message: msg}
	if s.via != nil && s.fact != nil {
		d.Related = []analysis.RelatedInformation{{
			Pos:     s.via.Pos(),
			Message: fmt.Sprintf("%s sends the %s request without a key (%s)", s.via.Name(), s.method, s.fact.Where),
		}}
	}
	report.Report(a.pass, d)
}

// viaRetryingClient reports whether call sends through a client that
// retries with its default policy.
func (a *analyzer) viaRetryingClient(call *ast.CallExpr) bool {
	return a.clients[call] && !a.customCheck[astutil.RootObject(a.pass.TypesInfo, call.Fun)]
}

// retriedAt returns the retry sites whose attempts, written inline (a loop
// body or a function literal), run call: a send that runs only after the
// attempt succeeded is not retried. A site whose operation is a named
// function is reported at the site, through the function's fact; a loop
// that retries only outcomes proving the request was not processed does
// not count.
func (a *analyzer) retriedAt(sites *retrysite.Result, call *ast.CallExpr) []*retrysite.Site {
	var out []*retrysite.Site
	for _, s := range sites.Within(call.Pos()) {
		if s.Op.Func == nil && s.InAttempt(call) && !onlyUnprocessed(a.pass.TypesInfo, s) {
			out = append(out, s)
		}
	}
	return out
}

// checkNamedOp reports a retry helper whose operation is a named function
// of another package that sends an unkeyed request.
func (a *analyzer) checkNamedOp(site *retrysite.Site) {
	var f SendsFact
	if !a.sendsFact(site.Op.Func, &f) || f.MethodParam >= 0 || !a.nonIdempotent(f.Method) {
		return
	}
	call := site.Node.(*ast.CallExpr)
	a.report(&send{call: call, method: f.Method, via: site.Op.Func, fact: &f}, a.unkeyedMessageIn(&send{method: f.Method}, []*retrysite.Site{site}))
}

// checkFreshKey reports a key whose value is made inside the retry site, so
// each attempt sends a new one.
func (a *analyzer) checkFreshKey(s *send, site *retrysite.Site) {
	for _, kv := range s.keyValues {
		c := a.calls()[kv.call.Lparen]
		if c == nil || kv.arg >= len(c.Args) {
			continue
		}
		for _, pos := range freshCalls(c.Args[kv.arg]) {
			if site.Op.Contains(pos) && (site.Redelivery == nil || site.InAttempt(&ast.Ident{NamePos: pos})) {
				a.done[s.call] = true
				msg := fmt.Sprintf("%s key is generated on every attempt, so the server cannot recognise the retry; generate it once per operation, before the retry starts", headers[0])
				where := "the key is made here, inside the retry"
				if site.Kind == retrysite.Redelivery {
					msg, where = freshKeyMessage(site), "the key is made here, inside the handler"
				}
				report.Report(a.pass, analysis.Diagnostic{
					Pos: kv.call.Pos(), End: kv.call.End(),
					Message: msg,
					Related: []analysis.RelatedInformation{{Pos: pos, Message: where}},
				})
				return
			}
		}
	}
}

// onlyUnprocessed reports whether every failure test of a retry loop picks
// an outcome that proves the server did not process the request: a 429
// status, or an attempt that was never sent (retrysite.NotSent).
func onlyUnprocessed(info *types.Info, site *retrysite.Site) bool {
	return site.OnlyRetries(func(test ast.Expr) bool {
		return retrysite.NotSent(info, test) || astutil.Some(test, func(n ast.Node) bool {
			b, ok := n.(*ast.BinaryExpr)
			return ok && b.Op == token.EQL && astutil.ComparesWith(info, b, constant.MakeInt64(429))
		})
	})
}

// customCheckRetry finds the go-retryablehttp clients of the package whose
// CheckRetry is replaced (c.CheckRetry = f, or a Client literal setting it):
// their retry policy is their own, and may well leave POST alone.
func customCheckRetry(pass *analysis.Pass) map[types.Object]bool {
	out := map[types.Object]bool{}
	isField := func(id *ast.Ident) bool {
		v, ok := pass.TypesInfo.ObjectOf(id).(*types.Var)
		return ok && id.Name == "CheckRetry" && v.IsField() && v.Pkg() != nil && v.Pkg().Path() == libs.RetryableHTTP
	}
	for _, f := range pass.Files {
		ast.Inspect(f, func(n ast.Node) bool {
			as, ok := n.(*ast.AssignStmt)
			if !ok {
				return true
			}
			for i, l := range as.Lhs {
				if sel, ok := l.(*ast.SelectorExpr); ok && isField(sel.Sel) {
					if obj := astutil.RootObject(pass.TypesInfo, sel.X); obj != nil {
						out[obj] = true
					}
				}
				if i >= len(as.Rhs) {
					continue
				}
				// c := &retryablehttp.Client{CheckRetry: f}
				ast.Inspect(as.Rhs[i], func(n ast.Node) bool {
					if kv, ok := n.(*ast.KeyValueExpr); ok {
						if id, ok := kv.Key.(*ast.Ident); ok && isField(id) {
							if obj := astutil.RootObject(pass.TypesInfo, l); obj != nil {
								out[obj] = true
							}
						}
					}
					return true
				})
			}
			return true
		})
	}
	return out
}

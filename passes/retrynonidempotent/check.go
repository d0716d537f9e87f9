package retrynonidempotent

import (
	"fmt"
	"go/ast"
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
	checkSend := func(s *send) {
		if a.done[s.call] || !a.nonIdempotent(s.method) {
			return
		}
		within := a.retriedAt(sites, s.call)
		viaClient := a.viaRetryingClient(s.call)
		unkeyed := !s.keyed && len(s.keyParams) == 0
		if len(within) == 0 && !viaClient {
			// The helper retries the request; this call gives it what it
			// did not know: the method, or the header maps it copies.
			if s.fact != nil && s.fact.Retried && (s.fact.MethodParam >= 0 || len(s.fact.HeaderParams) > 0) && unkeyed {
				a.report(s, fmt.Sprintf("%s request is sent through %s, which retries it without an %s header; %s", s.method, s.via.Name(), headers[0], unkeyedFixes))
			}
			if s.retriedBy != nil && !s.keyed {
				a.report(s, fmt.Sprintf("%s request is sent through %s, which retries it without an %s header; %s", s.method, s.retriedBy.Name(), headers[0], unkeyedFixes))
			}
			return
		}
		if unkeyed {
			a.report(s, a.unkeyedMessageIn(s, within))
			return
		}
		if s.keyed {
			a.checkFreshKeys(s, within)
		}
	}
	a.eachSend(func(*ast.FuncLit) bool { return true }, func(_ *types.Func, _ *inspector, s *send) { checkSend(s) })
	a.eachPackageLevelSend(func(_ *inspector, s *send) { checkSend(s) })
}

// unkeyedFixes are the fixes that exist for an unkeyed retried request,
// whether or not the API takes a key (a chat webhook does not): -explain
// and the related information say the rest.
const unkeyedFixes = "send one key per operation where the API takes one, retry only failures that prove the request was not processed (a refused connection, a 429), or have the receiver deduplicate"

// unkeyedMessage says what retries the request and the fixes that exist.
func (a *analyzer) unkeyedMessage(s *send, site *retrysite.Site) string {
	return fmt.Sprintf("%s request is retried without an %s header %s; %s", s.method, headers[0], retrier(a.pass.TypesInfo, site), unkeyedFixes)
}

// retrier names what retries a request: "by this retry loop", "by
// retry.Do".
func retrier(info *types.Info, site *retrysite.Site) string {
	if site == nil {
		return "by the retrying client it is sent through" // no site: viaRetryingClient
	}
	if call, ok := site.Node.(*ast.CallExpr); ok {
		if fn := libs.Callee(info, call); fn != nil && site.Kind != retrysite.Loop {
			if fn.Pkg() != nil && fn.Signature().Recv() == nil {
				return "by " + fn.Pkg().Name() + "." + fn.Name()
			}
			return "by " + astutil.FuncName(fn)
		}
		if fn := site.HelperFunc; fn != nil && site.Kind == retrysite.UserHelper {
			return "by the helper " + astutil.FuncName(fn) + " made" // c.requestFunc(ctx, send)
		}
		return "by this retry" // a function that calls itself again
	}
	if site.Label != nil {
		return "by this goto retry"
	}
	if site.Kind == retrysite.Loop {
		return "by this retry loop"
	}
	return "by a retry"
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
// retries with its library's retry decision (one whose CheckRetry was
// replaced may well leave POST alone).
func (a *analyzer) viaRetryingClient(call *ast.CallExpr) bool {
	cfg := a.clients[call]
	return cfg != nil && !cfg.CustomCheck
}

// retriedAt returns the retry sites whose attempts, written inline (a loop
// body or a function literal), run call: a send that runs only after the
// attempt succeeded is not retried. A site whose operation is a named
// function is reported at the site, through the function's fact; a loop
// that retries only outcomes proving the request was not processed does
// not count.
func (a *analyzer) retriedAt(sites *retrysite.Result, call *ast.CallExpr) []*retrysite.Site {
	out := a.recursionsAt(sites, call)
	for _, s := range append(sites.Within(call.Pos()), sites.GotosWithin(call.Pos())...) {
		if s.Op.Func == nil && s.InAttempt(call) && !s.LeavesOnOwnFailure(a.pass.TypesInfo, call) && !sites.OnlyUnprocessed(a.pass.TypesInfo, s) && !s.RetriesOnlyUnprocessed() && !sites.OnlyUnprocessedAfter(a.pass.TypesInfo, s, call) {
			out = append(out, s)
		}
	}
	return out
}

// checkNamedOp reports a retry helper whose operation is a named function
// of another package that sends an unkeyed request.
func (a *analyzer) checkNamedOp(site *retrysite.Site) {
	var f SendsFact
	if !a.sendsFact(site.Op.Func, &f) || f.MethodParam >= 0 || len(f.HeaderParams) > 0 || !a.nonIdempotent(f.Method) || site.RetriesOnlyUnprocessed() {
		return
	}
	call := site.Node.(*ast.CallExpr)
	a.report(&send{call: call, method: f.Method, via: site.Op.Func, fact: &f}, a.unkeyedMessageIn(&send{method: f.Method}, []*retrysite.Site{site}))
}

// checkFreshKey reports a key whose value is made inside the retry site,
// so each attempt sends a new one: set from uuid, rand, time.Now (or a
// helper returning such a value) in the attempt, or made by a builder or
// sending helper called in the attempt.
func (a *analyzer) checkFreshKey(s *send, site *retrysite.Site) {
	k := a.freshKeyOf(s, func(pos token.Pos) bool { return a.freshInSite(site, pos) })
	if k == nil || k.via != nil && !k.inMap && !site.InAttempt(k.call) {
		return
	}
	a.done[s.call] = true
	msg := fmt.Sprintf("%s key is generated on every attempt, so the server cannot recognise the retry; generate it once per operation, before the retry starts", headers[0])
	where := "the key is made here, inside the retry"
	if site.Kind == retrysite.Redelivery {
		msg, where = freshKeyMessage(site), "the key is made here, inside the handler"
	}
	if k.via == nil {
		// The key is set here: report at the header it is set in.
		report.Report(a.pass, analysis.Diagnostic{
			Pos: k.call.Pos(), End: k.call.End(), Message: msg,
			Related: []analysis.RelatedInformation{{Pos: a.freshPosOf(s, k, site), Message: where}},
		})
		return
	}
	report.Report(a.pass, analysis.Diagnostic{
		Pos: s.call.Pos(), End: s.call.End(), Message: msg,
		Related: []analysis.RelatedInformation{{Pos: k.via.Pos(), Message: fmt.Sprintf("%s makes a new key on every call (%s)", k.via.Name(), k.where)}},
	})
}

// inSite reports whether pos lies in the site's operation; in a redelivered
// consumer, only in the code between the receive and the acknowledgement,
// which is what runs again for the same message.
func inSite(site *retrysite.Site, pos token.Pos) bool {
	return site.Op.Contains(pos) && (site.Redelivery == nil || site.InAttempt(&ast.Ident{NamePos: pos}))
}

// freshPosOf is where the fresh value of the key k is made.
func (a *analyzer) freshPosOf(s *send, k *freshKey, site *retrysite.Site) token.Pos {
	if k.at.IsValid() {
		return k.at
	}
	return a.freshPos(s, site)
}

// freshPos is where the fresh value of a key set in this function is made.
func (a *analyzer) freshPos(s *send, site *retrysite.Site) token.Pos {
	for _, kv := range s.keyValues {
		c := a.calls()[kv.call.Lparen]
		if c == nil || kv.arg >= len(c.Args) {
			continue
		}
		for _, pos := range a.freshCalls(c.Args[kv.arg]) {
			if a.freshInSite(site, pos) {
				return pos
			}
		}
	}
	return s.call.Pos()
}

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
		return "by this retry" // a function that calls itself again
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
	for _, s := range sites.Within(call.Pos()) {
		if s.Op.Func == nil && s.InAttempt(call) && !s.LeavesOnOwnFailure(a.pass.TypesInfo, call) && !onlyUnprocessed(a.pass.TypesInfo, sites, s) && !s.RetriesOnlyUnprocessed() {
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

// onlyUnprocessed reports whether every failure test of a retry loop whose
// failure goes round picks an outcome that proves the server did not
// process the request: a 429 status, or an attempt that was never sent
// (retrysite.NotSent, also through a predicate of the program). A test whose
// failure returns (case err != nil: return err) retries nothing. A test
// whose failure is its false value (if resp.StatusCode != 429 { return
// nil }) is read negated.
func onlyUnprocessed(info *types.Info, r *retrysite.Result, site *retrysite.Site) bool {
	return site.OnlyRetriesRoundWhen(func(test ast.Expr, failIf bool) bool {
		return unprocessedWhen(info, r, test, failIf)
	}) || guardedUnprocessed(info, r, site)
}

// guardedUnprocessed reads a loop body whose statements test the attempt
// one after the other, each leaving the loop on one side: if err == nil {
// return nil }; if !errors.Is(err, syscall.ECONNREFUSED) { return err };
// sleep. The attempt goes round only when every such test let it pass, so
// one of them that passes only an unprocessed outcome is enough. Tests
// that go round on their own (if ... { continue }) must each pick one.
func guardedUnprocessed(info *types.Info, r *retrysite.Result, site *retrysite.Site) bool {
	var body *ast.BlockStmt
	switch l := site.Node.(type) {
	case *ast.ForStmt:
		body = l.Body
	case *ast.RangeStmt:
		body = l.Body
	}
	if body == nil || site.Kind != retrysite.Loop || len(site.RetryTests) == 0 {
		return false
	}
	top := map[ast.Expr]bool{}
	for _, st := range body.List {
		if ifs, ok := st.(*ast.IfStmt); ok && ifs.Else == nil && exits(ifs.Body) {
			top[ifs.Cond] = true
		}
	}
	guarded := false
	for _, t := range site.RetryTests {
		switch {
		case site.RetryOnFalse[t] && top[t]:
			guarded = guarded || unprocessedWhen(info, r, t, false)
		case !unprocessedWhen(info, r, t, !site.RetryOnFalse[t]):
			return false
		}
	}
	return guarded
}

// exits reports whether a block ends by leaving the loop.
func exits(b *ast.BlockStmt) bool {
	if len(b.List) == 0 {
		return false
	}
	switch last := b.List[len(b.List)-1].(type) {
	case *ast.ReturnStmt:
		return true
	case *ast.BranchStmt:
		return last.Tok == token.BREAK || last.Tok == token.GOTO
	}
	return false
}

// unprocessedWhen reports whether test having the value failIf proves the
// request was not processed: a status the server rejected it with (429,
// or any 4xx: a 400 asking for a fresh DPoP nonce, a 401 before a token
// refresh), a failure before it was sent.
func unprocessedWhen(info *types.Info, r *retrysite.Result, test ast.Expr, failIf bool) bool {
	test = ast.Unparen(test)
	if failIf {
		// case http.StatusTooManyRequests: a test that is a constant is a
		// case of a switch on the status.
		if rejection(info, test) {
			return true
		}
		return r.NotSent(info, test) || astutil.Some(test, func(n ast.Node) bool {
			b, ok := n.(*ast.BinaryExpr)
			return ok && b.Op == token.EQL && comparesWithRejection(info, b)
		})
	}
	switch x := test.(type) {
	case *ast.UnaryExpr:
		return x.Op == token.NOT && unprocessedWhen(info, r, x.X, true)
	case *ast.BinaryExpr:
		switch x.Op {
		case token.NEQ: // false when equal: opErr.Op != "dial" lets a dial error through
			return comparesWithRejection(info, x) ||
				r.NotSent(info, &ast.BinaryExpr{X: x.X, OpPos: x.OpPos, Op: token.EQL, Y: x.Y})
		case token.LOR: // false only when both are
			return unprocessedWhen(info, r, x.X, false) || unprocessedWhen(info, r, x.Y, false)
		case token.LAND: // false when either is
			return unprocessedWhen(info, r, x.X, false) && unprocessedWhen(info, r, x.Y, false)
		}
	}
	return false
}

// comparesWithRejection reports whether b compares with a 4xx status: the
// server rejected the request (a 429 to slow down, a 400 or 401 that a
// new nonce or token answers) and did not act on it, so sending it again
// cannot do the work twice (499, a proxy's "client closed", says nothing
// of what the upstream did).
func comparesWithRejection(info *types.Info, b *ast.BinaryExpr) bool {
	return rejection(info, b.X) || rejection(info, b.Y)
}

// rejection reports whether e is a constant 4xx status (but 499).
func rejection(info *types.Info, e ast.Expr) bool {
	if tv, ok := info.Types[e]; ok && tv.Value != nil && tv.Value.Kind() == constant.Int {
		if v, exact := constant.Int64Val(tv.Value); exact && v >= 400 && v <= 498 {
			return true
		}
	}
	return false
}

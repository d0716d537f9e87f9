package status

import (
	"sort"

	"go/ast"
	"go/token"
	"go/types"

	"github.com/idemlint/idemlint/passes/internal/astutil"
	"github.com/idemlint/idemlint/passes/internal/libs"
	"github.com/idemlint/idemlint/passes/internal/retrysite/site"
)

// endKind is what the end of a simulated path means for the site.
type endKind uint8

const (
	endExit    endKind = iota // the retries end: a success, or a failure not retried
	endRetry                  // another attempt follows
	endUnknown                // it depends on code the simulation cannot read
)

// judge tells what the end of a path of the site's operation means.
type judge func(s *sim, e simEnd) endKind

// SimulateFailure simulates the site's operation on every sampled status, or
// returns nil when the site's failure test cannot be read.
func SimulateFailure(info *types.Info, retry *site.Site, facts func(*types.Func) *RespFact) *site.Failure {
	body := retry.Op.Body
	if body == nil || !mentionsResponse(info, body) && !mentionsSend(info, body, facts) {
		return nil
	}
	j := judgeFor(info, retry)
	if j == nil {
		return nil
	}
	out := &site.Failure{Throttle: comparesThrottle(info, body) || testsThrottleSet(info, body, facts)}
	ignoresRA := map[ast.Node]bool{} // retry ends a 429 or 503 reaches without reading Retry-After
	retried := make([]map[ast.Node]bool, len(site.SampleCodes))
	baseline := map[ast.Node]bool{}
	leaks := map[*ast.CallExpr]bool{} // send -> a 200 leaks it too
	sends := map[*ast.CallExpr]bool{}
	for i, code := range site.SampleCodes {
		s := newSim(info, retry, facts, code)
		s.followRA = true
		p := &simPath{env: map[types.Object]value{}, open: map[types.Object]*ast.CallExpr{}}
		fall, broke := s.list(body.List, []*simPath{p})
		for _, q := range append(fall, broke...) {
			s.end(body, q)
		}
		if s.failed {
			return nil
		}
		retried[i] = map[ast.Node]bool{}
		for _, e := range s.ends {
			if s.loop && !e.p.sent {
				// if frame%10 != 0 { continue }: a round that sent
				// nothing says nothing of what a status does.
				continue
			}
			k := j(s, e)
			if code == 200 && k != endExit && !e.p.notYet {
				baseline[e.node] = true
			}
			out.ReadsRetryAfter = out.ReadsRetryAfter || e.p.readRA
			if k != endRetry {
				continue
			}
			if !e.p.uncertain {
				retried[i][e.node] = true
				if (code == 429 || code == 503) && !e.p.readRA {
					ignoresRA[e.node] = true
				}
			}
			for _, send := range e.p.open {
				if send != nil {
					leaks[send] = leaks[send] || code == 200
				}
			}
		}
		// After the judging: a judge that reads the error returned
		// (return c.do(ctx, path)) notes the send that call makes.
		for send := range s.sends {
			sends[send] = sends[send] || s.tested[send]
		}
	}
	for send, on200 := range leaks {
		out.Leaks = append(out.Leaks, site.Leak{Send: send, OnStatus: !on200})
	}
	sort.Slice(out.Leaks, func(i, j int) bool { return out.Leaks[i].Send.Pos() < out.Leaks[j].Send.Pos() })
	for send := range sends {
		out.Sends = append(out.Sends, send)
	}
	sort.Slice(out.Sends, func(i, j int) bool {
		a, b := out.Sends[i], out.Sends[j]
		if sends[a] != sends[b] {
			return sends[a]
		}
		return a.Pos() < b.Pos()
	})
	for i, nodes := range retried {
		for n := range nodes {
			if !baseline[n] {
				out.Retried |= 1 << i
			}
		}
	}
	for n := range ignoresRA {
		if !baseline[n] {
			out.IgnoresRetryAfter = true
			out.ThrottleEnds = append(out.ThrottleEnds, n)
		}
	}
	sort.Slice(out.ThrottleEnds, func(i, j int) bool { return out.ThrottleEnds[i].Pos() < out.ThrottleEnds[j].Pos() })
	out.Classifiers = classifiersOf(info, body, facts)
	if retry.UserHelper != nil && retry.UserHelper.Throttled {
		// The helper goes round only on a 429, on which it waits as it
		// chose: of what the operation fails with, only that is retried.
		out.Retried &= site.Only(429)
		out.IgnoresRetryAfter = false
		out.ThrottleEnds = nil
	}
	return out
}

// newSim returns a simulation of the site's operation on status code.
func newSim(info *types.Info, retry *site.Site, facts func(*types.Func) *RespFact, code int64) *sim {
	again, recursive := retry.Node.(*ast.CallExpr)
	s := &sim{info: info, body: retry.Op.Body, facts: facts, code: code, loop: retry.Kind == site.Loop && !recursive, ownBody: retry.Kind == site.Loop, moves: retry.Moves, done: retry.DoneTests}
	if recursive && retry.Kind == site.Loop {
		s.again = again
	}
	s.retryGoto = gotoOf(retry)
	return s
}

// judgeFor returns how the ends of the site's operation are read, or nil
// when the library decides by itself which failures it retries (k8s
// RetryOnConflict, a RetryIf whose predicate is out of view). A predicate
// handed to the helper (RetryIf, OnError, a user-defined helper's) filters
// what goes round (predicateJudge).
func judgeFor(info *types.Info, retry *site.Site) judge {
	switch retry.Kind {
	case site.Loop:
		if _, recursive := retry.Node.(*ast.CallExpr); recursive {
			return recursionJudge
		}
		if gotoOf(retry) != nil {
			return gotoJudge
		}
		return loopJudge(retry)
	case site.UserHelper:
		if retry.UserHelper != nil && retry.UserHelper.Condition {
			return conditionJudge // a copy of wait.ExponentialBackoff
		}
		return predicateJudge(errJudge(permanentOf(retry.Library)), retry.Pred)
	case site.Redelivery:
		// A job framework runs the handler again when it returns an
		// error (asynq, river, Temporal, watermill), unless the error
		// says not to (asynq.SkipRetry, river.JobCancel); so does a
		// consumer helper that naks what its handler failed on.
		if r := retry.Redelivery; r != nil && (r.F.RetriesErrors || r.FailNaks) {
			return handlerJudge
		}
		return nil
	case site.Helper:
	default:
		return nil
	}
	fn := retry.HelperFunc
	if fn == nil || fn.Pkg() == nil {
		return nil
	}
	switch fn.Pkg().Path() {
	case libs.K8sRetry:
		if retry.Pred != nil { // OnError(backoff, retriable, fn)
			return predicateJudge(errJudge(), retry.Pred)
		}
		return nil
	case libs.SethvargoRetry, libs.TerraformRetry, libs.TerraformResource, libs.TerraformResource1:
		return retryableJudge
	case libs.K8sWait:
		return conditionJudge
	case libs.Roko:
		return errJudge() // every error but one after r.Break()
	}
	// A RetryIf whose predicate cannot be pinned down decides alone.
	if !libs.HasPermanent(fn) || retry.Pred == nil && predicated(info, retry) {
		return nil
	}
	return predicateJudge(errJudge(func(m *types.Func) bool { return libs.PermanentIn(fn, m) }), retry.Pred)
}

// predicated reports whether a helper is told which errors to retry
// (retry-go's RetryIf), among its arguments or the options it was built
// with (retry-go v5's retry.New(retry.RetryIf(f)).Do).
func predicated(info *types.Info, retry *site.Site) bool {
	call, _ := retry.Node.(*ast.CallExpr)
	if call != nil && retry.Helper.Options >= 0 && hasOption(info, call.Args[min(retry.Helper.Options, len(call.Args)):], "RetryIf") {
		return true
	}
	for _, o := range retry.Options {
		if _, ok := libs.RetryPredicates.Lookup(libs.Callee(info, o)); ok {
			return true
		}
	}
	return false
}

// permanentOf is the permanent marker of the library a user-defined helper
// hands its operation to (backoff.Permanent for a wrapper of
// backoff.Retry), or, when that library is not known, any library's.
func permanentOf(lib libs.Func) func(*types.Func) bool {
	fam := libs.FamilyByName(lib)
	return func(fn *types.Func) bool {
		_, ok := libs.PermanentErrors.Lookup(fn)
		return ok && (fam == nil || libs.FamilyOf(fn) == fam)
	}
}

// loopJudge: continue and the end of the body go round (unless the loop's
// condition is then false); break and return leave.
func loopJudge(site *site.Site) judge {
	var cond ast.Expr
	if f, ok := site.Node.(*ast.ForStmt); ok {
		cond = f.Cond
	}
	return func(s *sim, e simEnd) endKind {
		switch n := e.node.(type) {
		case *ast.BranchStmt:
			if n.Tok != token.CONTINUE {
				return endExit
			}
			if n.Label != nil {
				return endUnknown
			}
		case *ast.ReturnStmt:
			return endExit
		}
		if cond != nil && s.cond(cond, e.p) == no {
			return endExit
		}
		return endRetry
	}
}

// recursionJudge reads the ends of a recursive retry (retrysite/recursion.go): a
// path that made the self-call went round for another attempt, any other
// ended the retries.
func recursionJudge(_ *sim, e simEnd) endKind {
	if e.p.again {
		return endRetry
	}
	return endExit
}

// errJudge reads the error an operation returns to a helper that retries
// every error but those wrapped by a permanent marker (backoff.Permanent,
// retry.Unrecoverable): nil ends the retries, a plain error (err,
// fmt.Errorf, a status checker's error, an error value) goes round, and
// an error made by another function (which may wrap it as permanent) is
// not read.
func errJudge(permanent ...func(*types.Func) bool) judge {
	return func(s *sim, e simEnd) endKind {
		ret, ok := e.node.(*ast.ReturnStmt)
		if !ok || len(ret.Results) == 0 || e.p.stopped {
			return endExit // r.Break(); return err: not retried
		}
		last := ast.Unparen(ret.Results[len(ret.Results)-1])
		var made *types.Func
		switch x := last.(type) {
		case *ast.CallExpr:
			made = libs.Callee(s.info, x)
		case *ast.Ident: // err = backoff.Permanent(...); ...; return err
			made = e.p.env[s.info.ObjectOf(x)].made
		}
		for _, m := range permanent {
			if made != nil && m != nil && m(made) {
				return endExit
			}
		}
		return errEnd(s, last, e.p)
	}
}

func errEnd(s *sim, e ast.Expr, p *simPath) endKind {
	v := s.errVal(e, p)
	switch v.kind {
	case errNil:
		return endExit
	case errNonNil:
		return endRetry
	case errStatus:
		switch {
		case v.mask.Has(s.status()):
			return endRetry
		case v.nilMask.Has(s.status()):
			return endExit
		}
	}
	if _, ok := ast.Unparen(e).(*ast.Ident); ok {
		return endRetry // return err: an error of the attempt, retried
	}
	return endUnknown
}

// handlerJudge reads the ends of a redelivered handler: a returned error
// runs it again, unless it is, makes or wraps an error that tells the
// framework to stop (libs.HandlerStops).
func handlerJudge(s *sim, e simEnd) endKind {
	ret, ok := e.node.(*ast.ReturnStmt)
	if !ok || len(ret.Results) == 0 {
		return endExit
	}
	last := ast.Unparen(ret.Results[len(ret.Results)-1])
	if t, ok := s.info.TypeOf(last).(*types.Basic); ok && t.Info()&types.IsBoolean != 0 {
		// A handler a consumer helper runs says false when it failed.
		switch {
		case isBoolConst(s.info, last, true):
			return endExit
		case isBoolConst(s.info, last, false):
			return endRetry
		}
		// return s.send(ctx, events) == nil: false when the call failed.
		if b, ok := last.(*ast.BinaryExpr); ok && b.Op == token.EQL && astutil.IsNil(s.info, b.Y) {
			return errEnd(s, ast.Unparen(b.X), e.p)
		}
		return endUnknown
	}
	if astutil.Some(last, func(n ast.Node) bool { return stopsHandler(s.info, n) }) {
		return endExit
	}
	return errEnd(s, last, e.p)
}

func stopsHandler(info *types.Info, n ast.Node) bool {
	return libs.HandlerStops.Names(info, n)
}

// retryableJudge reads the operations of go-retry and of Terraform's
// RetryContext, which retry only errors wrapped by their RetryableError
// (Terraform's NonRetryableError and nil end the retries).
func retryableJudge(s *sim, e simEnd) endKind {
	ret, ok := e.node.(*ast.ReturnStmt)
	if !ok || len(ret.Results) == 0 {
		return endExit
	}
	call, ok := ast.Unparen(ret.Results[len(ret.Results)-1]).(*ast.CallExpr)
	var made *types.Func
	if ok {
		made = libs.Callee(s.info, call)
	}
	if _, permanent := libs.PermanentErrors.Lookup(made); permanent {
		return endExit // Terraform's NonRetryableError(err)
	}
	if _, retryable := libs.RetryableErrors.Lookup(made); retryable {
		if len(call.Args) == 1 && errEnd(s, call.Args[0], e.p) == endExit {
			return endExit // RetryableError(nil) is nil
		}
		return endRetry
	}
	if ok {
		if fn := libs.Callee(s.info, call); fn == nil || fn.Pkg() == nil || fn.Pkg().Path() != "fmt" && fn.Pkg().Path() != "errors" {
			return endUnknown
		}
	}
	return endExit
}

// conditionJudge reads a k8s wait condition: (true, nil) is done, an error
// ends the polling, (false, nil) polls again.
func conditionJudge(s *sim, e simEnd) endKind {
	ret, ok := e.node.(*ast.ReturnStmt)
	if !ok || len(ret.Results) != 2 {
		return endExit
	}
	if v := s.errVal(ret.Results[1], e.p); v.kind != errNil {
		return endExit
	}
	switch s.cond(ret.Results[0], e.p) {
	case yes:
		return endExit
	case no:
		return endRetry
	}
	return endUnknown
}

func hasOption(info *types.Info, args []ast.Expr, name string) bool {
	for _, a := range args {
		if astutil.Some(a, func(n ast.Node) bool {
			call, ok := n.(*ast.CallExpr)
			if !ok {
				return false
			}
			fn := libs.Callee(info, call)
			return fn != nil && fn.Name() == name
		}) {
			return true
		}
	}
	return false
}

// mentionsResponse reports whether the code reads an HTTP response.
func mentionsResponse(info *types.Info, body ast.Node) bool {
	return astutil.Some(body, func(n ast.Node) bool {
		id, ok := n.(*ast.Ident)
		return ok && info.Uses[id] != nil && site.IsResponseType(info.Uses[id].Type())
	})
}

// comparesThrottle reports whether the code compares a status with 429 or
// 503 (an equality, an inequality or a case of a switch).
func comparesThrottle(info *types.Info, body ast.Node) bool {
	return astutil.Some(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.BinaryExpr:
			if n.Op == token.EQL || n.Op == token.NEQ {
				for _, side := range []ast.Expr{n.X, n.Y} {
					if c, ok := astutil.IntConst(info, side); ok && (c == 429 || c == 503) {
						return true
					}
				}
			}
		case *ast.CaseClause:
			for _, e := range n.List {
				if c, ok := astutil.IntConst(info, e); ok && (c == 429 || c == 503) {
					return true
				}
			}
		}
		return false
	})
}

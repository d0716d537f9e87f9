package status

import (
	"fmt"
	"go/ast"
	"go/types"
	"iter"

	"github.com/idemlint/idemlint/passes/internal/astutil"
	"github.com/idemlint/idemlint/passes/internal/bodies"
	"github.com/idemlint/idemlint/passes/internal/ifaces"
	"github.com/idemlint/idemlint/passes/internal/libs"
	"github.com/idemlint/idemlint/passes/internal/retrysite/site"

	"golang.org/x/tools/go/analysis"
)

// RespFact describes a function of the program that judges or handles the
// HTTP response (or status code) handed to it as parameter Param, as a
// failure test in another package needs to know it: a status predicate
// (httpx.IsSuccess(resp.StatusCode)), a status checker that turns some
// statuses into an error (CheckStatus(resp)), a function that closes the
// response's body (DrainAndClose(resp)). Each property is the set of
// sampled statuses for which it holds.
type RespFact struct {
	Param     int
	Predicate bool          // it returns a bool alone...
	True      site.Statuses // ...which is true for these statuses
	Checks    bool          // its last result is an error...
	Err       site.Statuses // ...which is non-nil on every path for these statuses,
	Nil       site.Statuses // and nil on every path for these
	Closes    site.Statuses // some path closes the response's body for these statuses
	// NoResp is, for a sender that returns the response it got, the
	// statuses on which every path returns nil in its place (it closed
	// the body itself: if resp.StatusCode != 200 { resp.Body.Close();
	// return nil, err }): its caller has nothing left open.
	NoResp site.Statuses
	// RetryAfter says that it reads the Retry-After header.
	RetryAfter bool
	// Sends says that it sends a request itself (Param is then -1) and
	// that Err and Nil describe its error by the status of the response:
	// c.getJSON(ctx, path, &v) failing on every non-2xx; for a sender
	// that returns (bool, error), True and False its bool's value.
	Sends bool

	// False is, for an error classifier (Param an error: classifier.go),
	// the statuses whose error it answers false on every path.
	False site.Statuses
	// Classified is, for an error classifier that returns a class
	// (switch classify(err) { case retryable: ... }), the statuses whose
	// error gets one constant class on every path: Classes, by the index
	// of the status in site.SampleCodes.
	Classified site.Statuses
	Classes    [len(site.SampleCodes)]int64
	// StatusArg is, for an error classifier, 1 + the index of an integer
	// parameter the error's status must equal for it to answer true
	// (statusarg.go), or 0.
	StatusArg int
	// PassesErr is 1 + the index of an error parameter the function
	// returns as its error on every path, unchanged (passerr.go), or 0.
	PassesErr int
	// Sentinel is, for a sender, the package-level error every path
	// returns on each sampled status (pkgpath.Name, by the index of the
	// status in site.SampleCodes), and Fresh the statuses on which every
	// path returns an error it makes wrapping nothing (sentinel.go).
	Sentinel [len(site.SampleCodes)]string
	Fresh    site.Statuses
}

func (*RespFact) AFact() {}

func (f *RespFact) String() string {
	if f.PassesErr > 0 {
		return fmt.Sprintf("returns parameter %d as its error", f.PassesErr-1)
	}
	if f.Sends {
		return fmt.Sprintf("sends: error for [%v], nil for [%v]", f.Err, f.Nil)
	}
	if f.Classified != 0 {
		return fmt.Sprintf("param %d: classifies errors: class %s", f.Param, f.classString())
	}
	if f.StatusArg > 0 {
		return fmt.Sprintf("param %d: true only for the status given as param %d", f.Param, f.StatusArg-1)
	}
	if f.False != 0 {
		return fmt.Sprintf("param %d: classifies errors: true for [%v], false for [%v]", f.Param, f.True, f.False)
	}
	return fmt.Sprintf("param %d: true for [%v], error for [%v], nil for [%v], closes for [%v], reads Retry-After %v", f.Param, f.True, f.Err, f.Nil, f.Closes, f.RetryAfter)
}

// RespFacts computes the RespFact of each of the package's functions; a few
// rounds let a function learn from another declared after it.
type RespFacts struct {
	pass  *analysis.Pass
	local map[*types.Func]*RespFact
	index *bodies.Index // to find the calls of a body without walking it
	buf   RespFact      // Lookup's, for the facts of callees (most have none)
	impls ifaces.Resolver
}

// NewRespFacts returns the RespFacts of the package of pass, to be learned
// from its files (Learn).
func NewRespFacts(pass *analysis.Pass, index *bodies.Index) *RespFacts {
	return &RespFacts{pass: pass, local: map[*types.Func]*RespFact{}, index: index, impls: ifaces.Resolver{Program: pass.Pkg}}
}

// Lookup returns the RespFact of fn: one of this package, or one imported;
// for an interface method with one implementation in the program, that
// implementation's (RULES.md, "Across function boundaries").
func (r *RespFacts) Lookup(fn *types.Func) *RespFact {
	fn = fn.Origin()
	if impl := r.impls.SoleImplementation(fn); impl != nil {
		fn = impl.Origin()
	}
	if f, ok := r.local[fn]; ok {
		return f
	}
	if fn.Pkg() == nil || fn.Pkg() == r.pass.Pkg {
		return nil
	}
	if r.pass.ImportObjectFact(fn, &r.buf) {
		f := r.buf
		return &f
	}
	return nil
}

// maxRespRounds bounds the rounds of Learn: each round recomputes only the
// functions whose callees' facts changed.
const maxRespRounds = 8

// Learn computes the RespFacts of the functions of files and exports them.
func (r *RespFacts) Learn(files []*ast.File) {
	info := r.pass.TypesInfo
	// Responses, statuses and their checkers live in packages that use
	// net/http: the others need no simulation (a cost on big programs).
	if !libs.DependsOn(r.pass.Pkg, "net/http") {
		return
	}
	// A function is simulated again in a later round only when a fact of
	// the package that its simulation read has changed since: what it
	// returns depends on nothing else, and most functions read none.
	var clock int
	changedAt := map[*types.Func]int{}
	type computed struct {
		at    int
		reads map[*types.Func]bool
	}
	done := map[*types.Func]computed{}
	stale := func(fn *types.Func) bool {
		c, ok := done[fn]
		if !ok {
			return true
		}
		for g := range c.reads {
			if changedAt[g] > c.at {
				return true
			}
		}
		return false
	}
	// A chain of senders (GetByURI returns get's, which returns
	// Client.Do's, which checks with CheckResponse) declared against the
	// order of the files needs a round per link: go on until nothing
	// changes, up to a bound.
	for range maxRespRounds {
		grew := false
		for _, file := range files {
			for _, decl := range file.Decls {
				fd, ok := decl.(*ast.FuncDecl)
				if !ok || fd.Body == nil {
					continue
				}
				fn, _ := info.Defs[fd.Name].(*types.Func)
				if fn == nil || !stale(fn) {
					continue
				}
				reads := map[*types.Func]bool{}
				lookup := func(g *types.Func) *RespFact {
					if g.Pkg() == r.pass.Pkg {
						reads[g.Origin()] = true
					}
					return r.Lookup(g)
				}
				done[fn] = computed{at: clock, reads: reads}
				sends := func() bool { return mentionsSend(info, fd.Body, lookup) }
				if b := r.index.Of(fd); b != nil {
					sends = func() bool { return mentionsSendIn(info, r.index.All(b), lookup) }
				}
				f := respFactOf(info, fd, fn, lookup, sends)
				if f == nil {
					f = statusArgFact(info, fd, fn, lookup)
				}
				if f == nil {
					i := passedErr(info, fd, fn)
					if i < 0 {
						continue
					}
					f = &RespFact{Param: -1, PassesErr: i + 1}
				}
				if old := r.local[fn]; old == nil || *old != *f {
					r.local[fn] = f
					clock++
					changedAt[fn] = clock
					grew = true
				}
			}
		}
		if !grew {
			break
		}
	}
	for fn, f := range r.local {
		r.pass.ExportObjectFact(fn, f)
	}
}

// respFactOf simulates fd on every sampled status of its response (or
// status, or body) parameter.
func respFactOf(info *types.Info, fd *ast.FuncDecl, fn *types.Func, facts func(*types.Func) *RespFact, sends func() bool) *RespFact {
	sig := fn.Signature()
	res := sig.Results()
	predicate := res.Len() == 1 && site.IsBool(res.At(0).Type())
	checks := res.Len() > 0 && site.IsErrorType(res.At(res.Len()-1).Type())
	param, idx := types.Object(nil), -1
	for i := range sig.Params().Len() {
		v := sig.Params().At(i)
		switch {
		case isHTTPResponse(v.Type()), site.IsResponseType(v.Type()), isCloser(v.Type()):
		case isHeader(v.Type()):
			if sends() {
				continue // the headers of the request it sends itself
			}
		case site.IsInteger(v.Type()) && (predicate || checks) && !sends():
			// checkStatus(code int) error; not c.do(req, attempt), which
			// sends the request and reads the status it gets.
		default:
			continue
		}
		if v.Name() != "" && v.Name() != "_" {
			param, idx = v, i
			break
		}
	}
	errParam := false
	classes := res.Len() == 1 && !predicate && site.IsInteger(res.At(0).Type())
	if param == nil && (predicate || classes) {
		param, idx = errorParam(sig) // isRetryable(err): classifier.go
		errParam = param != nil
	}
	if param == nil {
		if checks && res.Len() > 0 {
			return sendFactOf(info, fd, facts, sends)
		}
		return nil
	}
	f := &RespFact{Param: idx, Predicate: predicate, Checks: checks, RetryAfter: readsRetryAfter(info, fd.Body, facts)}
	closable := isHTTPResponse(param.Type()) || isCloser(param.Type())
	var r replay
	for i, code := range site.SampleCodes {
		s, ok := r.next(code)
		if !ok {
			s = &sim{info: info, facts: facts, code: code, param: param}
			p := &simPath{env: map[types.Object]value{}, open: map[types.Object]*ast.CallExpr{}}
			if named := namedResult(fd, res.Len()-1); named != nil && checks {
				p.env[info.Defs[named]] = value{kind: errNil} // (err error): nil until set
			}
			if closable {
				p.open[param] = nil
			}
			if errParam {
				p.env[param] = value{kind: errStatus, mask: statusBit(code)} // the error this status made
			}
			fall, broke := s.list(fd.Body.List, []*simPath{p})
			for _, q := range append(fall, broke...) {
				s.end(fd.Body, q)
			}
			r.keep(s)
		}
		if s.failed || len(s.ends) == 0 {
			continue
		}
		allTrue, allErr, allNil, allFalse := true, true, true, errParam && predicate
		decided := false // a path the status chose answers true
		class, classKnown := int64(0), errParam && classes
		for _, e := range s.ends {
			if _, open := e.p.open[param]; closable && !open {
				f.Closes |= 1 << i
			}
			ret, _ := e.node.(*ast.ReturnStmt)
			if ret != nil && len(ret.Results) == 0 && res.Len() > 0 {
				ret = bareReturn(fd, ret) // return: the named results' values
			}
			if ret == nil || len(ret.Results) != res.Len() || res.Len() == 0 {
				allTrue, allErr, allNil, allFalse, classKnown = false, false, false, false, false
				continue
			}
			if predicate {
				switch {
				case e.p.undecided && (isBoolConst(info, ret.Results[0], true) || isBoolConst(info, ret.Results[0], false)):
					// if req.Body != nil && req.GetBody == nil { return
					// false }: a guard or override the status does not
					// choose says nothing of which statuses are true.
				case s.cond(ret.Results[0], e.p) != yes:
					allTrue = false
				default:
					decided = true
				}
			}
			if allFalse && s.cond(ret.Results[0], e.p) != no {
				allFalse = false
			}
			if classKnown {
				v, ok := s.intVal(ret.Results[0], e.p)
				if _, constant := astutil.IntConst(info, ret.Results[0]); !ok || !constant || e != s.ends[0] && v != class {
					classKnown = false
				}
				class = v
			}
			if checks {
				v := s.errVal(ret.Results[len(ret.Results)-1], e.p)
				if !(v.kind == errNonNil || v.kind == errStatus && v.mask.Has(code)) {
					allErr = false
				}
				if !(v.kind == errNil || v.kind == errStatus && v.nilMask.Has(code)) {
					allNil = false
				}
			}
		}
		if predicate && allTrue && decided {
			f.True |= 1 << i
		}
		if allFalse {
			f.False |= 1 << i
		}
		if classKnown {
			f.Classified |= 1 << i
			f.Classes[i] = class
		}
		if checks && allErr {
			f.Err |= 1 << i
		}
		if checks && allNil {
			f.Nil |= 1 << i
		}
	}
	if errParam && (f.True|f.False|f.Classified)&^statusBit(200) == 0 {
		return nil // it does not read the status the error carries
	}
	if f.True == 0 && f.Err == 0 && f.Nil == 0 && f.Closes == 0 && !f.RetryAfter && f.Classified == 0 {
		return nil
	}
	return f
}

// isCloser recognises an io.ReadCloser or another interface with a Close
// method: a response body handed on.
func isCloser(t types.Type) bool {
	it, ok := t.Underlying().(*types.Interface)
	if !ok {
		return false
	}
	for i := range it.NumMethods() {
		if it.Method(i).Name() == "Close" {
			return true
		}
	}
	return false
}

// sendFactOf simulates a function that sends a request and returns an
// error, on every sampled status of the response: the paths that end
// before anything was sent (a request that could not be built) say
// nothing about the status. It returns nil unless the error depends on
// the status (nil for a 200, non-nil for some other status).
func sendFactOf(info *types.Info, fd *ast.FuncDecl, facts func(*types.Func) *RespFact, sends func() bool) *RespFact {
	res := len(fd.Type.Results.List)
	if res == 0 || !sends() {
		return nil
	}
	f := &RespFact{Param: -1, Checks: true, Sends: true}
	namedErr := namedResult(fd, res-1)
	flag := retryFlagResult(info, fd)
	respAt := responseResult(info, fd)
	var r replay
	// The returns a 200 reaches with an error we cannot know (a decode of
	// the body: json.NewDecoder(resp.Body).Decode(out)).
	okUnknown := map[ast.Node]bool{}
	for i, code := range site.SampleCodes {
		s, ok := r.next(code)
		if !ok {
			s = &sim{info: info, facts: facts, code: code}
			p := &simPath{env: map[types.Object]value{}, open: map[types.Object]*ast.CallExpr{}}
			s.list(fd.Body.List, []*simPath{p})
			r.keep(s)
		}
		if s.failed {
			return nil
		}
		allErr, allNil, someNil, any := true, true, false, false
		sentinel, fresh := "", true // the sentinel of every sent path; every error made here
		noResp := respAt >= 0
		// The flag of (retry bool, err error), true or false on every path.
		allTrue, allFalse := flag, flag
		asOK := true // every return is nil, or as unknown as a 200's
		for _, e := range s.ends {
			ret, _ := e.node.(*ast.ReturnStmt)
			if ret != nil && len(ret.Results) == 0 && namedErr != nil {
				// err = fmt.Errorf(...); return: the named result's value.
				ret = bareReturn(fd, ret)
			}
			var v value
			if ret != nil && len(ret.Results) > 0 && (e.p.sent || isCallResult(ret)) {
				// return post(c, url, body): reading the error may be
				// what sends (a call of a function that sends and fails
				// on its status), so it comes before the path's sent.
				v = s.errVal(ret.Results[len(ret.Results)-1], e.p)
			}
			if !e.p.sent {
				continue
			}
			if ret == nil || len(ret.Results) == 0 {
				allErr, allNil = false, false
				continue
			}
			any = true
			if noResp && !returnsNoResp(info, ret, respAt, facts, code) {
				noResp = false
			}
			last := ret.Results[len(ret.Results)-1]
			switch name := sentinelName(info, last); {
			case name == "" || sentinel != "" && sentinel != name:
				sentinel = "-"
			case sentinel == "":
				sentinel = name
			}
			fresh = fresh && freshError(info, last)
			if flag {
				t := s.cond(ret.Results[0], e.p)
				allTrue = allTrue && t == yes
				allFalse = allFalse && t == no
			}
			if !(v.kind == errNonNil || v.kind == errStatus && v.mask.Has(code)) {
				allErr = false
			}
			if !(v.kind == errNil || v.kind == errStatus && v.nilMask.Has(code)) {
				allNil = false
				if v.kind != errUnknown || !okUnknown[e.node] {
					asOK = false
				}
				if code == 200 && v.kind == errUnknown {
					okUnknown[e.node] = true
				}
				// return json.NewDecoder(resp.Body).Decode(out) on a 2xx,
				// or err = ...Decode(&v); return &v, err: what fails then
				// is the body, not the status.
				if code >= 200 && code < 300 && v.kind == errUnknown && (isCallResult(ret) || v.called) {
					someNil = true
				}
			} else {
				someNil = true
			}
		}
		if any && allErr {
			f.Err |= 1 << i
		}
		if any && sentinel != "-" {
			f.Sentinel[i] = sentinel
		}
		if any && fresh {
			f.Fresh |= 1 << i
		}
		if any && noResp {
			f.NoResp |= 1 << i
		}
		// A 2xx answer whose body then fails to read or decode
		// (json.Unmarshal(raw, out) returning its error) fails for a
		// reason of its own, not for its status: the function still
		// succeeds on a 2xx, as callers judging it by status need.
		// So does a 404 that takes only the paths a 200 takes: if out !=
		// nil { return decode(resp.Body, out) }; return nil decides
		// nothing by the status.
		if any && (allNil || someNil && (code >= 200 && code < 300 || asOK)) {
			f.Nil |= 1 << i
		}
		if any && allTrue {
			f.True |= 1 << i
		}
		if any && allFalse {
			f.False |= 1 << i
		}
		if code == 200 && !f.Nil.Has(200) {
			return nil // the fact needs a nil error for a 200: no other status can give one
		}
	}
	// The error, or the flag that asks for another try, depends on the
	// status.
	if !f.Nil.Has(200) || f.Err == 0 && (f.True == 0 || !f.False.Has(200)) {
		return nil
	}
	return f
}

// returnsNoResp reports whether ret returns nil in place of the response
// (result respAt) on status code: a nil, or the results of a sender whose
// fact says it does (return c.baseline(ctx, u)).
func returnsNoResp(info *types.Info, ret *ast.ReturnStmt, respAt int, facts func(*types.Func) *RespFact, code int64) bool {
	if len(ret.Results) > respAt && site.IsNil(info, ret.Results[respAt]) {
		return true
	}
	if len(ret.Results) != 1 {
		return false
	}
	call, ok := ast.Unparen(ret.Results[0]).(*ast.CallExpr)
	if !ok {
		return false
	}
	fn := libs.Callee(info, call)
	if fn == nil || facts == nil {
		return false
	}
	f := facts(fn)
	return f != nil && f.Sends && f.NoResp.Has(code)
}

// responseResult returns the index of fd's *http.Response result, or -1.
func responseResult(info *types.Info, fd *ast.FuncDecl) int {
	fn, _ := info.Defs[fd.Name].(*types.Func)
	if fn == nil {
		return -1
	}
	res := fn.Signature().Results()
	for i := range res.Len() {
		if isHTTPResponse(res.At(i).Type()) {
			return i
		}
	}
	return -1
}

// retryFlagResult reports whether fd returns (bool, error): a sender whose
// bool says whether to try again (retry, err := c.do(req, attempt)).
func retryFlagResult(info *types.Info, fd *ast.FuncDecl) bool {
	fn, _ := info.Defs[fd.Name].(*types.Func)
	if fn == nil {
		return false
	}
	res := fn.Signature().Results()
	return res.Len() == 2 && site.IsBool(res.At(0).Type()) && site.IsErrorType(res.At(1).Type())
}

// mentionsSend reports whether body calls a function that returns an
// HTTP response or one known to send.
func mentionsSend(info *types.Info, body ast.Node, facts func(*types.Func) *RespFact) bool {
	return astutil.Some(body, func(n ast.Node) bool {
		call, ok := n.(*ast.CallExpr)
		if !ok {
			return false
		}
		if returnsResponse(info, call) {
			return true
		}
		fn := libs.Callee(info, call)
		if fn == nil {
			return false
		}
		f := facts(fn)
		return f != nil && f.Sends
	})
}

// mentionsSendIn is mentionsSend reading the nodes of a body from the
// bodies index, in the order a walk of its syntax meets them.
func mentionsSendIn(info *types.Info, nodes iter.Seq2[ast.Node, *types.Func], facts func(*types.Func) *RespFact) bool {
	for n, fn := range nodes {
		call, ok := n.(*ast.CallExpr)
		if !ok {
			continue
		}
		if returnsResponse(info, call) {
			return true
		}
		if fn == nil {
			continue
		}
		if f := facts(fn); f != nil && f.Sends {
			return true
		}
	}
	return false
}

// isCallResult reports whether a return's last result is a call (the
// error of a decode of the body).
// namedResult returns the name of result i of fd, when its results are
// named: a bare return returns what it holds.
func namedResult(fd *ast.FuncDecl, i int) *ast.Ident {
	if fd.Type.Results == nil || i < 0 {
		return nil
	}
	for _, field := range fd.Type.Results.List {
		if len(field.Names) == 0 {
			return nil
		}
		if i < len(field.Names) {
			return field.Names[i]
		}
		i -= len(field.Names)
	}
	return nil
}

// bareReturn returns ret with the named results of fd as its values, or
// nil when they are not all named.
func bareReturn(fd *ast.FuncDecl, ret *ast.ReturnStmt) *ast.ReturnStmt {
	if fd.Type.Results == nil {
		return nil
	}
	var names []ast.Expr
	for _, field := range fd.Type.Results.List {
		if len(field.Names) == 0 {
			return nil
		}
		for _, n := range field.Names {
			names = append(names, n)
		}
	}
	return &ast.ReturnStmt{Return: ret.Return, Results: names}
}

func isCallResult(ret *ast.ReturnStmt) bool {
	_, ok := ast.Unparen(ret.Results[len(ret.Results)-1]).(*ast.CallExpr)
	return ok
}

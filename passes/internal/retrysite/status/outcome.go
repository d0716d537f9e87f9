package status

import (
	"go/ast"
	"go/token"
	"go/types"
	"slices"
	"strings"

	"github.com/idemlint/idemlint/passes/internal/astutil"
	"github.com/idemlint/idemlint/passes/internal/retrysite/site"

	"github.com/idemlint/idemlint/passes/internal/libs"
)

// State is what a path through a loop body knows about the latest attempt.
type State uint8

const (
	before  State = iota // the operation has not run yet in this iteration
	unknown              // it ran; its outcome is not tested yet
	success
	failure
	mixed // it was tested, but this path may follow a success or a failure
	after // another operation ran after a success; its outcome is not tested yet
	keep  // (condition outcome) the branch says nothing new
)

// The states under the names the loop walks of packages retrysite and
// wait use.
const (
	StateBefore  = before
	StateUnknown = unknown
	StateSuccess = success
	StateFailure = failure
	StateMixed   = mixed
	StateAfter   = after
	StateKeep    = keep
)

// Outcomes is the set of variables that hold an attempt's outcome: the
// error results of the operation's calls, and the other results of the same
// calls (the *http.Response whose status is tested).
type Outcomes struct {
	info    *types.Info
	Errs    map[types.Object]bool
	Derived map[types.Object]bool
	// Mapped are errors the program made from an outcome error
	// (sqlErr := sqlutil.MapError(err), of a type that is an error): one
	// that is not nil is a failed attempt; a nil one says nothing (the
	// mapping may drop the errors it does not know).
	Mapped map[types.Object]bool
	// cases maps the expressions of the cases of a switch with a tag to
	// the tag: the control-flow graph tests them one by one, each as
	// tag == expr.
	cases map[ast.Expr]ast.Expr
	// facts tells the status predicates of the program (apierr.OK(code)).
	facts func(*types.Func) *RespFact
	// bools are the local booleans that keep a test, each with every
	// test it is given (outcome_sets.go).
	bools map[types.Object][]ast.Expr
	// members are the local booleans that say whether a value is in a set
	// (_, ok := slices.BinarySearch(codes, x); _, ok := retryable[x]),
	// each with its set and value (outcome_sets.go).
	members map[types.Object]membership
	// statusVars are the local integers that keep a status
	// (outcome_alias.go).
	statusVars map[types.Object]ast.Expr
	// defined caches definedScalars for one body, which NoteBools and
	// NoteStatusVars both read: one walk of a loop's body instead of two.
	defined     map[types.Object][]ast.Expr
	definedBody ast.Node
	// Pending says whether an error value means "not done yet" (package
	// fails): an attempt that returns it answered, and did not fail.
	Pending func(*types.Var) bool
	// NotFoundYet says a 404 answers "not there yet": set when the loop
	// polls for a resource (a done test goes round after a success), a
	// 404 that goes round while every other error returns is the
	// resource not yet visible (RULES.md: a poll's "still pending"
	// answer), not a failed attempt.
	NotFoundYet bool
	// probes are the calls tested where they are made whose one bool
	// result is false when they failed (if probe() { ... }).
	probes map[*ast.CallExpr]bool
	// falseOnFailure are the bool results an attempt returns with its
	// error (cont, err := step()): false when it failed, so a true one
	// follows a success.
	falseOnFailure map[types.Object]bool
	// codes are the gRPC codes of outcome errors (code :=
	// status.Code(err), grpccode.go).
	codes map[types.Object]bool
}

// NoteFalseOnFailure records v as a bool result of an attempt that also
// returns an error.
func (o *Outcomes) NoteFalseOnFailure(v types.Object) {
	if o.falseOnFailure == nil {
		o.falseOnFailure = map[types.Object]bool{}
	}
	o.falseOnFailure[v] = true
}

// NoteProbe records call as an attempt whose bool result is its success.
func (o *Outcomes) NoteProbe(call *ast.CallExpr) {
	if o.probes == nil {
		o.probes = map[*ast.CallExpr]bool{}
	}
	o.probes[call] = true
}

// NewOutcomes returns an empty set of outcome variables; facts tells the
// status predicates of the program.
func NewOutcomes(info *types.Info, facts func(*types.Func) *RespFact) *Outcomes {
	return &Outcomes{info: info, Errs: map[types.Object]bool{}, Derived: map[types.Object]bool{}, Mapped: map[types.Object]bool{}, facts: facts}
}

// definedScalars returns the local booleans and integers of body defined
// there, each with every value it is given (LocalValues).
func (o *Outcomes) definedScalars(body ast.Node) map[types.Object][]ast.Expr {
	if o.definedBody != body || o.defined == nil {
		o.defined = LocalValues(o.info, body, func(t types.Type) bool { return site.IsBool(t) || site.IsInteger(t) })
		o.definedBody = body
	}
	return o.defined
}

// NoteSwitches records the cases of the switches with a tag in body.
func (o *Outcomes) NoteSwitches(body ast.Node) {
	ast.Inspect(body, func(n ast.Node) bool {
		sw, ok := n.(*ast.SwitchStmt)
		if !ok || sw.Tag == nil {
			return true
		}
		for _, c := range sw.Body.List {
			for _, e := range c.(*ast.CaseClause).List {
				if o.cases == nil {
					o.cases = map[ast.Expr]ast.Expr{}
				}
				o.cases[e] = sw.Tag
			}
		}
		return true
	})
}

// branch returns what the true and the false branch of cond say about the
// attempt. Compound conditions combine their operands; a condition that
// does not test the outcome says nothing (keep, keep).
func (o *Outcomes) Branch(cond ast.Expr) (ifTrue, ifFalse State) {
	if tag, ok := o.cases[cond]; ok {
		eq := &ast.BinaryExpr{X: tag, OpPos: cond.Pos(), Op: token.EQL, Y: cond}
		if t, f, ok := o.codeTest(eq); ok {
			return t, f
		}
		if t, f, ok := o.status(eq); ok {
			return t, f
		}
		return keep, keep
	}
	switch e := ast.Unparen(cond).(type) {
	case *ast.UnaryExpr:
		if e.Op == token.NOT {
			t, f := o.Branch(e.X)
			return f, t
		}
	case *ast.BinaryExpr:
		switch e.Op {
		case token.LAND:
			xt, xf := o.Branch(e.X)
			yt, yf := o.Branch(e.Y)
			if xt == failure && o.pendingTest(e.Y) {
				// err != nil && err == errPending: a "not yet" is an error
				// too; the answer is still not yet.
				return success, either(xf, yf)
			}
			return both(xt, yt), either(xf, yf)
		case token.LOR:
			xt, xf := o.Branch(e.X)
			yt, yf := o.Branch(e.Y)
			// ok || resp.StatusCode >= 500, ok a status's membership in
			// a set of codes the code does not show: the statuses a
			// condition lists beside failures are more of them.
			if xt == keep && xf == keep && o.unknownCodes(e.X) {
				xt, xf = yt, yf
			}
			if yt == keep && yf == keep && o.unknownCodes(e.Y) {
				yt, yf = xt, xf
			}
			return either(xt, yt), both(xf, yf)
		case token.EQL, token.NEQ:
			if o.isErrNil(e) {
				if e.Op == token.NEQ {
					return failure, success
				}
				return success, failure
			}
			if o.isMappedNil(e) {
				if e.Op == token.NEQ {
					return failure, keep
				}
				return keep, failure
			}
			// err == errPending: the attempt answered "not yet".
			if o.IsErr(e.X) && o.pending(e.Y) || o.IsErr(e.Y) && o.pending(e.X) {
				if e.Op == token.EQL {
					return success, keep
				}
				return keep, success
			}
			// err == ErrConflict: true only for a failed attempt.
			if o.IsErr(e.X) || o.IsErr(e.Y) {
				if e.Op == token.EQL {
					return failure, keep
				}
				return keep, failure
			}
		}
		if t, f, ok := o.codeTest(e); ok {
			return t, f
		}
		if t, f, ok := o.status(e); ok {
			return t, f
		}
	case *ast.CallExpr:
		if o.probes[e] {
			return success, failure
		}
		if m, ok := memberParts(o.info, e); ok {
			if t, f, ok := o.memberTest(m); ok {
				return t, f
			}
		}
		return o.callTest(e)
	case *ast.Ident:
		if m, ok := o.members[o.info.ObjectOf(e)]; ok {
			if t, f, ok := o.memberTest(m); ok {
				return t, f
			}
		}
		if t, f, ok := o.boolTest(e); ok {
			return t, f
		}
		if o.falseOnFailure[o.info.ObjectOf(e)] {
			return success, keep // if !cont { return }: a failure does not go on
		}
	}
	return keep, keep
}

// both combines what two conditions that both hold say: one that says
// nothing leaves the other's answer, and a failure outweighs a success
// (err == nil && resp.StatusCode == 429 is a failed attempt).
func both(a, b State) State {
	switch {
	case a == keep:
		return b
	case b == keep || a == b:
		return a
	}
	return failure
}

// Both and Either combine the answers of the operands of && and || for
// the loop walks, which read some operands themselves (an attempt's
// success flag).
func Both(a, b State) State   { return both(a, b) }
func Either(a, b State) State { return either(a, b) }

// either combines what two conditions of which one holds say: only an
// answer both give is certain.
func either(a, b State) State {
	if a == b {
		return a
	}
	return keep
}

// ErrTestOnly reports whether cond tests only outcome errors against nil
// (err == nil, err != nil && lastErr == nil...), not a response.
func (o *Outcomes) ErrTestOnly(cond ast.Expr) bool {
	switch e := ast.Unparen(cond).(type) {
	case *ast.UnaryExpr:
		return e.Op == token.NOT && o.ErrTestOnly(e.X)
	case *ast.BinaryExpr:
		switch e.Op {
		case token.LAND, token.LOR:
			return o.ErrTestOnly(e.X) && o.ErrTestOnly(e.Y)
		case token.EQL, token.NEQ:
			return o.isErrNil(e)
		}
	}
	return false
}

// isErrNil reports whether e compares an outcome error with nil.
func (o *Outcomes) isErrNil(e *ast.BinaryExpr) bool {
	return o.Errs[o.comparedWithNil(e)]
}

// isMappedNil reports whether e compares an error mapped from an outcome
// error with nil.
func (o *Outcomes) isMappedNil(e *ast.BinaryExpr) bool {
	return o.Mapped[o.comparedWithNil(e)]
}

// comparedWithNil returns the variable e compares with nil, or nil.
func (o *Outcomes) comparedWithNil(e *ast.BinaryExpr) types.Object {
	x, y := ast.Unparen(e.X), ast.Unparen(e.Y)
	if site.IsNil(o.info, x) {
		x, y = y, x
	}
	id, ok := x.(*ast.Ident)
	if !ok || !site.IsNil(o.info, y) {
		return nil
	}
	return o.info.ObjectOf(id)
}

// NoteMapped notes n when it is sqlErr := mapErr(err): one variable
// defined from a call given an outcome error, of a type (not error
// itself: that is an attempt's outcome) that implements error.
func (o *Outcomes) NoteMapped(n ast.Node) bool {
	as, ok := n.(*ast.AssignStmt)
	if !ok || len(as.Lhs) != 1 || len(as.Rhs) != 1 {
		return false
	}
	id, ok := as.Lhs[0].(*ast.Ident)
	call, isCall := ast.Unparen(as.Rhs[0]).(*ast.CallExpr)
	if !ok || !isCall || id.Name == "_" {
		return false
	}
	obj := o.info.ObjectOf(id)
	if o.noteCode(obj, call) {
		return true
	}
	errIface := types.Universe.Lookup("error").Type().Underlying().(*types.Interface)
	if obj == nil || site.IsErrorType(obj.Type()) || !types.Implements(obj.Type(), errIface) {
		return false
	}
	for _, a := range call.Args {
		if o.IsErr(a) {
			o.Mapped[obj] = true
			return true
		}
	}
	return false
}

// IsErr reports whether e is a variable holding an attempt's error.
func (o *Outcomes) IsErr(e ast.Expr) bool {
	id, ok := ast.Unparen(e).(*ast.Ident)
	return ok && o.Errs[o.info.ObjectOf(id)]
}

// callTest classifies a call used as a condition: errors.Is/As and any
// predicate over an outcome error ("isRetryable(err)") are true only for a
// failed attempt; resty's IsSuccess/IsError test the response.
func (o *Outcomes) callTest(call *ast.CallExpr) (State, State) {
	if isYield(o.info, call) {
		return keep, keep
	}
	if t, f, ok := o.predicate(call); ok {
		return t, f
	}
	if sel, ok := call.Fun.(*ast.SelectorExpr); ok && o.IsDerived(sel.X) {
		fn := libs.Callee(o.info, call)
		switch {
		case libs.IsMethod(fn, libs.RestyV2, "Response", "IsSuccess"):
			return success, failure
		case libs.IsMethod(fn, libs.RestyV2, "Response", "IsError"):
			return failure, success
		}
	}
	// errors.Is(err, errPending): the attempt answered "not yet".
	if libs.Is(libs.Callee(o.info, call), "errors", "Is") && len(call.Args) == 2 && o.IsErr(call.Args[0]) && o.pending(call.Args[1]) {
		return success, keep
	}
	if nilOnTrue, ok := libs.ErrorAsserts.Lookup(libs.Callee(o.info, call)); ok && slices.ContainsFunc(call.Args, o.IsErr) {
		if nilOnTrue {
			return success, failure // if !assert.NoError(t, err) { break }
		}
		return failure, success
	}
	for _, arg := range call.Args {
		if o.IsErr(arg) {
			return failure, keep
		}
	}
	return keep, keep
}

// Required returns what holds of the attempt after statement n when n is
// a test assertion that ends the test unless it holds
// (require.NoError(t, err): success; require.Error(t, err): failure).
func (o *Outcomes) Required(n ast.Node) (State, bool) {
	es, ok := n.(*ast.ExprStmt)
	if !ok {
		return keep, false
	}
	call, ok := ast.Unparen(es.X).(*ast.CallExpr)
	if !ok {
		return keep, false
	}
	nilHolds, ok := libs.ErrorRequires.Lookup(libs.Callee(o.info, call))
	if !ok || !slices.ContainsFunc(call.Args, o.IsErr) {
		return keep, false
	}
	if nilHolds {
		return success, true
	}
	return failure, true
}

// pendingTest reports whether cond is true only when the attempt answered
// "not yet" (err == errPending, errors.Is(err, errPending)).
func (o *Outcomes) pendingTest(cond ast.Expr) bool {
	switch e := ast.Unparen(cond).(type) {
	case *ast.BinaryExpr:
		return e.Op == token.EQL && (o.IsErr(e.X) && o.pending(e.Y) || o.IsErr(e.Y) && o.pending(e.X))
	case *ast.CallExpr:
		return libs.Is(libs.Callee(o.info, e), "errors", "Is") && len(e.Args) == 2 && o.IsErr(e.Args[0]) && o.pending(e.Args[1])
	}
	return false
}

// pending reports whether e names an error value that says "not done
// yet" (Pending).
func (o *Outcomes) pending(e ast.Expr) bool {
	if o.Pending == nil {
		return false
	}
	id := site.NameOf(e)
	if id == nil {
		return false
	}
	v, ok := o.info.Uses[id].(*types.Var)
	return ok && o.Pending(v)
}

// predicate classifies a call of a status predicate of the program
// (RespFact) on a response of the attempt or its status: one true only for
// successes is a success test, one true only for failures a failure test.
func (o *Outcomes) predicate(call *ast.CallExpr) (State, State, bool) {
	if o.facts == nil {
		return 0, 0, false
	}
	fn := libs.Callee(o.info, call)
	if fn == nil {
		return 0, 0, false
	}
	f := o.facts(fn)
	if f == nil || !f.Predicate || f.True == 0 || f.Param >= len(call.Args) {
		return 0, 0, false
	}
	arg := o.unalias(call.Args[f.Param])
	if !o.IsDerived(arg) && statusExpr(o.info, arg, o.IsDerived) == noStatus {
		return 0, 0, false
	}
	var codes []int64
	for i, c := range site.SampleCodes {
		if f.True&(1<<i) != 0 {
			codes = append(codes, c)
		}
	}
	return codesTest(codes)
}

// codesTest classifies a test that is true for the statuses codes: true
// for successes only, it is a success test; for failures only, a failure
// test whose false side says nothing.
func codesTest(codes []int64) (State, State, bool) {
	var ok, failed bool
	for _, c := range codes {
		ok = ok || c < 400
		failed = failed || c >= 400
	}
	switch {
	case ok && !failed:
		return success, failure, true
	case failed && !ok:
		return failure, keep, true
	}
	return 0, 0, false
}

func (o *Outcomes) IsDerived(e ast.Expr) bool {
	id, ok := ast.Unparen(e).(*ast.Ident)
	return ok && o.Derived[o.info.ObjectOf(id)]
}

// status classifies a comparison of a response's status code with a
// constant: statuses below 400 are a success, 4xx and 5xx a failure.
func (o *Outcomes) status(e *ast.BinaryExpr) (State, State, bool) {
	op, c, ok := StatusTest(o.info, o.unaliasBinary(e), o.IsDerived)
	if !ok {
		return 0, 0, false
	}
	ok2xx := func(t, f State) (State, State, bool) { return t, f, true }
	if o.NotFoundYet && c == 404 && (op == token.EQL || op == token.NEQ) {
		if op == token.EQL {
			return success, keep, true // resp.StatusCode == 404: not there yet
		}
		return keep, success, true
	}
	switch op {
	case token.EQL:
		if c < 400 {
			return ok2xx(success, failure)
		}
		return ok2xx(failure, keep)
	case token.NEQ:
		if c < 400 {
			return ok2xx(failure, success)
		}
		return ok2xx(keep, failure)
	case token.GEQ, token.GTR:
		if c >= 299 {
			return ok2xx(failure, success)
		}
		// status >= 200, the lower bound of a success range
		// (code >= 200 && code < 300): false only below 200.
		if op == token.GEQ && c <= 200 || op == token.GTR && c < 200 {
			return ok2xx(keep, failure)
		}
	case token.LSS, token.LEQ:
		if c >= 299 {
			return ok2xx(success, failure)
		}
		// status < 200, the other half of code < 200 || code > 299.
		if op == token.LSS && c <= 200 || op == token.LEQ && c < 200 {
			return ok2xx(failure, keep)
		}
	}
	return 0, 0, false
}

// StatusTest reads a comparison of a response's status code with a
// constant, normalised to "status OP code": resp.StatusCode,
// resp.StatusCode() (resty) or resp.StatusCode/100 (a class, turned into a
// bound on the code) on either side. isResponse says whether the operand
// the status is read from is a response of interest.
func StatusTest(info *types.Info, e *ast.BinaryExpr, isResponse func(ast.Expr) bool) (op token.Token, code int64, ok bool) {
	x, y, op := e.X, e.Y, e.Op
	c, ok := astutil.IntConst(info, y)
	if !ok {
		if c, ok = astutil.IntConst(info, x); !ok {
			return 0, 0, false
		}
		x, op = y, astutil.Mirror(op)
	}
	switch statusExpr(info, x, isResponse) {
	case statusCode:
		return op, c, true
	case statusClass: // resp.StatusCode/100 compared with 2
		c *= 100
		switch op {
		case token.EQL: // below the next class (what is below the class does not occur)
			return token.LSS, c + 100, true
		case token.NEQ:
			return token.GEQ, c + 100, true
		case token.GTR, token.LEQ:
			return op, c + 99, true
		}
		return op, c, true
	}
	return 0, 0, false
}

type statusKind int

const (
	noStatus statusKind = iota
	statusCode
	statusClass
)

// statusExpr recognises resp.StatusCode, resp.StatusCode() (resty) and
// resp.StatusCode/100.
func statusExpr(info *types.Info, e ast.Expr, isResponse func(ast.Expr) bool) statusKind {
	e = ast.Unparen(e)
	if b, ok := e.(*ast.BinaryExpr); ok && b.Op == token.QUO {
		if c, ok := astutil.IntConst(info, b.Y); ok && c == 100 && statusExpr(info, b.X, isResponse) == statusCode {
			return statusClass
		}
		return noStatus
	}
	if call, ok := e.(*ast.CallExpr); ok && len(call.Args) == 0 {
		e = call.Fun
	}
	sel, ok := e.(*ast.SelectorExpr)
	if ok && (sel.Sel.Name == "StatusCode" || ownStatusField(info, sel)) && isResponse(sel.X) {
		return statusCode
	}
	return noStatus
}

// ownStatusField reports whether sel reads an integer field of the
// program's own result type that holds an HTTP status under one of the
// names programs give it (res.statusCode, r.HTTPStatus, out.Status of a
// v1Result the attempt filled from resp.StatusCode).
func ownStatusField(info *types.Info, sel *ast.SelectorExpr) bool {
	v, ok := info.ObjectOf(sel.Sel).(*types.Var)
	if !ok || !v.IsField() || !site.IsInteger(v.Type()) {
		return false
	}
	switch strings.ToLower(v.Name()) {
	case "statuscode", "httpstatuscode", "httpstatus", "status", "httpcode":
		return true
	}
	return false
}

// IsOpAssign reports whether n stores the outcome of an attempt: an
// assignment or declaration whose right side is a call and whose left side
// has an error-typed variable. Calls that only build or inspect errors
// (fmt.Errorf, errors.New, ctx.Err) are not attempts.
func IsOpAssign(info *types.Info, n ast.Node) (lhs []ast.Expr, ok bool) {
	var rhs []ast.Expr
	switch n := n.(type) {
	case *ast.AssignStmt:
		lhs, rhs = n.Lhs, n.Rhs
	case *ast.ValueSpec:
		for _, id := range n.Names {
			lhs = append(lhs, id)
		}
		rhs = n.Values
	default:
		return nil, false
	}
	if len(rhs) != 1 {
		return nil, false
	}
	call, isCall := ast.Unparen(rhs[0]).(*ast.CallExpr)
	if !isCall || !IsAttempt(info, call) {
		return nil, false
	}
	for _, l := range lhs {
		if site.IsErrorType(info.TypeOf(l)) {
			return lhs, true
		}
	}
	return nil, false
}

func IsAttempt(info *types.Info, call *ast.CallExpr) bool {
	if tv, ok := info.Types[call.Fun]; ok && tv.IsType() {
		return false // a conversion
	}
	fn := libs.Callee(info, call)
	_, skip := libs.NotAttempts.Lookup(fn)
	_, rewind := libs.NotAttemptFields.LookupField(info, call)
	return !skip && !rewind && !libs.UnwrapsError(fn) && !ReadsDelay(info, call) && !mapsError(info, call)
}

// mapsError reports whether call only turns errors into an error
// (err1 := unwrapNoRetryErr(err), wrap(err, op)): every parameter an
// error, one error result. It makes no request; counting it as an
// attempt would make the failed attempt's error its input.
func mapsError(info *types.Info, call *ast.CallExpr) bool {
	sig, ok := types.Unalias(info.TypeOf(call.Fun)).(*types.Signature)
	if !ok || sig.Params().Len() == 0 || sig.Results().Len() != 1 || !site.IsErrorType(sig.Results().At(0).Type()) {
		return false
	}
	for p := range sig.Params().Variables() {
		if !site.IsErrorType(p.Type()) {
			return false
		}
	}
	return true
}

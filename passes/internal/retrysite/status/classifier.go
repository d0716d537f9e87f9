package status

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"slices"
	"strings"

	"github.com/idemlint/idemlint/passes/internal/libs"
	"github.com/idemlint/idemlint/passes/internal/retrysite/site"
)

// Error classifiers. Real clients turn a failed status into an error of an
// API error type that carries the status (&APIError{StatusCode:
// resp.StatusCode}), and decide whether to retry with a helper that reads
// it back:
//
//	func isRetryable(err error) bool {
//		var apiErr *APIError
//		if errors.As(err, &apiErr) {
//			return apiErr.StatusCode >= 500 || apiErr.StatusCode == 429
//		}
//		return true // a network error
//	}
//
// The simulation of a failure test reads such a classifier like a status
// predicate: an error the simulated status made (a status checker's, a
// sending helper's, an API error built from the status) matches errors.As
// or a type assertion to a type that carries a status (a StatusCode,
// Status or HTTPStatusCode integer field, or such a method; an app's own
// Code is not taken for the status), and
// that status is the simulated one. A classifier of another package is
// read through its RespFact: Param is its error parameter, True and False
// the statuses for which every path returns true or false.

// statusMember returns the integer field or method by which a type (or
// what it points to) carries an HTTP status, or nil.
func statusMember(t types.Type) types.Object {
	if t == nil {
		return nil
	}
	if p, ok := types.Unalias(t).(*types.Pointer); ok {
		t = p.Elem()
	}
	named, ok := types.Unalias(t).(*types.Named)
	if !ok || types.IsInterface(named) {
		return nil
	}
	for _, name := range []string{"StatusCode", "HTTPStatusCode", "HTTPStatus", "Status", "Response"} {
		obj, index, _ := types.LookupFieldOrMethod(types.NewPointer(named), true, named.Obj().Pkg(), name)
		if len(index) > 1 && embedsError(named, index[0]) {
			// type NonceError struct{ *ProblemDetails }: a type made for
			// one case of another API error; errors.As to it matches
			// only that case, not every status the other carries.
			return nil
		}
		switch o := obj.(type) {
		case *types.Var:
			if o.IsField() && site.IsInteger(o.Type()) {
				return o
			}
			if o.IsField() && len(index) == 1 && isHTTPResponse(o.Type()) {
				// type ErrorResponse struct{ Response *http.Response;
				// Message string } (godo, go-github): the status is
				// err.Response.StatusCode.
				return o
			}
		case *types.Func:
			sig := o.Signature()
			if sig.Params().Len() == 0 && sig.Results().Len() == 1 && site.IsInteger(sig.Results().At(0).Type()) {
				return o
			}
		}
	}
	return nil
}

// embedsError reports whether the field at index i of named's struct is an
// embedded type that is an error itself.
func embedsError(named *types.Named, i int) bool {
	st, ok := named.Underlying().(*types.Struct)
	if !ok || i >= st.NumFields() || !st.Field(i).Embedded() {
		return false
	}
	errIface := types.Universe.Lookup("error").Type().Underlying().(*types.Interface)
	t := st.Field(i).Type()
	return types.Implements(t, errIface) || types.Implements(types.NewPointer(t), errIface)
}

// statusErr decides whether e is the error the simulated status made:
// yes for an error known non-nil on this status, no for one known nil.
func (s *sim) statusErr(e ast.Expr, p *simPath) tri {
	id, ok := ast.Unparen(e).(*ast.Ident)
	if !ok {
		return unk
	}
	v, ok := p.env[s.info.ObjectOf(id)]
	if !ok || v.kind != errStatus {
		return unk
	}
	switch {
	case v.mask.Has(s.code):
		return yes
	case v.nilMask.Has(s.code):
		return no
	}
	return unk
}

// errorsAs decides errors.As(err, &target) on the error the status made,
// for a target whose type carries a status: the target then holds it.
func (s *sim) errorsAs(call *ast.CallExpr, p *simPath) tri {
	fn := libs.Callee(s.info, call)
	if !libs.IsErrorsFunc(fn, "As") || len(call.Args) != 2 {
		return unk
	}
	u, ok := ast.Unparen(call.Args[1]).(*ast.UnaryExpr)
	if !ok || u.Op != token.AND {
		return unk
	}
	target := s.objOf(u.X)
	if target == nil || statusMember(target.Type()) == nil {
		return unk
	}
	t := s.statusErr(call.Args[0], p)
	if t == yes {
		s.carry(target)
	}
	return t
}

// assertStatus reads t, ok := err.(*APIError) on the error the status
// made: ok is true and t carries the status.
func (s *sim) assertStatus(lhs, rhs []ast.Expr, p *simPath) bool {
	if len(lhs) != 2 || len(rhs) != 1 {
		return false
	}
	ta, ok := ast.Unparen(rhs[0]).(*ast.TypeAssertExpr)
	if !ok || ta.Type == nil || statusMember(s.info.TypeOf(ta.Type)) == nil || s.statusErr(ta.X, p) != yes {
		return false
	}
	if obj := s.objOf(lhs[0]); obj != nil {
		p.delEnv(obj)
		s.carry(obj)
	}
	if obj := s.objOf(lhs[1]); obj != nil {
		p.setEnv(obj, value{b: yes})
	}
	return true
}

func (s *sim) carry(obj types.Object) {
	if s.carriers == nil {
		s.carriers = map[types.Object]bool{}
	}
	s.carriers[obj] = true
}

// carriedStatus evaluates apiErr.StatusCode or apiErr.StatusCode() of an
// error that carries the simulated status.
func (s *sim) carriedStatus(e ast.Expr) (int64, bool) {
	if call, ok := e.(*ast.CallExpr); ok && len(call.Args) == 0 {
		e = ast.Unparen(call.Fun)
	}
	sel, ok := e.(*ast.SelectorExpr)
	if !ok || len(s.carriers) == 0 {
		return 0, false
	}
	if inner, ok := ast.Unparen(sel.X).(*ast.SelectorExpr); ok && sel.Sel.Name == "StatusCode" && isHTTPResponse(s.info.TypeOf(inner)) {
		sel = inner // apiErr.Response.StatusCode: the response the error carries
	}
	root, ok := ast.Unparen(sel.X).(*ast.Ident)
	if !ok || !s.carriers[s.info.ObjectOf(root)] {
		return 0, false
	}
	if m := statusMember(s.info.TypeOf(sel.X)); m != nil && m == s.info.ObjectOf(sel.Sel) {
		return s.status(), true
	}
	return 0, false
}

// carriedResponse reports whether e is apiErr.Response, the response
// field of an error that carries the simulated status.
func (s *sim) carriedResponse(e ast.Expr) bool {
	sel, ok := ast.Unparen(e).(*ast.SelectorExpr)
	if !ok || len(s.carriers) == 0 || !isHTTPResponse(s.info.TypeOf(sel)) {
		return false
	}
	root, ok := ast.Unparen(sel.X).(*ast.Ident)
	if !ok || !s.carriers[s.info.ObjectOf(root)] {
		return false
	}
	m := statusMember(s.info.TypeOf(sel.X))
	return m != nil && m == s.info.ObjectOf(sel.Sel)
}

// statusErrLit is the error &APIError{StatusCode: resp.StatusCode} (or
// without the &) built from the simulated status: non-nil, and made by
// this status.
func (s *sim) statusErrLit(e ast.Expr, p *simPath) (value, bool) {
	if u, ok := e.(*ast.UnaryExpr); ok && u.Op == token.AND {
		e = ast.Unparen(u.X)
	}
	lit, ok := e.(*ast.CompositeLit)
	if !ok {
		return value{}, false
	}
	m := statusMember(s.info.TypeOf(lit))
	if m == nil {
		return value{}, false
	}
	for _, el := range lit.Elts {
		kv, ok := el.(*ast.KeyValueExpr)
		if !ok {
			continue
		}
		if k, ok := kv.Key.(*ast.Ident); ok && k.Name == m.Name() && s.statusVal(kv.Value, p) {
			if n, _ := s.intVal(kv.Value, p); n == s.code {
				return value{kind: errStatus, mask: statusBit(s.code)}, true
			}
		}
	}
	return value{}, false
}

// statusBit is the set holding one sampled status.
func statusBit(code int64) site.Statuses {
	for i, c := range site.SampleCodes {
		if c == code {
			return 1 << i
		}
	}
	return 0
}

// classified decides a call of an error classifier (a RespFact whose
// parameter is an error) on the error the status made.
func (s *sim) classified(fact *RespFact, fn *types.Func, call *ast.CallExpr, p *simPath) (tri, bool) {
	if fn == nil || fact.Param >= len(call.Args) || !isErrorParam(fn, fact.Param) {
		return unk, false
	}
	if s.statusErr(call.Args[fact.Param], p) != yes {
		return unk, true
	}
	if c, ok := statusArgIs(s.info, fact, call); ok {
		return triOf(s.status() == c), true // IsAPIError(err, 429, "")
	}
	switch {
	case fact.True.Has(s.status()):
		return yes, true
	case fact.False.Has(s.status()):
		return no, true
	}
	return unk, true
}

// errorParam returns the error parameter of a classifier (a function
// returning a bool alone), and its index.
func errorParam(sig *types.Signature) (types.Object, int) {
	for i := range sig.Params().Len() {
		if v := sig.Params().At(i); site.IsErrorType(v.Type()) && v.Name() != "" && v.Name() != "_" {
			return v, i
		}
	}
	return nil, -1
}

// classOf evaluates classify(err), a classifier that returns a class, on
// the error the status made.
func (s *sim) classOf(call *ast.CallExpr, p *simPath) (int64, bool) {
	fact, fn := s.factOf(call)
	if fact == nil || fact.Classified == 0 || fn == nil || fact.Param < 0 || fact.Param >= len(call.Args) {
		return 0, false
	}
	if s.statusErr(call.Args[fact.Param], p) != yes {
		return 0, false
	}
	code := s.status()
	for i, c := range site.SampleCodes {
		if c == code && fact.Classified&(1<<i) != 0 {
			return fact.Classes[i], true
		}
	}
	return 0, false
}

// classString lists the classes of the statuses a class classifier
// knows: "[400 401]=1 [500]=2".
func (f *RespFact) classString() string {
	byClass := map[int64]site.Statuses{}
	var order []int64
	for i := range site.SampleCodes {
		if f.Classified&(1<<i) == 0 {
			continue
		}
		c := f.Classes[i]
		if _, ok := byClass[c]; !ok {
			order = append(order, c)
		}
		byClass[c] |= 1 << i
	}
	slices.Sort(order)
	var parts []string
	for _, c := range order {
		parts = append(parts, fmt.Sprintf("%d for [%v]", c, byClass[c]))
	}
	return strings.Join(parts, ", ")
}

// classifiersOf lists the functions called in body that are error
// classifiers (a RespFact on an error parameter), once each, in the order
// of the code.
func classifiersOf(info *types.Info, body ast.Node, facts func(*types.Func) *RespFact) []*types.Func {
	if facts == nil {
		return nil
	}
	var out []*types.Func
	ast.Inspect(body, func(n ast.Node) bool {
		call, ok := n.(*ast.CallExpr)
		if !ok {
			return true
		}
		fn := libs.Callee(info, call)
		if fn == nil || slices.Contains(out, fn) {
			return true
		}
		if f := facts(fn); f != nil && (f.Classified != 0 || f.Predicate && isErrorParam(fn, f.Param)) {
			out = append(out, fn)
		}
		return true
	})
	return out
}

// isErrorParam reports whether parameter i of fn is an error.
func isErrorParam(fn *types.Func, i int) bool {
	params := fn.Signature().Params()
	return i >= 0 && i < params.Len() && site.IsErrorType(params.At(i).Type())
}

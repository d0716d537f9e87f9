package retrynonidempotent

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
)

// BuildsFact marks a function that returns a request it builds (a
// c.newRequest(ctx, method, path, body) helper): with the constant Method,
// or with the method its parameter MethodParam carries. Keyed says it sets
// an idempotency key on the request; FreshKey, the file:line where that
// key is made anew on every call (uuid.NewString() inside the builder), so
// a builder called per attempt sends a new key with each.
type BuildsFact struct {
	Method      string
	MethodParam int
	MethodField string // as SendsFact's
	Keyed       bool
	FreshKey    string
	// HeaderParams are the header maps, parameters of the builder, whose
	// names the request gets: the callers' arguments decide the key.
	HeaderParams []HeaderParam
	// KeyArg, when not 0, is 1 + the index of the parameter whose value
	// the builder sets as the key (c.newKeyedRequest(ctx, method, path,
	// key, body)): a caller that makes it inside a retry makes a new key
	// per attempt.
	KeyArg int
}

func (*BuildsFact) AFact() {}
func (f *BuildsFact) String() string {
	m := f.Method
	if f.MethodParam >= 0 {
		m = fmt.Sprintf("param %d", f.MethodParam)
		if f.MethodField != "" {
			m += "." + f.MethodField
		}
	}
	if len(f.HeaderParams) > 0 {
		return fmt.Sprintf("builds %s request (keyed=%t fresh=%t) with headers %v", m, f.Keyed, f.FreshKey != "", f.HeaderParams)
	}
	return fmt.Sprintf("builds %s request (keyed=%t fresh=%t)", m, f.Keyed, f.FreshKey != "")
}

// freshKey is a key made anew by each call of a function the request or
// send comes from.
type freshKey struct {
	call  *ast.CallExpr // the call, in this function, that makes it
	via   *types.Func   // the function called
	where string        // file:line of the call that makes the value
	at    token.Pos     // that call, when it is in this function's header map
	// inMap says the call makes a header map given to the request: it
	// counts wherever in the retry it runs, not only on the attempt's
	// path to the send as a builder does.
	inMap bool
}

func (a *analyzer) buildsFact(fn *types.Func, f *BuildsFact) bool {
	if fn == nil {
		return false
	}
	// Http.NewRequest(method, url, body) through an interface whose one
	// implementation wraps http.NewRequest (a seam for tests).
	fn = a.implementation(fn)
	if local, ok := a.builds[fn]; ok {
		*f = *local
		return true
	}
	return fn.Pkg() != a.pass.Pkg && a.pass.ImportObjectFact(fn, f)
}

// learnBuilders finds the functions of the package that return a request
// whose method they know or take as a parameter; it reports whether it
// learned a new one.
func (a *analyzer) learnBuilders() bool {
	grew := false
	for _, d := range a.decls {
		if a.builds[d.Func] != nil {
			continue
		}
		res := d.Func.Signature().Results()
		idx := -1
		for i := range res.Len() {
			if isRequest(res.At(i).Type()) {
				idx = i
				break
			}
		}
		if idx < 0 {
			continue
		}
		in := a.inspector(d)
		var fact *BuildsFact
		for n := range a.index.Each(d, nil) {
			ret, ok := n.(*ast.ReturnStmt)
			if !ok {
				continue
			}
			var e ast.Expr
			switch {
			case len(ret.Results) == res.Len():
				e = ret.Results[idx]
			case len(ret.Results) == 1:
				e = ret.Results[0] // return NewJSONRequest(ctx, http.MethodPost, url, body)
			default:
				continue
			}
			s := &send{methodParam: -1}
			in.request(s, e)
			if s.method == "" && s.methodParam < 0 {
				continue
			}
			fact = &BuildsFact{Method: s.method, MethodParam: s.methodParam, MethodField: s.methodField, Keyed: s.keyed}
			if !s.keyed {
				fact.HeaderParams = s.keyParams
			}
			if k := a.freshKeyOf(s, nil); k != nil {
				fact.FreshKey = k.where
			}
			fact.KeyArg = a.keyParamOf(d.Func, s)
			break // the first return that tells
		}
		if fact != nil {
			a.builds[d.Func] = fact
			grew = true
		}
	}
	return grew
}

// freshKeyOf returns the key of a send that is made anew each time the
// function holding it runs: built by a builder that makes one, or set from
// a value made by uuid, rand, time.Now (or a function that returns one) in
// this function. Only calls within the node in (nil: anywhere) count.
func (a *analyzer) freshKeyOf(s *send, in func(token.Pos) bool) *freshKey {
	if s.fresh != nil && (in == nil || in(s.fresh.call.Pos())) {
		return s.fresh
	}
	for _, pos := range s.freshAt {
		if in == nil || in(pos) {
			return &freshKey{call: s.call, where: a.position(pos), at: pos}
		}
	}
	for _, kv := range s.keyValues {
		c := a.calls()[kv.call.Lparen]
		if c == nil || kv.arg >= len(c.Args) {
			continue
		}
		for _, pos := range a.freshCalls(c.Args[kv.arg]) {
			if in == nil || in(pos) {
				return &freshKey{call: kv.call, where: a.position(pos)}
			}
		}
	}
	return nil
}

func (a *analyzer) position(pos token.Pos) string {
	p := a.pass.Fset.Position(pos)
	return fmt.Sprintf("%s:%d", baseName(p.Filename), p.Line)
}

// keyParamOf returns 1 + the index of fn's parameter that a key header of
// s is set from, or 0.
func (a *analyzer) keyParamOf(fn *types.Func, s *send) int {
	params := fn.Signature().Params()
	for _, kv := range s.keyValues {
		if kv.astArg < 0 || kv.astArg >= len(kv.call.Args) {
			continue
		}
		id, ok := ast.Unparen(kv.call.Args[kv.astArg]).(*ast.Ident)
		if !ok {
			continue
		}
		for i := range params.Len() {
			if a.pass.TypesInfo.Uses[id] == params.At(i) {
				return i + 1
			}
		}
	}
	return 0
}

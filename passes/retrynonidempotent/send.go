package retrynonidempotent

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"strings"

	"github.com/idemlint/idemlint/passes/internal/astutil"
	"github.com/idemlint/idemlint/passes/internal/bodies"
	"github.com/idemlint/idemlint/passes/internal/libs"
)

// send is one call that sends a request, as seen from its function.
type send struct {
	call *ast.CallExpr
	// method is the constant method, or "" when unknown.
	method string
	// methodParam is the index of the enclosing function's parameter the
	// method comes from, or -1.
	methodParam int
	// methodField, with methodParam, says the method is that string field
	// of the parameter (opt.Method of a PerformRequest(ctx, opt) helper).
	methodField string
	// keyed is true when a key header is set on the request, or may be.
	keyed bool
	// keyValues are the values of the key headers set by name.
	keyValues []keyValue
	// via is the function called, when the send happens inside it (its
	// SendsFact says so); nil for a direct send.
	via  *types.Func
	fact *SendsFact
	// fresh is set when the key comes from a builder function that makes
	// a new one on every call.
	fresh *freshKey
	// retriedBy is the wrapper that sends the request inside a retry of
	// its own, if any.
	retriedBy *types.Func
	// builder is the function of the program that built the request, if
	// any, for the related information.
	builder *types.Func
	// keyParams are the header maps, parameters of the function, whose
	// names the request carries: keyed or not as the callers decide.
	keyParams []HeaderParam
	// freshAt are the calls making a key's value in a header map given
	// to the request.
	freshAt []token.Pos
}

// keyValue is a key header set by a call (Header.Set, SetHeader), whose
// value argument is at index arg of the call's SSA arguments and at index
// astArg of its syntax; or the key argument of a call of a builder that
// sets the key from its parameter (BuildsFact.KeyArg).
type keyValue struct {
	call   *ast.CallExpr
	arg    int
	astArg int
}

// inspector finds the sends of one function declaration.
type inspector struct {
	a    *analyzer
	info *types.Info
	decl ast.Node         // the whole declaration: requests are built anywhere in it
	body *bodies.Body     // its body, with the literals inside read through the index
	sig  *types.Signature // its signature, for method parameters

	// reading holds the locals (and, for a struct, the field) whose header
	// maps are being read: locals assigned from each other (h, g = g, h)
	// lead back to one, which then adds nothing the first reading does not.
	reading map[readKey]bool
}

type readKey struct{ v, field *types.Var }

// enter marks the local v (its field, when not nil) as being read, and
// reports false when it already is.
func (in *inspector) enter(v, field *types.Var) bool {
	k := readKey{v, field}
	if in.reading[k] {
		return false
	}
	if in.reading == nil {
		in.reading = map[readKey]bool{}
	}
	in.reading[k] = true
	return true
}

func (in *inspector) leave(v, field *types.Var) { delete(in.reading, readKey{v, field}) }

// sendOf describes call, whose callee is fn, if it sends a request, or
// returns nil.
func (in *inspector) sendOf(call *ast.CallExpr, fn *types.Func) *send {
	if fn == nil {
		return nil
	}
	if _, ok := libs.GraphQLQueries.Lookup(fn); ok {
		return nil // a GraphQL query is a POST that only reads
	}
	row, ok := libs.Sends.Lookup(fn)
	if !ok && isDoer(fn) {
		row, ok = libs.Send{MethodArg: -1, RequestArg: 0}, true
	}
	if ok {
		s := &send{call: call, method: row.Method, methodParam: -1}
		switch {
		case row.Wrapped:
			if w := libs.WrappedRequest(in.info, call, in.decl); w != nil {
				if i, _ := libs.RetryingRequestCalls.Lookup(libs.Callee(in.info, w)); i < len(w.Args) {
					in.request(s, w.Args[i])
				}
			}
		case row.RequestArg >= 0 && row.RequestArg < len(call.Args):
			in.request(s, call.Args[row.RequestArg])
		case row.MethodArg >= 0 && row.MethodArg < len(call.Args):
			s.method, s.methodParam, s.methodField = in.methodOf(call.Args[row.MethodArg])
			in.restyChain(s, call)
		default:
			in.restyChain(s, call)
		}
		return s
	}
	// The facts are read into the analyzer's buffers, then copied: a
	// fact variable of this function, handed to ImportObjectFact, would
	// be allocated for every call of every body, and almost none has one.
	fn = in.a.implementation(fn) // the report names the method that sends
	if in.a.sendsRequestFact(fn, &in.a.wrapBuf) && wrappedArg(call, in.a.wrapBuf.Param) != nil {
		wrap := in.a.wrapBuf
		s := &send{call: call, methodParam: -1}
		in.request(s, wrappedArg(call, wrap.Param))
		s.keyed = s.keyed || wrap.Keyed
		if wrap.Retried {
			s.retriedBy = fn
		}
		return s
	}
	if in.a.sendsFact(fn, &in.a.sendBuf) {
		fact := in.a.sendBuf
		s := &send{call: call, via: fn, fact: &fact, method: fact.Method, methodParam: -1}
		if fact.MethodParam >= 0 && fact.MethodParam < len(call.Args) {
			s.method, s.methodParam, s.methodField = in.methodOfArg(call.Args[fact.MethodParam], fact.MethodField)
		}
		for _, p := range fact.HeaderParams {
			s.addHeaders(in.argHeaders(call, p))
		}
		return s
	}
	return nil
}

// methodOf resolves a method argument to a constant or to a parameter of
// the enclosing function.
func (in *inspector) methodOf(e ast.Expr) (string, int, string) {
	if tv, ok := in.info.Types[e]; ok && tv.Value != nil && tv.Value.Kind() == constant.String {
		return strings.ToUpper(constant.StringVal(tv.Value)), -1, ""
	}
	field := ""
	if sel, ok := ast.Unparen(e).(*ast.SelectorExpr); ok {
		// opt.Method: a string field of a parameter, which the callers
		// fill (PerformRequest(ctx, PerformRequestOptions{Method: "POST"})).
		if v, ok := in.info.Uses[sel.Sel].(*types.Var); ok && v.IsField() {
			field, e = sel.Sel.Name, sel.X
		}
	}
	if id, ok := ast.Unparen(e).(*ast.Ident); ok && in.sig != nil {
		obj := in.info.Uses[id]
		for i := range in.sig.Params().Len() {
			if in.sig.Params().At(i) == obj {
				return "", i, field
			}
		}
	}
	return "", -1, ""
}

// methodOfArg resolves the argument a fact's method parameter receives:
// the argument itself, or, when the method is a field of that parameter,
// the field as a composite literal argument sets it (an unset Method is
// GET) or as a parameter of this function carries it on.
func (in *inspector) methodOfArg(e ast.Expr, field string) (string, int, string) {
	if field == "" {
		return in.methodOf(e)
	}
	x := ast.Unparen(e)
	switch u := x.(type) {
	case *ast.UnaryExpr:
		if u.Op == token.AND {
			x = ast.Unparen(u.X)
		}
	case *ast.StarExpr:
		x = ast.Unparen(u.X)
	}
	switch x := x.(type) {
	case *ast.CompositeLit:
		for _, elt := range x.Elts {
			if kv, ok := elt.(*ast.KeyValueExpr); ok {
				if key, ok := kv.Key.(*ast.Ident); ok && key.Name == field {
					return in.methodOf(kv.Value)
				}
			}
		}
		return "GET", -1, ""
	case *ast.Ident:
		if _, i, _ := in.methodOf(x); i >= 0 {
			return "", i, field
		}
		// opt := Options{Method: "POST"}: a local assigned once.
		if v, ok := in.info.Uses[x].(*types.Var); ok && in.body != nil {
			if defs := in.a.index.Assignments(in.info, in.body, v); len(defs) == 1 {
				switch d := ast.Unparen(defs[0]).(type) {
				case *ast.CompositeLit, *ast.UnaryExpr:
					return in.methodOfArg(d, field)
				}
			}
		}
	}
	return "", -1, ""
}

// request follows a request argument back to where it was built, to learn
// its method and whether it carries a key.
func (in *inspector) request(s *send, e ast.Expr) {
	seen := map[types.Object]bool{}
	var follow func(e ast.Expr, depth int)
	follow = func(e ast.Expr, depth int) {
		if depth > 6 {
			return
		}
		switch x := ast.Unparen(e).(type) {
		case *ast.UnaryExpr:
			follow(x.X, depth+1)
		case *ast.CompositeLit:
			if f := embeddedRequest(in.info.TypeOf(x)); f != nil {
				// request{Request: r}: the request it wraps.
				for _, elt := range x.Elts {
					if kv, ok := elt.(*ast.KeyValueExpr); ok {
						if key, ok := kv.Key.(*ast.Ident); ok && in.info.Uses[key] == f {
							follow(kv.Value, depth+1)
						}
					}
				}
				return
			}
			in.requestLit(s, x)
		case *ast.SelectorExpr:
			f, ok := in.info.Uses[x.Sel].(*types.Var)
			switch {
			case !ok:
			case f.Embedded() && f == embeddedRequest(in.info.TypeOf(x.X)):
				follow(x.X, depth+1) // req.Request, the request a wrapper embeds
			case f.IsField() && isLibRequest(f.Type()):
				in.a.storedRequests(s, f) // c.req.Clone(ctx): the request built for the client
			}
		case *ast.CallExpr:
			fn := libs.Callee(in.info, x)
			if i, ok := libs.RequestBuilders.Lookup(fn); ok && i < len(x.Args) {
				s.method, s.methodParam, s.methodField = in.methodOf(x.Args[i])
				return
			}
			var bf BuildsFact
			if in.a.buildsFact(fn, &bf) {
				in.built(s, x, fn, &bf)
				return
			}
			// req.WithContext(ctx), req.Clone(ctx), FromRequest(req): the
			// same request.
			if sel, ok := x.Fun.(*ast.SelectorExpr); ok && isRequest(in.info.TypeOf(sel.X)) {
				follow(sel.X, depth+1)
			}
			for _, a := range x.Args {
				if isRequest(in.info.TypeOf(a)) {
					follow(a, depth+1)
				}
			}
		case *ast.Ident:
			v, ok := in.info.Uses[x].(*types.Var)
			if !ok || seen[v] {
				return
			}
			seen[v] = true
			in.headersOf(s, v)
			for _, d := range in.a.index.Assignments(in.info, in.body, v) {
				follow(d, depth+1)
			}
		}
	}
	follow(e, 0)
}

// storedRequests reads, into s, the requests the package stores in the
// request field f (&httpClient{req: req} in a constructor, c.req = r),
// each in the body that stores it, where its method and headers are set.
func (a *analyzer) storedRequests(s *send, f *types.Var) {
	if f.Pkg() != a.pass.Pkg || a.reqFields[f] {
		return
	}
	if a.reqFields == nil {
		a.reqFields = map[*types.Var]bool{}
	}
	a.reqFields[f] = true
	defer delete(a.reqFields, f)
	for _, b := range a.usersOf(f) {
		in := a.inspectorOf(b)
		for n := range a.index.All(b) {
			switch n := n.(type) {
			case *ast.KeyValueExpr:
				if k, ok := n.Key.(*ast.Ident); ok && a.pass.TypesInfo.Uses[k] == f {
					in.request(s, n.Value)
				}
			case *ast.AssignStmt:
				for i, l := range n.Lhs {
					if sel, ok := ast.Unparen(l).(*ast.SelectorExpr); ok && a.pass.TypesInfo.Uses[sel.Sel] == f && len(n.Lhs) == len(n.Rhs) {
						in.request(s, n.Rhs[i])
					}
				}
			}
		}
	}
}

// requestLit reads an http.Request literal's Method and Header.
func (in *inspector) requestLit(s *send, lit *ast.CompositeLit) {
	for _, elt := range lit.Elts {
		kv, ok := elt.(*ast.KeyValueExpr)
		if !ok {
			continue
		}
		switch key, _ := kv.Key.(*ast.Ident); {
		case key == nil:
		case key.Name == "Method":
			s.method, s.methodParam, s.methodField = in.methodOf(kv.Value)
		case key.Name == "Header":
			in.headerLit(s, kv.Value)
		}
	}
}

// headerLit reads an http.Header literal, or the map assigned to a
// request's Header, followed to where its names come from.
func (in *inspector) headerLit(s *send, e ast.Expr) {
	s.addHeaders(in.mapHeaders(e, 0))
}

func isRequest(t types.Type) bool {
	return isLibRequest(t) || wrapsRequest(t)
}

// typePkg is the package of the named type t or *t.
func typePkg(t types.Type) *types.Package {
	if tn := libs.TypeNameOf(t); tn != nil {
		return tn.Pkg()
	}
	return nil
}

// isLibRequest reports whether t is (a pointer to) the request type of
// net/http, go-retryablehttp or resty.
func isLibRequest(t types.Type) bool {
	if t == nil {
		return false
	}
	if p, ok := t.(*types.Pointer); ok {
		t = p.Elem()
	}
	n, ok := types.Unalias(t).(*types.Named)
	if !ok || n.Obj().Pkg() == nil {
		return false
	}
	path := n.Obj().Pkg().Path()
	return n.Obj().Name() == "Request" && (path == "net/http" || path == libs.RetryableHTTP || path == libs.RestyV2)
}

// wrapsRequest reports whether t is (a pointer to) a struct that holds
// the request it sends: it embeds one (type request struct{
// *http.Request; body func() io.ReadCloser }, how exporters keep a body
// they can send again), or has one request field among its fields (an
// SDK's RequestConfig{Request: req, HTTPClient: hc, MaxRetries: 10},
// built with the method and sent, retried, by its Execute method).
func wrapsRequest(t types.Type) bool {
	return embeddedRequest(t) != nil
}

// embeddedRequest returns the request field of the struct t (or *t) that
// wrapsRequest names, or nil: the embedded request, else the one field of
// a request type.
func embeddedRequest(t types.Type) *types.Var {
	if t == nil {
		return nil
	}
	if p, ok := t.(*types.Pointer); ok {
		t = p.Elem()
	}
	if _, named := types.Unalias(t).(*types.Named); !named {
		return nil
	}
	st, ok := t.Underlying().(*types.Struct)
	if !ok {
		return nil
	}
	var held *types.Var
	for i := range st.NumFields() {
		f := st.Field(i)
		if !isLibRequest(f.Type()) {
			continue
		}
		if f.Embedded() {
			return f
		}
		if f.Pkg() == typePkg(f.Type()) {
			return nil // http.Response's Request: the request that was sent, held by what it brought back
		}
		if held != nil {
			return nil // two requests (an incoming and an outgoing one): which is sent is not the type's to say
		}
		held = f
	}
	return held
}

// headersOf finds the headers set, anywhere in the declaration, on the
// request held by v.
func (in *inspector) headersOf(s *send, v *types.Var) {
	for n, fn := range in.a.index.All(in.body) {
		switch n := n.(type) {
		case *ast.CallExpr:
			in.headerCall(s, n, fn, v)
		case *ast.AssignStmt:
			for i, l := range n.Lhs {
				switch l := ast.Unparen(l).(type) {
				case *ast.IndexExpr: // req.Header["Idempotency-Key"] = ...
					if in.isHeaderOf(l.X, v) {
						switch in.a.isKeyName(in.info, l.Index) {
						case isKey:
							s.keyed = true
						case mayBeKey:
							var val ast.Expr
							if len(n.Lhs) == len(n.Rhs) {
								val = n.Rhs[i]
							}
							s.addHeaders(in.nameHeaders(l.Index, val, 0))
						}
					}
				case *ast.SelectorExpr: // req.Header = http.Header{...}
					if l.Sel.Name == "Header" && in.rootIs(l.X, v) && i < len(n.Rhs) {
						in.headerLit(s, n.Rhs[i])
					}
				}
			}
		}
	}
}

// headerCall handles req.Header.Set(k, v), r.SetHeader(k, v) and calls of
// functions that set the key on a request they are given; fn is the callee.
func (in *inspector) headerCall(s *send, call *ast.CallExpr, fn *types.Func, v *types.Var) {
	sel, isSel := call.Fun.(*ast.SelectorExpr)
	if i, ok := libs.HeaderSetters.Lookup(fn); ok && isSel && i < len(call.Args) {
		if in.isHeaderOf(sel.X, v) || in.rootIs(sel.X, v) {
			in.keyHeader(s, call, i)
		}
		return
	}
	if isMapsCopy(fn) && len(call.Args) == 2 && in.isHeaderOf(call.Args[0], v) {
		s.addHeaders(in.mapHeaders(call.Args[1], 0)) // maps.Copy(req.Header, h)
		return
	}
	if _, ok := libs.HeaderMapSetters.Lookup(fn); ok && isSel && in.rootIs(sel.X, v) && len(call.Args) > 0 {
		s.addHeaders(in.mapHeaders(call.Args[0], 0))
		return
	}
	var fact SetsKeyFact
	if fn != nil && in.a.setsKeyFact(fn, &fact) && fact.Param < len(call.Args) {
		arg := call.Args[fact.Param]
		if in.rootIs(arg, v) || in.isHeaderOf(arg, v) {
			s.keyed = true
		}
	}
}

// keyHeader records a header set by a call whose name argument is at i.
func (in *inspector) keyHeader(s *send, call *ast.CallExpr, i int) {
	switch in.a.isKeyName(in.info, call.Args[i]) {
	case isKey:
		s.keyed = true
		s.keyValues = append(s.keyValues, keyValue{call: call, arg: i + 2, astArg: i + 1}) // receiver, name, value
	case mayBeKey:
		var val ast.Expr
		if i+1 < len(call.Args) {
			val = call.Args[i+1]
		}
		s.addHeaders(in.nameHeaders(call.Args[i], val, 0))
	}
}

// isHeaderOf reports whether e is v.Header (or v.Request.Header).
func (in *inspector) isHeaderOf(e ast.Expr, v *types.Var) bool {
	sel, ok := ast.Unparen(e).(*ast.SelectorExpr)
	return ok && sel.Sel.Name == "Header" && in.rootIs(sel.X, v)
}

// rootIs reports whether a method chain or selector starts at v.
func (in *inspector) rootIs(e ast.Expr, v *types.Var) bool {
	return v != nil && astutil.RootObject(in.info, e) == v
}

// restyChain reads the key headers set in a resty call chain
// (client.R().SetHeader(...).Post(url)) and on the variable it starts from.
func (in *inspector) restyChain(s *send, call *ast.CallExpr) {
	sel, ok := call.Fun.(*ast.SelectorExpr)
	if !ok {
		return
	}
	e := sel.X
	for {
		c, ok := ast.Unparen(e).(*ast.CallExpr)
		if !ok {
			break
		}
		fn := libs.Callee(in.info, c)
		if i, ok := libs.HeaderSetters.Lookup(fn); ok && i < len(c.Args) {
			in.keyHeader(s, c, i)
		}
		if _, ok := libs.HeaderMapSetters.Lookup(fn); ok && len(c.Args) > 0 {
			s.addHeaders(in.mapHeaders(c.Args[0], 0))
		}
		csel, ok := c.Fun.(*ast.SelectorExpr)
		if !ok {
			break
		}
		e = csel.X
	}
	if id, ok := ast.Unparen(e).(*ast.Ident); ok {
		if v, ok := in.info.Uses[id].(*types.Var); ok && isRequest(v.Type()) {
			in.headersOf(s, v)
		}
	}
}

// built reads a request returned by a builder function of the program
// (c.newRequest(ctx, http.MethodPost, path, body)), through its fact.
func (in *inspector) built(s *send, call *ast.CallExpr, fn *types.Func, f *BuildsFact) {
	s.method = f.Method
	if f.MethodParam >= 0 && f.MethodParam < len(call.Args) {
		s.method, s.methodParam, s.methodField = in.methodOfArg(call.Args[f.MethodParam], f.MethodField)
	}
	if f.Keyed {
		s.keyed = true
	}
	for _, p := range f.HeaderParams {
		s.addHeaders(in.argHeaders(call, p))
	}
	if f.FreshKey != "" {
		s.fresh = &freshKey{call: call, via: fn, where: f.FreshKey}
	}
	if i := f.KeyArg - 1; i >= 0 && i < len(call.Args) {
		// c.newKeyedRequest(ctx, method, path, key, body): the caller's
		// argument is the key (a method's receiver comes first in SSA).
		arg := i
		if fn.Signature().Recv() != nil {
			arg++
		}
		s.keyValues = append(s.keyValues, keyValue{call: call, arg: arg, astArg: i})
	}
	if s.builder == nil {
		s.builder = fn
	}
}

// isDoer reports whether fn is a method of an interface shaped like
// *http.Client's Do (Do(*http.Request) (*http.Response, error)): the
// "doer" a client keeps so that tests can swap the transport, which sends
// the request it is given.
// isDoerFunc reports whether t is the signature of a client's Do,
// func(*http.Request) (*http.Response, error): a handler value built from
// hc.Do and the middlewares around it sends the request it is given.
func isDoerFunc(t types.Type) bool {
	sig, ok := types.Unalias(t).(*types.Signature)
	return ok && doerSignature(sig)
}

func isDoer(fn *types.Func) bool {
	sig := fn.Signature()
	if fn.Name() != "Do" || sig.Recv() == nil || !types.IsInterface(sig.Recv().Type()) {
		return false
	}
	return doerSignature(sig)
}

func doerSignature(sig *types.Signature) bool {
	if sig.Params().Len() != 1 || sig.Results().Len() != 2 {
		return false
	}
	p, ok := sig.Params().At(0).Type().(*types.Pointer)
	r, ok2 := sig.Results().At(0).Type().(*types.Pointer)
	return ok && ok2 && libs.IsNamed(p.Elem(), "net/http", "Request") && libs.IsNamed(r.Elem(), "net/http", "Response")
}

package client

import (
	"go/ast"
	"go/token"
	"go/types"
	"iter"

	"golang.org/x/tools/go/analysis"

	"github.com/idemlint/idemlint/passes/internal/astutil"
	"github.com/idemlint/idemlint/passes/internal/libs"
	"github.com/idemlint/idemlint/passes/internal/retrysite/site"
)

// Configs follows client values of one package to where they are
// built.
type Configs struct {
	info  *types.Info
	decls site.Decls
	index *clientIndex
	cache map[types.Object]*site.ClientConfig
	busy  map[types.Object]bool
	// passes are the ClientPassFacts of the package; pass imports the
	// others' (nil in tests that build the configs alone).
	passes map[*types.Func]*ClientPassFact
	// sends are the ClientSendFacts of the package (clientsend.go).
	sends map[*types.Func]*ClientSendFact
	pass  *analysis.Pass
	// transports are the package's http.RoundTripper types that retry
	// (MarkRetryingTransport, called from retrysite/roundtrip.go).
	transports map[*types.TypeName]bool
	// nodes are read into index on first use: a package that sends
	// nothing never pays for it.
	nodes iter.Seq2[ast.Node, *types.Func]
	// params are the parameters of a function followed for a fact;
	// paramCount says a retry count was read from one of them.
	params     map[*types.Var]bool
	paramCount bool
}

// clientIndex holds, for each variable and struct field of the package,
// the values stored into it and the configuration changes made on the
// client it holds (c.RetryMax = 2, c.SetRetryCount(3) as a statement).
type clientIndex struct {
	stores map[types.Object][]ast.Expr
	muts   map[types.Object][]clientChange
}

// clientChange is one configuration change: a field of the client set to
// value, or a retry setter called.
type clientChange struct {
	field  string
	value  ast.Expr
	setter *ast.CallExpr
}

// env binds the integer parameters of a constructor being followed to the
// constants its caller passes.
type env map[*types.Var]int

// NewConfigs returns the client configurations of the package of pass;
// d and nodes are its declarations and its nodes in the bodies index. It
// learns and exports the package's ClientPassFacts on the way.
func NewConfigs(pass *analysis.Pass, d site.Decls, nodes iter.Seq2[ast.Node, *types.Func]) *Configs {
	c := newClientConfigs(pass.Pkg, pass.TypesInfo, d, nodes)
	c.pass = pass
	if libs.DependsOn(pass.Pkg, "net/http") {
		c.passes = learnClientPasses(pass.TypesInfo, d)
		exportFacts(pass, c.passes)
		c.sends = learnClientSends(pass.TypesInfo, d)
		exportFacts(pass, c.sends)
	}
	return c
}

func newClientConfigs(pkg *types.Package, info *types.Info, d site.Decls, nodes iter.Seq2[ast.Node, *types.Func]) *Configs {
	c := &Configs{info: info, decls: d, cache: map[types.Object]*site.ClientConfig{}, busy: map[types.Object]bool{}, transports: map[*types.TypeName]bool{}}
	// net/http: a client that retries through a transport or constructor
	// of the program, with no retry library in sight.
	if libs.DependsOn(pkg, libs.RetryableHTTP, libs.RestyV2, libs.GRPC, libs.AWSCore, libs.FailsafeHTTP, "net/http") {
		c.nodes = nodes
	}
	return c
}

// indexed returns the package's client index, built on first use, or nil
// when the package cannot hold a retrying client.
func (c *Configs) indexed() *clientIndex {
	if c.index == nil && c.nodes != nil {
		c.index = indexClients(c.info, c.nodes)
		c.nodes = nil
	}
	return c.index
}

// indexClients reads the stores and changes from nodes, the package's
// nodes in the bodies index (bodies.Index.Package).
func indexClients(info *types.Info, nodes iter.Seq2[ast.Node, *types.Func]) *clientIndex {
	ix := &clientIndex{stores: map[types.Object][]ast.Expr{}, muts: map[types.Object][]clientChange{}}
	store := func(lhs, value ast.Expr) {
		if sel, ok := ast.Unparen(lhs).(*ast.SelectorExpr); ok && configField(info, sel.Sel) != "" {
			if configField(info, sel.Sel) == "check" && isParam(info, value) {
				// WithCustomRetry(check) sets c.client.CheckRetry = check:
				// a choice left to the option's caller, which does not
				// change what the client does unless someone makes it. (A
				// count from a parameter is bound where a constructor is
				// called, env.)
				return
			}
			if obj := holder(info, sel.X); obj != nil {
				ix.muts[obj] = append(ix.muts[obj], clientChange{field: configField(info, sel.Sel), value: value})
			}
			return
		}
		if sel, ok := ast.Unparen(lhs).(*ast.SelectorExpr); ok && awsField(info, sel) != "" {
			if obj := holder(info, sel.X); obj != nil {
				ix.muts[obj] = append(ix.muts[obj], clientChange{field: awsField(info, sel), value: value})
			}
			return
		}
		if obj := holder(info, lhs); obj != nil {
			ix.stores[obj] = append(ix.stores[obj], value)
		}
	}
	for n := range nodes {
		switch n := n.(type) {
		case *ast.AssignStmt:
			if len(n.Lhs) == len(n.Rhs) {
				for i := range n.Lhs {
					store(n.Lhs[i], n.Rhs[i])
				}
			} else if len(n.Rhs) == 1 && isGRPCClient(info.TypeOf(n.Lhs[0])) {
				// conn, err := grpc.NewClient(...): the call builds the first.
				store(n.Lhs[0], n.Rhs[0])
			} else if awsTupleStore(info, n) {
				store(n.Lhs[0], n.Rhs[0]) // cfg, err := config.LoadDefaultConfig(ctx)
			}
		case *ast.ValueSpec:
			for i, v := range n.Values {
				if i < len(n.Names) {
					store(n.Names[i], v)
				}
			}
		case *ast.KeyValueExpr:
			if id, ok := n.Key.(*ast.Ident); ok {
				if v, ok := info.ObjectOf(id).(*types.Var); ok && v.IsField() {
					ix.stores[v] = append(ix.stores[v], n.Value)
				}
			}
		case *ast.ExprStmt:
			// client.SetRetryCount(3) as a statement of its own.
			if call, ok := ast.Unparen(n.X).(*ast.CallExpr); ok {
				for c := call; c != nil; c = chained(c) {
					if _, ok := libs.ClientRetrySetters.Lookup(libs.Callee(info, c)); ok {
						if obj := astutil.ChainHolder(info, n.X); obj != nil {
							ix.muts[obj] = append(ix.muts[obj], clientChange{setter: c})
						}
					}
				}
			}
		}
	}
	return ix
}

// isParam reports whether e is a parameter of an enclosing function.
func isParam(info *types.Info, e ast.Expr) bool {
	id, ok := ast.Unparen(e).(*ast.Ident)
	if !ok {
		return false
	}
	v, ok := info.Uses[id].(*types.Var)
	return ok && v.Kind() == types.ParamVar
}

// chained returns the call a method call is made on (x.A().B(): A), or nil.
func chained(call *ast.CallExpr) *ast.CallExpr {
	if sel, ok := call.Fun.(*ast.SelectorExpr); ok {
		c, _ := ast.Unparen(sel.X).(*ast.CallExpr)
		return c
	}
	return nil
}

// holder is the variable or struct field an expression names.
func holder(info *types.Info, e ast.Expr) types.Object {
	switch x := ast.Unparen(e).(type) {
	case *ast.Ident:
		if v, ok := info.ObjectOf(x).(*types.Var); ok {
			return v
		}
	case *ast.SelectorExpr:
		if v, ok := info.ObjectOf(x.Sel).(*types.Var); ok {
			return v
		}
	}
	return nil
}

// configField returns "retries" or "check" when id is such a field of a
// retrying client type, else "".
func configField(info *types.Info, id *ast.Ident) string {
	v, ok := info.ObjectOf(id).(*types.Var)
	if !ok || !v.IsField() || v.Pkg() == nil {
		return ""
	}
	for _, t := range libs.ClientTypes {
		if v.Pkg().Path() != t.Pkg {
			continue
		}
		switch v.Name() {
		case t.Retries:
			return "retries"
		case t.Check:
			return "check"
		}
	}
	return ""
}

// clientType returns the row of a retrying client type (through a pointer).
func clientType(t types.Type) *libs.ClientType {
	if p, ok := t.(*types.Pointer); ok {
		t = p.Elem()
	}
	for i, ct := range libs.ClientTypes {
		if libs.IsNamed(t, ct.Pkg, ct.Name) {
			return &libs.ClientTypes[i]
		}
	}
	return nil
}

func isHTTPClient(t types.Type) bool {
	if p, ok := t.(*types.Pointer); ok {
		t = p.Elem()
	}
	return libs.IsNamed(t, "net/http", "Client")
}

// retries makes the configuration of a client that retries n times.
func retries(n int, known bool, at token.Pos) *site.ClientConfig {
	if !known {
		return &site.ClientConfig{Built: at}
	}
	return &site.ClientConfig{Attempts: max(n, 0) + 1, Off: n <= 0, Built: at}
}

// of returns the configuration of the client e evaluates to, or nil when e
// is not a retrying client we can follow.
func (c *Configs) of(e ast.Expr, en env, depth int) *site.ClientConfig {
	if c.indexed() == nil || depth > 8 {
		return nil
	}
	switch x := ast.Unparen(e).(type) {
	case *ast.UnaryExpr:
		if x.Op == token.AND {
			return c.of(x.X, en, depth+1)
		}
	case *ast.StarExpr:
		return c.of(x.X, en, depth+1)
	case *ast.CompositeLit:
		if cfg, ok := c.awsLiteral(x, en); ok {
			return cfg
		}
		return c.literal(x, en, depth)
	case *ast.CallExpr:
		return c.call(x, en, depth)
	case *ast.Ident, *ast.SelectorExpr:
		if obj := holder(c.info, x); obj != nil {
			return c.held(obj, en, depth)
		}
	}
	return nil
}

// literal reads a client struct literal (&retryablehttp.Client{RetryMax:
// 3}) or an http.Client literal whose Transport retries.
func (c *Configs) literal(lit *ast.CompositeLit, en env, depth int) *site.ClientConfig {
	t := c.info.TypeOf(lit)
	if t == nil {
		return nil
	}
	field := func(name string) ast.Expr {
		for _, elt := range lit.Elts {
			if kv, ok := elt.(*ast.KeyValueExpr); ok {
				if id, ok := kv.Key.(*ast.Ident); ok && id.Name == name {
					return kv.Value
				}
			}
		}
		return nil
	}
	if isHTTPClient(t) {
		if tr := field("Transport"); tr != nil {
			return c.transport(tr, en, depth)
		}
		return nil
	}
	ct := clientType(t)
	if ct == nil || ct.Retries == "" {
		return nil
	}
	// A literal that leaves the count out retries nothing.
	cfg := retries(0, true, lit.Pos())
	if v := field(ct.Retries); v != nil {
		n, ok := c.intValue(v, en)
		cfg = retries(n, ok, lit.Pos())
	}
	if v := field(ct.Check); v != nil && !fromPackage(c.info, v, ct.Pkg) && !c.retriesAnyRequest(v) {
		cfg.CustomCheck = true
	}
	return cfg
}

// transport reads an http.RoundTripper that sends through a retrying
// client (&retryablehttp.RoundTripper{Client: rc}).
func (c *Configs) transport(e ast.Expr, en env, depth int) *site.ClientConfig {
	if cfg := c.transportCall(e); cfg != nil {
		return cfg
	}
	if c.retryingTransport(c.info.TypeOf(e)) {
		return &site.ClientConfig{Std: true, Built: e.Pos()}
	}
	e = ast.Unparen(e)
	if u, ok := e.(*ast.UnaryExpr); ok && u.Op == token.AND {
		e = ast.Unparen(u.X)
	}
	lit, ok := e.(*ast.CompositeLit)
	if !ok {
		return nil
	}
	t := c.info.TypeOf(lit)
	n, ok := types.Unalias(t).(*types.Named)
	if !ok || n.Obj().Pkg() == nil {
		return nil
	}
	name, ok := libs.RetryingTransports[[2]string{n.Obj().Pkg().Path(), n.Obj().Name()}]
	if !ok {
		return nil
	}
	for _, elt := range lit.Elts {
		if kv, ok := elt.(*ast.KeyValueExpr); ok {
			if id, ok := kv.Key.(*ast.Ident); ok && id.Name == name {
				return std(c.of(kv.Value, en, depth+1), clientType(c.info.TypeOf(kv.Value)), lit.Pos())
			}
		}
	}
	return nil
}

// std is the configuration of an *http.Client wrapping a retrying client
// of type ct; one whose origin we cannot see has its library's defaults.
func std(cfg *site.ClientConfig, ct *libs.ClientType, at token.Pos) *site.ClientConfig {
	if cfg == nil {
		if ct == nil || ct.Retries == "" {
			return nil
		}
		cfg = retries(libs.DefaultClientRetries, true, at)
	}
	out := *cfg
	out.Std = true
	return &out
}

// call follows a call that returns a client: a library constructor, a
// retry setter or other builder method of the client, a wrapper such as
// StandardClient, or a function of the package that returns one.
func (c *Configs) call(call *ast.CallExpr, en env, depth int) *site.ClientConfig {
	fn := libs.Callee(c.info, call)
	if fn == nil {
		return nil
	}
	if n, ok := libs.ClientConstructors.Lookup(fn); ok {
		return retries(n, true, call.Pos())
	}
	if i, ok := libs.GRPCConns.Lookup(fn); ok {
		return c.grpcDial(call, i)
	}
	if libs.GRPCClientConstructor(fn) && len(call.Args) == 1 {
		return c.of(call.Args[0], en, depth+1) // pb.NewPaymentsClient(conn)
	}
	if cfg, ok := c.awsCall(call, en, depth); ok {
		return cfg
	}
	sel, _ := call.Fun.(*ast.SelectorExpr)
	if i, ok := libs.ClientRetrySetters.Lookup(fn); ok && sel != nil && i < len(call.Args) {
		n, known := c.intValue(call.Args[i], en)
		cfg := retries(n, known, call.Pos())
		if !known {
			cfg.Off = true // a count read from configuration may be zero
		}
		return cfg
	}
	if f := c.clientPass(fn); f != nil && f.Param < len(call.Args) {
		return c.of(call.Args[f.Param], en, depth+1) // clientdebug.Wrap(rc.StandardClient())
	}
	if _, ok := libs.ClientWrappers.Lookup(fn); ok && sel != nil {
		return std(c.of(sel.X, en, depth+1), clientType(c.info.TypeOf(sel.X)), call.Pos())
	}
	// resty's builder methods (SetBaseURL, SetTimeout, AddRetryCondition...)
	// return the client they are called on.
	if sel != nil && fn.Signature().Recv() != nil && clientType(fn.Signature().Recv().Type()) != nil {
		if res := fn.Signature().Results(); res.Len() == 1 && types.Identical(res.At(0).Type(), fn.Signature().Recv().Type()) {
			return c.of(sel.X, en, depth+1)
		}
	}
	if cfg := c.importedClient(fn, call.Pos()); cfg != nil {
		return cfg
	}
	return c.constructor(fn, call, en, depth)
}

// constructor follows a function of the package that returns a client,
// binding its integer parameters to the constants the call passes
// (newClient(0) that sets RetryMax = retries).
func (c *Configs) constructor(fn *types.Func, call *ast.CallExpr, en env, depth int) *site.ClientConfig {
	fd := c.decls[fn]
	if fd == nil || c.busy[fn] {
		return nil
	}
	res := fn.Signature().Results()
	idx := -1
	for i := range res.Len() {
		if t := res.At(i).Type(); clientType(t) != nil || isHTTPClient(t) || isGRPCClient(t) || libs.IsAWSConfigured(t) {
			idx = i
			break
		}
	}
	if idx < 0 {
		return nil
	}
	inner := env{}
	params := fn.Signature().Params()
	for i := range min(params.Len(), argCount(call)) {
		if n, ok := c.intValue(call.Args[i], en); ok {
			inner[params.At(i)] = n
		}
	}
	c.busy[fn] = true
	defer delete(c.busy, fn)
	var out *site.ClientConfig
	ast.Inspect(fd.Body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.ReturnStmt:
			if len(n.Results) == res.Len() {
				out = merge(out, c.of(n.Results[idx], inner, depth+1))
			}
		}
		return true
	})
	return out
}

// held is the configuration of the client a variable or field holds: what
// is stored into it, changed by the changes made on it. A local variable
// is followed under the bindings of the constructor it is in.
func (c *Configs) held(obj types.Object, en env, depth int) *site.ClientConfig {
	local := obj.Parent() != nil && obj.Parent() != obj.Pkg().Scope()
	if !local {
		if cfg, ok := c.cache[obj]; ok {
			return cfg
		}
		en = nil
	}
	if c.busy[obj] || c.indexed() == nil {
		return nil
	}
	if cfg := c.importedClient(obj, token.NoPos); cfg != nil {
		return cfg // httpx.DefaultClient, built in another package
	}
	c.busy[obj] = true
	var out *site.ClientConfig
	for _, v := range c.index.stores[obj] {
		out = merge(out, c.of(v, en, depth+1))
	}
	if out != nil {
		for _, m := range c.index.muts[obj] {
			c.change(out, m, en)
		}
	}
	delete(c.busy, obj)
	if !local {
		c.cache[obj] = out
	}
	return out
}

// change applies one configuration change to cfg.
func (c *Configs) change(cfg *site.ClientConfig, m clientChange, en env) {
	switch {
	case m.setter != nil:
		i, _ := libs.ClientRetrySetters.Lookup(libs.Callee(c.info, m.setter))
		if i < len(m.setter.Args) {
			n, known := c.intValue(m.setter.Args[i], en)
			*cfg = *retries(n, known, cfg.Built)
			cfg.Off = cfg.Off || !known
		}
	case m.field == "retries":
		n, known := c.intValue(m.value, en)
		custom, std := cfg.CustomCheck, cfg.Std
		*cfg = *retries(n, known, cfg.Built)
		cfg.CustomCheck, cfg.Std = custom, std
	case m.field == "check":
		cfg.CustomCheck = cfg.CustomCheck || !fromLibrary(c.info, m.value) && !c.retriesAnyRequest(m.value)
	default:
		c.awsChange(cfg, m, en)
	}
}

// fromLibrary reports whether e names a function of a retrying client's
// own package (rc.CheckRetry = retryablehttp.DefaultRetryPolicy).
func fromLibrary(info *types.Info, e ast.Expr) bool {
	for _, t := range libs.ClientTypes {
		if fromPackage(info, e, t.Pkg) {
			return true
		}
	}
	return false
}

func fromPackage(info *types.Info, e ast.Expr, path string) bool {
	sel, ok := ast.Unparen(e).(*ast.SelectorExpr)
	if !ok {
		return false
	}
	fn, ok := info.ObjectOf(sel.Sel).(*types.Func)
	return ok && fn.Pkg() != nil && fn.Pkg().Path() == path
}

// merge combines the configurations of the clients a holder may hold: it
// retries when one of them does, as often as the most retrying one.
func merge(a, b *site.ClientConfig) *site.ClientConfig {
	switch {
	case a == nil:
		return b
	case b == nil:
		return a
	}
	out := *a
	out.Attempts = max(a.Attempts, b.Attempts)
	if a.Attempts == 0 && !a.Off || b.Attempts == 0 && !b.Off {
		out.Attempts = 0 // one of them is not a constant
	}
	out.Off = a.Off && b.Off
	out.CustomCheck = a.CustomCheck || b.CustomCheck
	out.Std = a.Std || b.Std
	// Library defaults when every client that retries keeps them.
	out.Default = (a.Default || a.Off) && (b.Default || b.Off) && !out.Off
	if out.GRPC == nil {
		out.GRPC = b.GRPC
	}
	return &out
}

// intValue is the constant value of an integer expression, or of a
// constructor parameter bound by the caller.
func (c *Configs) intValue(e ast.Expr, en env) (int, bool) {
	if n, ok := astutil.IntConst(c.info, e); ok {
		return int(n), true
	}
	if id, ok := ast.Unparen(e).(*ast.Ident); ok {
		if v, ok := c.info.Uses[id].(*types.Var); ok {
			n, ok := en[v]
			if !ok && c.params[v] {
				c.paramCount = true
			}
			return n, ok
		}
	}
	return 0, false
}

// SendConfig returns the configuration of the retrying client a call sends
// through, or nil when the call does not send through one that retries:
// go-retryablehttp's Client methods and package functions, resty requests
// made from a client that retries, and *http.Client sends through a client
// that wraps a retrying one.
func (c *Configs) SendConfig(call *ast.CallExpr, encl ast.Node) *site.ClientConfig {
	fn := libs.Callee(c.info, call)
	// The index is built when a client is read (of, constString...), not
	// here: most packages that may hold a client call none, and indexing
	// their stores at their first call of anything cost more than looking
	// for their sites.
	if fn == nil || c.index == nil && c.nodes == nil {
		return nil
	}
	sel, _ := call.Fun.(*ast.SelectorExpr)
	if cfg, ok := c.grpcSend(call, fn, sel); ok {
		return cfg
	}
	if cfg := c.awsSend(call, fn); cfg != nil {
		if cfg.Off {
			return nil
		}
		return cfg
	}
	var cfg *site.ClientConfig
	switch _, retrying := libs.RetryingClientCalls.Lookup(fn); {
	case retrying && (fn.Signature().Recv() == nil || sel == nil):
		cfg = retries(libs.DefaultClientRetries, true, token.NoPos)
	case retrying:
		if cfg = c.of(sel.X, nil, 0); cfg == nil {
			cfg = retries(libs.DefaultClientRetries, true, token.NoPos)
		}
	case sel == nil:
		return nil
	default:
		if _, ok := libs.RetryingRequestSends.Lookup(fn); ok {
			cfg = c.wrappedRequest(call, encl)
		} else if _, ok := libs.RestySend.Lookup(fn); ok {
			cfg = c.requestClient(sel.X, encl, 0)
		} else if libs.IsMethod(fn, "net/http", "Client", fn.Name()) {
			if _, ok := libs.Sends.Lookup(fn); ok {
				if cfg = c.of(sel.X, nil, 0); cfg != nil && !cfg.Std {
					cfg = nil
				}
			}
		}
	}
	if cfg == nil || cfg.Off {
		return nil
	}
	return cfg
}

// requestClient follows a resty request (client.R().SetBody(b), or a
// variable holding one) back to its client's configuration.
func (c *Configs) requestClient(e ast.Expr, encl ast.Node, depth int) *site.ClientConfig {
	for depth < 8 {
		depth++
		switch x := ast.Unparen(e).(type) {
		case *ast.CallExpr:
			sel, ok := x.Fun.(*ast.SelectorExpr)
			if !ok {
				return nil
			}
			if _, ok := libs.ClientRequests.Lookup(libs.Callee(c.info, x)); ok {
				return c.of(sel.X, nil, 0)
			}
			e = sel.X
		case *ast.Ident:
			v, ok := c.info.Uses[x].(*types.Var)
			if !ok || encl == nil {
				return nil
			}
			var out *site.ClientConfig
			for _, d := range astutil.Assignments(c.info, encl, v) {
				if d != e {
					out = merge(out, c.requestClient(d, encl, depth))
				}
			}
			return out
		default:
			return nil
		}
	}
	return nil
}

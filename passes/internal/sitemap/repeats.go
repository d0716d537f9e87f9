package sitemap

import (
	"go/ast"
	"go/types"
	"strings"

	"github.com/idemlint/idemlint/passes/internal/astutil"
	"github.com/idemlint/idemlint/passes/internal/bodies"
	"github.com/idemlint/idemlint/passes/internal/libs"
	"github.com/idemlint/idemlint/passes/internal/retrysite"
	"github.com/idemlint/idemlint/passes/internal/sqltext"
)

// maxDepth is how deep the map follows the functions of the package an
// attempt calls, to name what they send: the caller's own call is where
// a report of what they send is made.
const maxDepth = 2

// repeats lists what an attempt runs: the requests, statements and
// commands it sends, in its own code or in the functions of the package
// it calls, and the functions of the program it calls.
func (d *describer) repeats(s *retrysite.Site) []Op {
	r := &repeater{d: d, seen: map[string]bool{}}
	if call, ok := s.Node.(*ast.CallExpr); ok && s.Kind == retrysite.Client {
		r.call(call, libs.Callee(d.pass.TypesInfo, call), call, "", 0)
		return r.ops
	}
	if s.Op.Func != nil { // retry.Do(c.fetch): the function is the operation
		r.add(Op{Kind: "call", What: qualified(s.Op.Func), At: d.pos(s.Node.Pos())})
	}
	if s.Op.Body == nil {
		return r.ops
	}
	// A recursion's or reconnect loop's attempt is its whole body.
	filter := s.Kind != retrysite.Loop || len(s.Attempt) > 0
	via := ""
	if s.Op.Func != nil {
		via = qualified(s.Op.Func)
	}
	for n, fn := range d.index.In(s.Op.Body, bodies.Every) {
		call, ok := n.(*ast.CallExpr)
		if !ok || filter && !s.InAttempt(call) || s.WaitHelpers[call] != nil {
			continue
		}
		r.call(call, fn, call, via, 0)
	}
	return r.followed()
}

// followed drops the bare call of a function whose sends are listed: the
// request it sends says more than its name, which it carries.
func (r *repeater) followed() []Op {
	via := map[string]bool{}
	for _, op := range r.ops {
		via[op.Via] = true
	}
	out := r.ops[:0]
	for _, op := range r.ops {
		if op.Kind != "call" || !via[op.What] {
			out = append(out, op)
		}
	}
	return out
}

type repeater struct {
	d       *describer
	ops     []Op
	seen    map[string]bool
	entered map[*types.Func]bool
}

func (r *repeater) add(op Op) {
	key := op.Kind + "\x00" + op.What + "\x00" + op.Via
	if !r.seen[key] {
		r.seen[key] = true
		r.ops = append(r.ops, op)
	}
}

// call adds what one call sends; at is the call in the site's own code
// through which it is reached, via the function it entered.
func (r *repeater) call(call *ast.CallExpr, fn *types.Func, at *ast.CallExpr, via string, depth int) {
	d := r.d
	if fn == nil {
		return
	}
	if op, ok := d.operation(call, fn); ok {
		op.Via, op.At = via, d.pos(at.Pos())
		r.add(op)
		return
	}
	if !d.program(fn) || !returnsError(fn) {
		return
	}
	if _, ok := libs.NotAttempts.Lookup(fn); ok {
		return
	}
	if depth == 0 {
		r.add(Op{Kind: "call", What: qualified(fn), Via: via, At: d.pos(call.Pos())})
		if via == "" {
			via = qualified(fn)
		}
	}
	body := d.bodyOf(fn)
	if body == nil || depth+1 >= maxDepth || r.entered[fn] {
		return
	}
	if r.entered == nil {
		r.entered = map[*types.Func]bool{}
	}
	r.entered[fn] = true
	for n, callee := range d.index.All(body) {
		if c, ok := n.(*ast.CallExpr); ok {
			r.call(c, callee, at, via, depth+1)
		}
	}
}

// operation names a call that sends something: an HTTP request, a SQL
// statement, a Redis command, a gRPC or AWS SDK call.
func (d *describer) operation(call *ast.CallExpr, fn *types.Func) (Op, bool) {
	if op, ok := d.httpOp(call, fn); ok {
		return op, true
	}
	if i, ok := libs.SQLTextArg(fn); ok {
		what := "SQL"
		if text, ok := d.stringValue(call, i); ok {
			if st := sqltext.Parse(text); st.Verb != "" {
				what = strings.TrimSpace(st.Verb + " " + st.Table)
			}
		}
		return Op{Kind: "sql", What: what}, true
	}
	if c, ok := libs.RedisCommands.Lookup(fn); ok {
		what := c.Cmd
		if key, ok := d.stringValue(call, c.Key); ok {
			what += " " + key
		}
		return Op{Kind: "redis", What: what}, true
	}
	if m, ok := libs.GRPCMethodOf(fn); ok {
		return Op{Kind: "grpc", What: m.Service + "/" + m.Method}, true
	}
	if i, ok := libs.GRPCInvokes.Lookup(fn); ok {
		what := "gRPC call"
		if m, ok := d.stringValue(call, i); ok {
			what = m
		}
		return Op{Kind: "grpc", What: what}, true
	}
	if libs.IsAWSOperation(fn) {
		return Op{Kind: "aws", What: fn.Pkg().Name() + "." + fn.Name()}, true
	}
	return Op{}, false
}

// httpOp names an HTTP send with its method and URL where they are
// constant (the URL with ? for the parts that are not).
func (d *describer) httpOp(call *ast.CallExpr, fn *types.Func) (Op, bool) {
	send, ok := libs.Sends.Lookup(fn)
	if !ok {
		return Op{}, false
	}
	method, url := send.Method, ""
	switch {
	case send.MethodArg >= 0:
		method, _ = d.stringValue(call, send.MethodArg)
		url, _ = d.stringValue(call, send.MethodArg+1)
	case send.RequestArg >= 0:
		method, url = d.request(call, send.RequestArg)
	case method != "":
		url, _ = d.stringValue(call, 0)
	}
	what := strings.TrimSpace(method + " " + url)
	if method == "" {
		what = "HTTP request " + url
	}
	what = strings.TrimSpace(what)
	op := Op{Kind: "http", What: what, Method: method, Key: "not judged"}
	if method == "POST" || method == "PATCH" {
		op.Key = "not reported"
	}
	return op, true
}

// request reads the method and URL of the request argument i of a send,
// from the builder call that makes it in the same function.
func (d *describer) request(call *ast.CallExpr, i int) (method, url string) {
	if i >= len(call.Args) {
		return "", ""
	}
	id, ok := ast.Unparen(call.Args[i]).(*ast.Ident)
	if !ok {
		return "", ""
	}
	v, ok := d.pass.TypesInfo.Uses[id].(*types.Var)
	b := d.declHolding(call)
	if !ok || b == nil {
		return "", ""
	}
	defs := d.index.Assignments(d.pass.TypesInfo, b, v)
	if len(defs) != 1 {
		return "", ""
	}
	built, ok := ast.Unparen(defs[0]).(*ast.CallExpr)
	if !ok {
		return "", ""
	}
	m, ok := libs.RequestBuilders.Lookup(libs.Callee(d.pass.TypesInfo, built))
	if !ok {
		return "", ""
	}
	method, _ = d.stringValue(built, m)
	url, _ = d.stringValue(built, m+1)
	return method, url
}

// stringValue is the text of argument i of call, with ? for the parts
// that are not constant; false when none is.
func (d *describer) stringValue(call *ast.CallExpr, i int) (string, bool) {
	if i < 0 || i >= len(call.Args) {
		return "", false
	}
	info := d.pass.TypesInfo
	b := d.declHolding(call)
	defs := func(v *types.Var) []ast.Expr {
		if b == nil {
			return nil
		}
		return d.index.Assignments(info, b, v)
	}
	s, ok := astutil.StringValueOf(info, call.Args[i], defs)
	if !ok || strings.Trim(s, "?") == "" {
		return "", false
	}
	const max = 80
	if len(s) > max {
		s = s[:max] + "..."
	}
	return s, true
}

// declHolding returns the body of the declared function holding n, whose
// locals a value may come from, or the innermost body.
func (d *describer) declHolding(n ast.Node) *bodies.Body {
	for _, b := range d.decls {
		if b.Node.Pos() <= n.Pos() && n.End() <= b.Node.End() {
			return b
		}
	}
	return d.index.Holding(n)
}

// bodyOf returns the body of a function declared in this package.
func (d *describer) bodyOf(fn *types.Func) *bodies.Body {
	if fn.Pkg() != d.pass.Pkg {
		return nil
	}
	for _, b := range d.decls {
		if b.Func == fn.Origin() {
			return b
		}
	}
	return nil
}

// program reports whether fn is a function of the program analyzed (its
// module), not of a library or the standard library.
func (d *describer) program(fn *types.Func) bool {
	if fn.Pkg() == nil {
		return false
	}
	if fn.Pkg() == d.pass.Pkg {
		return true
	}
	m := d.pass.Module
	return m != nil && m.Path != "" && (fn.Pkg().Path() == m.Path || strings.HasPrefix(fn.Pkg().Path(), m.Path+"/"))
}

func returnsError(fn *types.Func) bool {
	res := fn.Signature().Results()
	return res.Len() > 0 && isError(res.At(res.Len()-1).Type())
}

// readsHTTP reports whether an attempt sends an HTTP request.
func readsHTTP(ops []Op) bool {
	for _, op := range ops {
		if op.Kind == "http" {
			return true
		}
	}
	return false
}

// retryAfter says whether a site's code names the Retry-After header.
func (d *describer) retryAfter(s *retrysite.Site) string {
	if s.Op.Body == nil {
		return "not read"
	}
	for n := range d.index.In(s.Op.Body, bodies.Every) {
		if lit, ok := n.(*ast.BasicLit); ok && strings.EqualFold(strings.Trim(lit.Value, "\"`"), "Retry-After") {
			return "read"
		}
	}
	return "not read"
}

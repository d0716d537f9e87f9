package retrynonidempotent

import (
	"fmt"
	"go/ast"
	"go/types"

	"golang.org/x/tools/go/analysis"

	"github.com/idemlint/idemlint/passes/internal/astutil"
	"github.com/idemlint/idemlint/passes/internal/libs"
	"github.com/idemlint/idemlint/passes/internal/report"
	"github.com/idemlint/idemlint/passes/internal/retrysite"
)

// An API client package keeps the *http.Client it is given in a field
// (internal.NewClient(hc) stores hc in Client.HTTPClient) and its methods
// POST through that field. Whether the POST is retried depends on the
// client its importer builds and passes in (rc.StandardClient() of a
// go-retryablehttp client), which the client package, analyzed first,
// cannot see: facts flow from importee to importer only. So the client
// package says, on its constructor, which parameter ends up in the field
// and which method POSTs through it, and the importer reports at the
// constructor call that hands in a retrying client, with the POST as
// related information.

// FieldSendsFact marks a function that stores its *http.Client parameter
// Param in the struct field Field, through which a function of its package
// (Via) sends an unkeyed Method request (at Where) that nothing in that
// package retries.
type FieldSendsFact struct {
	Param  int
	Field  string
	Method string
	Via    string
	Where  string
}

func (*FieldSendsFact) AFact() {}
func (f *FieldSendsFact) String() string {
	return fmt.Sprintf("param %d kept in %s, %s sends unkeyed %s (%s)", f.Param, f.Field, f.Via, f.Method, f.Where)
}

// fieldSend is the first unkeyed POST of the package sent through a field.
type fieldSend struct {
	method, via, where string
}

// learnFieldSends finds the functions of the package that keep an
// *http.Client parameter in a field through which the package POSTs.
func (a *analyzer) learnFieldSends(sites *retrysite.Result) map[*types.Func]*FieldSendsFact {
	through := map[*types.Var]*fieldSend{}
	memo := map[*types.Func]*types.Var{}
	a.eachSend(func(*ast.FuncLit) bool { return false }, func(fn *types.Func, _ *inspector, s *send) {
		if !a.nonIdempotent(s.method) || s.keyed || len(s.keyParams) > 0 || s.retriedBy != nil || s.fact != nil && s.fact.Retried ||
			len(a.retriedAt(sites, s.call)) > 0 || a.viaRetryingClient(s.call) {
			return
		}
		f := a.sendField(s.call, memo, 0)
		if f == nil || through[f] != nil {
			return
		}
		if fn == nil {
			return
		}
		through[f] = &fieldSend{method: s.method, via: astutil.FuncName(fn), where: a.where(s)}
	})
	if len(through) == 0 {
		return nil
	}
	out := map[*types.Func]*FieldSendsFact{}
	for _, d := range a.decls {
		params := d.Func.Signature().Params()
		for i := range params.Len() {
			p := params.At(i)
			if !isHTTPClientType(p.Type()) {
				continue
			}
			if f := a.storedIn(d.Block, p, through); f != nil {
				fs := through[f]
				out[d.Func] = &FieldSendsFact{Param: i, Field: f.Name(), Method: fs.method, Via: fs.via, Where: fs.where}
				break
			}
		}
	}
	return out
}

// sendField returns the *http.Client field a send goes through: the
// receiver of a send (c.HTTPClient.Do(req)), or the field the function of
// the package it calls sends through (s.client.do(req, &out)).
func (a *analyzer) sendField(call *ast.CallExpr, memo map[*types.Func]*types.Var, depth int) *types.Var {
	info := a.pass.TypesInfo
	fn := libs.Callee(info, call)
	if fn == nil {
		return nil
	}
	if _, ok := libs.Sends.Lookup(fn); ok || isDoer(fn) {
		sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
		if !ok {
			return nil
		}
		inner, ok := ast.Unparen(sel.X).(*ast.SelectorExpr)
		if !ok {
			return nil
		}
		if v, ok := info.ObjectOf(inner.Sel).(*types.Var); ok && v.IsField() && isHTTPClientType(v.Type()) {
			return v
		}
		return nil
	}
	if fn.Pkg() != a.pass.Pkg || depth > 4 {
		return nil
	}
	if v, ok := memo[fn]; ok {
		return v
	}
	memo[fn] = nil // no recursion through a cycle
	var body *ast.BlockStmt
	for _, d := range a.decls {
		if d.Func == fn {
			body = d.Block
		}
	}
	if body == nil {
		return nil
	}
	var out *types.Var
	ast.Inspect(body, func(n ast.Node) bool {
		if _, lit := n.(*ast.FuncLit); lit || out != nil {
			return false
		}
		if c, ok := n.(*ast.CallExpr); ok {
			out = a.sendField(c, memo, depth+1)
		}
		return out == nil
	})
	memo[fn] = out
	return out
}

// storedIn returns the field of fields that body stores parameter p in
// (Client{HTTPClient: hc}, c.HTTPClient = hc), or nil.
func (a *analyzer) storedIn(body *ast.BlockStmt, p *types.Var, fields map[*types.Var]*fieldSend) *types.Var {
	info := a.pass.TypesInfo
	isP := func(e ast.Expr) bool {
		id, ok := ast.Unparen(e).(*ast.Ident)
		return ok && info.Uses[id] == p
	}
	var out *types.Var
	ast.Inspect(body, func(n ast.Node) bool {
		if out != nil {
			return false
		}
		switch n := n.(type) {
		case *ast.KeyValueExpr:
			if id, ok := n.Key.(*ast.Ident); ok && isP(n.Value) {
				if v, ok := info.ObjectOf(id).(*types.Var); ok && fields[v] != nil {
					out = v
				}
			}
		case *ast.AssignStmt:
			if len(n.Lhs) != len(n.Rhs) {
				return true
			}
			for i, l := range n.Lhs {
				if sel, ok := ast.Unparen(l).(*ast.SelectorExpr); ok && isP(n.Rhs[i]) {
					if v, ok := info.ObjectOf(sel.Sel).(*types.Var); ok && fields[v] != nil {
						out = v
					}
				}
			}
		}
		return true
	})
	return out
}

func (a *analyzer) fieldSendsFact(fn *types.Func, local map[*types.Func]*FieldSendsFact) *FieldSendsFact {
	if f, ok := local[fn]; ok {
		return f
	}
	if fn.Pkg() == a.pass.Pkg {
		return nil
	}
	var f FieldSendsFact
	if a.pass.ImportObjectFact(fn, &f) {
		return &f
	}
	return nil
}

// checkFieldSends reports the calls of such constructors that hand in a
// client that retries with its library's retry decision.
func (a *analyzer) checkFieldSends(sites *retrysite.Result, local map[*types.Func]*FieldSendsFact) {
	for n, fn := range a.index.Package() {
		call, ok := n.(*ast.CallExpr)
		if !ok || fn == nil {
			continue
		}
		f := a.fieldSendsFact(fn, local)
		if f == nil || f.Param >= len(call.Args) || !a.nonIdempotent(f.Method) {
			continue
		}
		cfg := sites.RetryingClient(call.Args[f.Param])
		if cfg == nil || cfg.CustomCheck {
			continue
		}
		d := analysis.Diagnostic{
			Pos: call.Pos(), End: call.End(),
			Message: fmt.Sprintf("%s keeps this retrying client in its %s field, and %s sends a %s request through it without an %s header: the client sends it again after a timeout or a 5xx; send one key per operation, or give %s a client that does not retry %s",
				fn.Name(), f.Field, f.Via, f.Method, headers[0], fn.Name(), f.Method),
			Related: []analysis.RelatedInformation{{
				Pos:     fn.Pos(),
				Message: fmt.Sprintf("%s sends the %s request through %s without a key (%s)", f.Via, f.Method, f.Field, f.Where),
			}},
		}
		report.Report(a.pass, d)
	}
}

func isHTTPClientType(t types.Type) bool {
	if p, ok := t.(*types.Pointer); ok {
		t = p.Elem()
	}
	return libs.IsNamed(t, "net/http", "Client")
}

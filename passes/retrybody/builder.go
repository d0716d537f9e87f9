package retrybody

import (
	"fmt"
	"go/ast"
	"go/types"

	"golang.org/x/tools/go/analysis"

	"github.com/idemlint/idemlint/passes/internal/bodies"
	"github.com/idemlint/idemlint/passes/internal/libs"
)

// BuilderFact marks a function of the program that returns an
// *http.Request with a body, built by net/http (directly or through
// another builder): httpx.NewRequest(ctx, method, url, body) passes its
// parameter on (BodyParam is its index), httpx.NewJSONRequest(ctx,
// method, url, v) makes the body reader itself (BodyParam -1). A request
// such a function builds once, outside a retry, is drained by the first
// attempt like one built by http.NewRequest.
type BuilderFact struct {
	BodyParam int
}

func (*BuilderFact) AFact() {}

func (f *BuilderFact) String() string {
	return fmt.Sprintf("builds a request with body %d", f.BodyParam)
}

// builders knows the request builders of the program.
type builders struct {
	pass  *analysis.Pass
	index *bodies.Index
	local map[*types.Func]*BuilderFact
}

func (b *builders) lookup(fn *types.Func) *BuilderFact {
	return lookupFact(b.pass, b.local, fn)
}

// bodyArg returns the body argument of a call that builds a request with
// net/http or a builder of the program, whether the builder makes the body
// itself, and whether call builds a request at all.
func (b *builders) bodyArg(call *ast.CallExpr) (body ast.Expr, internal, ok bool) {
	fn := libs.Callee(b.pass.TypesInfo, call)
	if i, found := libs.RequestBuilders.Lookup(fn); found {
		if fn.Pkg().Path() != "net/http" || i+2 >= len(call.Args) {
			return nil, false, false // go-retryablehttp rewinds its bodies
		}
		return call.Args[i+2], false, true
	}
	f := b.lookup(fn)
	if f == nil {
		return nil, false, false
	}
	if f.BodyParam < 0 {
		return nil, true, true
	}
	if f.BodyParam >= len(call.Args) {
		return nil, false, false
	}
	return call.Args[f.BodyParam], false, true
}

// learn finds the package's request builders: functions returning an
// *http.Request that build one whose body is a parameter or a reader they
// make.
func (b *builders) learn() {
	for range 3 {
		grew := false
		for _, d := range b.index.Decls() {
			fn := d.Func
			if b.local[fn] != nil || !returnsRequest(fn) {
				continue
			}
			if f := b.factOf(d, fn); f != nil {
				b.local[fn] = f
				grew = true
			}
		}
		if !grew {
			break
		}
	}
	for fn, f := range b.local {
		b.pass.ExportObjectFact(fn, f)
	}
}

func (b *builders) factOf(d *bodies.Body, fn *types.Func) *BuilderFact {
	info := b.pass.TypesInfo
	for n := range b.index.Each(d, nil) {
		call, ok := n.(*ast.CallExpr)
		if !ok {
			continue
		}
		body, internal, ok := b.bodyArg(call)
		switch {
		case !ok:
		case internal:
			return &BuilderFact{BodyParam: -1}
		case isNoBody(info, body):
		default:
			out := &BuilderFact{BodyParam: -1}
			if id, ok := ast.Unparen(body).(*ast.Ident); ok {
				params := fn.Signature().Params()
				for i := range params.Len() {
					if params.At(i) == info.Uses[id] {
						out.BodyParam = i
					}
				}
				if i, guarded := guardedParam(info, d.Block, fn, id); guarded {
					out.BodyParam = i // no body when the caller passes nil
				}
			}
			return out
		}
	}
	return nil
}

func returnsRequest(fn *types.Func) bool {
	res := fn.Signature().Results()
	for i := range res.Len() {
		if isRequest(res.At(i).Type()) {
			return true
		}
	}
	return false
}

func isRequest(t types.Type) bool {
	p, ok := types.Unalias(t).(*types.Pointer)
	return ok && libs.IsNamed(p.Elem(), "net/http", "Request")
}

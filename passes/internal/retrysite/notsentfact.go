package retrysite

import (
	"go/ast"
	"go/token"
	"go/types"

	"github.com/idemlint/idemlint/passes/internal/astutil"
	"github.com/idemlint/idemlint/passes/internal/libs"
	"github.com/idemlint/idemlint/passes/internal/retrysite/site"
)

// NotSentFact marks a function of the program that reports whether an
// error proves the attempt never reached the server, such as
//
//	func IsConnRefused(err error) bool { return errors.Is(err, syscall.ECONNREFUSED) }
//
// so a failure test that calls it, in any package, is a NotSent test.
type NotSentFact struct{}

func (*NotSentFact) AFact()         {}
func (*NotSentFact) String() string { return "notSent" }

// NotSent is the package-aware form of the package-level NotSent: it also
// sees through calls of the program's predicates (NotSentFact).
func (r *Result) NotSent(info *types.Info, test ast.Expr) bool {
	return NotSent(info, test) || len(r.unsent) > 0 && astutil.Some(test, func(n ast.Node) bool {
		call, ok := n.(*ast.CallExpr)
		return ok && r.unsent[libs.Callee(info, call)]
	})
}

// provesUnsent is the strict reading a predicate's result needs: true
// only when the error proves the attempt was not sent, so an || needs
// both sides to prove it.
func (r *Result) provesUnsent(info *types.Info, e ast.Expr) bool {
	switch x := ast.Unparen(e).(type) {
	case *ast.BinaryExpr:
		switch x.Op {
		case token.LOR:
			return r.provesUnsent(info, x.X) && r.provesUnsent(info, x.Y)
		case token.LAND:
			return r.provesUnsent(info, x.X) || r.provesUnsent(info, x.Y)
		}
	case *ast.UnaryExpr:
		if x.Op == token.NOT {
			return false
		}
	}
	return r.NotSent(info, e)
}

// isPredicate reports whether fn has the shape of an error predicate: one
// bool result and an error parameter.
func isPredicate(fn *types.Func) bool {
	sig, ok := fn.Type().(*types.Signature)
	if !ok || sig.Results().Len() != 1 || !types.Identical(sig.Results().At(0).Type(), types.Typ[types.Bool]) {
		return false
	}
	for v := range sig.Params().Variables() {
		if site.IsErrorType(v.Type()) {
			return true
		}
	}
	return false
}

// learnUnsent finds the error predicates of the package whose every return
// proves the attempt was not sent, exports a NotSentFact for each, and
// records them and the imported ones the package calls in r.unsent.
func (f *finder) learnUnsent(r *Result) {
	r.unsent = map[*types.Func]bool{}
	for _, b := range f.index.Bodies {
		for _, c := range b.Calls {
			if c.Callee == nil || c.Callee.Pkg() == nil || c.Callee.Pkg() == f.pass.Pkg || r.unsent[c.Callee] || !isPredicate(c.Callee) {
				continue
			}
			if f.pass.ImportObjectFact(c.Callee, new(NotSentFact)) {
				r.unsent[c.Callee] = true
			}
		}
	}
	// Two rounds: a predicate may call another declared after it.
	for range 2 {
		for _, b := range f.index.Decls() {
			if b.Func == nil || r.unsent[b.Func] || !isPredicate(b.Func) || !f.returnsUnsent(r, b.Block) {
				continue
			}
			r.unsent[b.Func] = true
			f.pass.ExportObjectFact(b.Func, new(NotSentFact))
		}
	}
}

// returnsUnsent reports whether a body returns, and every value it returns
// proves the attempt was not sent (or is false).
func (f *finder) returnsUnsent(r *Result, body *ast.BlockStmt) bool {
	return astutil.EveryReturn(body, func(e ast.Expr) bool {
		if id, ok := ast.Unparen(e).(*ast.Ident); ok && id.Name == "false" {
			return true
		}
		return r.provesUnsent(f.info, e)
	})
}

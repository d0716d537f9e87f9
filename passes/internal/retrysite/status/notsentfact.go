package status

import (
	"go/ast"
	"go/token"
	"go/types"

	"github.com/idemlint/idemlint/passes/internal/astutil"
	"github.com/idemlint/idemlint/passes/internal/bodies"
	"github.com/idemlint/idemlint/passes/internal/libs"
	"github.com/idemlint/idemlint/passes/internal/retrysite/site"
	"golang.org/x/tools/go/analysis"
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

// Unsent holds the error predicates of the program (NotSentFact) that a
// package has or calls.
type Unsent map[*types.Func]bool

// NotSent is the package-aware form of the package-level NotSent: it also
// sees through calls of the program's predicates (NotSentFact).
func (u Unsent) NotSent(info *types.Info, test ast.Expr) bool {
	return NotSent(info, test) || len(u) > 0 && astutil.Some(test, func(n ast.Node) bool {
		call, ok := n.(*ast.CallExpr)
		return ok && u[libs.Callee(info, call)]
	})
}

// provesUnsent is the strict reading a predicate's result needs: true
// only when the error proves the attempt was not sent, so an || needs
// both sides to prove it.
func (u Unsent) provesUnsent(info *types.Info, e ast.Expr) bool {
	switch x := ast.Unparen(e).(type) {
	case *ast.BinaryExpr:
		switch x.Op {
		case token.LOR:
			return u.provesUnsent(info, x.X) && u.provesUnsent(info, x.Y)
		case token.LAND:
			return u.provesUnsent(info, x.X) || u.provesUnsent(info, x.Y)
		}
	case *ast.UnaryExpr:
		if x.Op == token.NOT {
			return false
		}
	}
	return u.NotSent(info, e)
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

// LearnUnsent finds the error predicates of the package whose every return
// proves the attempt was not sent, exports a NotSentFact for each, and
// returns them and the imported ones the package calls.
func LearnUnsent(pass *analysis.Pass, index *bodies.Index) Unsent {
	u := Unsent{}
	for _, b := range index.Bodies {
		for _, c := range b.Calls {
			if c.Callee == nil || c.Callee.Pkg() == nil || c.Callee.Pkg() == pass.Pkg || u[c.Callee] || !isPredicate(c.Callee) {
				continue
			}
			if pass.ImportObjectFact(c.Callee, new(NotSentFact)) {
				u[c.Callee] = true
			}
		}
	}
	// Two rounds: a predicate may call another declared after it.
	for range 2 {
		for _, b := range index.Decls() {
			if b.Func == nil || u[b.Func] || !isPredicate(b.Func) || !u.returnsUnsent(pass.TypesInfo, b.Block) {
				continue
			}
			u[b.Func] = true
			pass.ExportObjectFact(b.Func, new(NotSentFact))
		}
	}
	return u
}

// returnsUnsent reports whether a body returns, and every value it returns
// proves the attempt was not sent (or is false).
func (u Unsent) returnsUnsent(info *types.Info, body *ast.BlockStmt) bool {
	return astutil.EveryReturn(body, func(e ast.Expr) bool {
		if id, ok := ast.Unparen(e).(*ast.Ident); ok && id.Name == "false" {
			return true
		}
		return u.provesUnsent(info, e)
	})
}

package status

import (
	"go/ast"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/analysis"

	"github.com/idemlint/idemlint/passes/internal/bodies"
	"github.com/idemlint/idemlint/passes/internal/libs"
)

// A throttle error type is an error type a client makes only for an
// answer that asks it to slow down, as slack-go's RateLimitedError:
//
//	if resp.StatusCode == http.StatusTooManyRequests && resp.Header.Get("Retry-After") != "" {
//		return &RateLimitedError{RetryAfter: ...}
//	}
//
// A failure test errors.As(err, &rl) on such a type is true only for a
// 429: the server refused the request without processing it, and a delay
// read from the error is the one the server asked for.

// ThrottleTypeFact marks an error type whose every value the package makes
// under a test that the status is 429.
type ThrottleTypeFact struct{}

func (*ThrottleTypeFact) AFact()         {}
func (*ThrottleTypeFact) String() string { return "made only for a 429" }

// ThrottleTypes holds the throttle error types a package declares or
// imports, looked up as they are asked for.
type ThrottleTypes struct {
	pass  *analysis.Pass
	known map[*types.TypeName]bool
}

// LearnThrottleTypes finds the error types of the package made only under
// a 429 test and exports a ThrottleTypeFact for each.
func LearnThrottleTypes(pass *analysis.Pass, index *bodies.Index) *ThrottleTypes {
	t := &ThrottleTypes{pass: pass, known: map[*types.TypeName]bool{}}
	if !libs.DependsOn(pass.Pkg, "net/http") || !declaresErrorType(pass) {
		return t // no literal of its own error types to read
	}
	made := map[*types.TypeName]bool{} // type -> every literal so far under a 429 test
	for n := range index.Package() {
		lit, ok := n.(*ast.CompositeLit)
		if !ok {
			continue
		}
		tn := ownErrorType(pass, pass.TypesInfo.TypeOf(lit))
		if tn == nil {
			continue
		}
		prev, seen := made[tn]
		made[tn] = (prev || !seen) && madeOn429(pass.TypesInfo, index.Holding(lit), lit)
	}
	for tn, only := range made {
		if only {
			t.known[tn] = true
			pass.ExportObjectFact(tn, new(ThrottleTypeFact))
		}
	}
	return t
}

// madeOn429 reports whether lit, in body b, lies in the body of an if
// statement whose condition is true only for a 429. A literal outside a
// function (a package-level sentinel) is not.
func madeOn429(info *types.Info, b *bodies.Body, lit ast.Node) bool {
	if b == nil || b.Block == nil {
		return false
	}
	found := false
	var walk func(n ast.Node, under bool)
	walk = func(n ast.Node, under bool) {
		ast.Inspect(n, func(n ast.Node) bool {
			if found || n == nil || n.End() <= lit.Pos() || lit.End() <= n.Pos() {
				return false // only the statements around lit
			}
			if n == lit {
				found = under
				return false
			}
			if ifs, ok := n.(*ast.IfStmt); ok && ifs.Body.Pos() <= lit.Pos() && lit.End() <= ifs.Body.End() {
				// A nil ThrottleTypes knows no throttle type yet: only
				// the status tests prove a 429 here.
				walk(ifs.Body, under || (*ThrottleTypes)(nil).Proves(info, ifs.Cond, true))
				return false
			}
			return true
		})
	}
	walk(b.Block, false)
	return found
}

// declaresErrorType reports whether the package declares a named type
// that is an error (or whose pointer is).
func declaresErrorType(pass *analysis.Pass) bool {
	scope := pass.Pkg.Scope()
	for _, name := range scope.Names() {
		if tn, ok := scope.Lookup(name).(*types.TypeName); ok && ownErrorType(pass, tn.Type()) != nil {
			return true
		}
	}
	return false
}

// ownErrorType returns the named type of t (or of what t points to) when
// the package declares it and it, or a pointer to it, is an error.
func ownErrorType(pass *analysis.Pass, t types.Type) *types.TypeName {
	if t == nil {
		return nil
	}
	named, ok := types.Unalias(t).(*types.Named)
	if !ok || named.Obj().Pkg() != pass.Pkg || types.IsInterface(named) {
		return nil
	}
	errType := types.Universe.Lookup("error").Type().Underlying().(*types.Interface)
	if !types.Implements(named, errType) && !types.Implements(types.NewPointer(named), errType) {
		return nil
	}
	return named.Obj()
}

// Is reports whether t, or what it points to, is a throttle error type.
func (t *ThrottleTypes) Is(typ types.Type) bool {
	if t == nil || typ == nil {
		return false
	}
	if p, ok := types.Unalias(typ).(*types.Pointer); ok {
		typ = p.Elem()
	}
	named, ok := types.Unalias(typ).(*types.Named)
	if !ok {
		return false
	}
	tn := named.Origin().Obj()
	if known, ok := t.known[tn]; ok {
		return known
	}
	found := tn.Pkg() != nil && tn.Pkg() != t.pass.Pkg && t.pass.ImportObjectFact(tn, new(ThrottleTypeFact))
	t.known[tn] = found
	return found
}

// Matches reports whether e is true only for a throttle error:
// errors.As(err, &rl) with rl of a throttle error type.
func (t *ThrottleTypes) Matches(info *types.Info, e ast.Expr) bool {
	call, ok := ast.Unparen(e).(*ast.CallExpr)
	if !ok || len(call.Args) != 2 || !libs.IsErrorsFunc(libs.Callee(info, call), "As") {
		return false
	}
	u, ok := ast.Unparen(call.Args[1]).(*ast.UnaryExpr)
	return ok && u.Op == token.AND && t.Is(info.TypeOf(u.X))
}

// Proves reports whether e having the value v proves the answer was a
// 429: a status compared with 429, or a throttle error matched (on their
// own, in a conjunction, or negated).
func (t *ThrottleTypes) Proves(info *types.Info, e ast.Expr, v bool) bool {
	switch x := ast.Unparen(e).(type) {
	case *ast.UnaryExpr:
		return x.Op == token.NOT && t.Proves(info, x.X, !v)
	case *ast.BinaryExpr:
		switch x.Op {
		case token.LAND, token.LOR:
			// && is true when both are, false when either is; || the
			// other way round.
			if v == (x.Op == token.LAND) {
				return t.Proves(info, x.X, v) || t.Proves(info, x.Y, v)
			}
			return t.Proves(info, x.X, v) && t.Proves(info, x.Y, v)
		case token.EQL, token.NEQ:
			op, code, ok := StatusTest(info, x, func(ast.Expr) bool { return true })
			return ok && code == 429 && (op == token.EQL) == v
		}
		return false
	}
	return v && t.Matches(info, e)
}

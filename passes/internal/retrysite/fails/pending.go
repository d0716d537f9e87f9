package fails

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"strconv"

	"github.com/idemlint/idemlint/passes/internal/bodies"
	"github.com/idemlint/idemlint/passes/internal/retrysite/site"
)

// PendingFact marks an error value of the program that a function returns
// only to say "not done yet": every return of it is guarded by tests of a
// successful answer (a job's state, a 202), none of an error or of a
// failing status. A loop that waits and goes round on it while every real
// error returns is a poll (RULES.md, retry loop: a "still pending"
// sentinel error), not a retry.
type PendingFact struct{}

func (*PendingFact) AFact()         {}
func (*PendingFact) String() string { return "pending sentinel" }

// Pending reports whether v is such a "not done yet" error value.
func (f *Fails) Pending(v *types.Var) bool {
	if v == nil || v.Pkg() == nil {
		return false
	}
	if v.Pkg() == f.pass.Pkg {
		return f.pending[v]
	}
	return f.pass.ImportObjectFact(v, new(PendingFact))
}

// learnPending finds the package's error values returned only after
// success, and exports their facts.
func (f *Fails) learnPending() {
	info := f.pass.TypesInfo
	failing := map[*types.Var]bool{}
	returned := map[*types.Var]bool{}
	for _, b := range f.index.Bodies {
		if fd, ok := b.Node.(*ast.FuncDecl); ok && returnsSentinel(info, b, f.pass.Pkg) {
			noteSentinelReturns(info, fd, f.pass.Pkg, failing, returned)
		}
	}
	for v := range returned {
		if !failing[v] {
			f.pending[v] = true
			f.pass.ExportObjectFact(v, &PendingFact{})
		}
	}
}

// noteSentinelReturns notes the package-level error values fd returns, and
// those it returns under a guard that may say something failed.
func noteSentinelReturns(info *types.Info, fd *ast.FuncDecl, pkg *types.Package, failing, returned map[*types.Var]bool) {
	var guards []ast.Expr
	var walk func(n ast.Node)
	walk = func(n ast.Node) {
		ast.Inspect(n, func(m ast.Node) bool {
			switch m := m.(type) {
			case *ast.FuncLit:
				return false
			case *ast.IfStmt:
				if m.Init != nil {
					walk(m.Init)
				}
				guards = append(guards, m.Cond)
				walk(m.Body)
				if m.Else != nil {
					walk(m.Else)
				}
				guards = guards[:len(guards)-1]
				return false
			case *ast.SwitchStmt:
				if m.Tag != nil {
					guards = append(guards, m.Tag)
					walk(m.Body)
					guards = guards[:len(guards)-1]
					return false
				}
			case *ast.CaseClause:
				guards = append(guards, m.List...)
				for _, s := range m.Body {
					walk(s)
				}
				guards = guards[:len(guards)-len(m.List)]
				return false
			case *ast.ReturnStmt:
				if len(m.Results) == 0 {
					return false
				}
				v := sentinel(info, m.Results[len(m.Results)-1], pkg)
				if v == nil {
					return false
				}
				returned[v] = true
				for _, g := range guards {
					if failureGuard(info, g) {
						failing[v] = true
					}
				}
				return false
			}
			return true
		})
	}
	walk(fd.Body)
}

// sentinel returns the package-level error variable of pkg that e names.
func sentinel(info *types.Info, e ast.Expr, pkg *types.Package) *types.Var {
	id, ok := ast.Unparen(e).(*ast.Ident)
	if !ok {
		return nil
	}
	v, ok := info.Uses[id].(*types.Var)
	if !ok || v.Pkg() != pkg || v.Parent() != pkg.Scope() || !site.IsErrorType(v.Type()) {
		return nil
	}
	return v
}

// failureGuard reports whether a condition on the way to a return may
// say that something failed: it reads an error, or compares an integer
// with a constant that is not a success status (>= 400, != 200: a status
// that failed), or with an ordering test (code >= 300), or a text with a
// failing status (msg.Header.Get(statusHdr) == "503").
func failureGuard(info *types.Info, cond ast.Expr) bool {
	bad := false
	ast.Inspect(cond, func(n ast.Node) bool {
		if bad {
			return false
		}
		switch n := n.(type) {
		case *ast.Ident:
			if v, ok := info.Uses[n].(*types.Var); ok && site.IsErrorType(v.Type()) {
				bad = true
			}
		case *ast.BinaryExpr:
			for _, side := range []ast.Expr{n.X, n.Y} {
				tv, ok := info.Types[side]
				if ok && tv.Value != nil && tv.Value.Kind() == constant.String {
					// h.Get(statusHdr) == "503": a status carried as text.
					if c, err := strconv.Atoi(constant.StringVal(tv.Value)); err == nil && c >= 300 && c < 600 {
						bad = true
					}
					continue
				}
				if !ok || tv.Value == nil || tv.Value.Kind() != constant.Int {
					continue
				}
				c, _ := constant.Int64Val(tv.Value)
				if n.Op != token.EQL || c >= 300 {
					bad = true
				}
			}
		case *ast.BasicLit:
			// A literal 0 compared with a float is a float constant.
			if tv, ok := info.Types[n]; ok && n.Kind == token.INT && tv.Value != nil && tv.Value.Kind() == constant.Int {
				if c, _ := constant.Int64Val(tv.Value); c >= 300 {
					bad = true
				}
			}
		}
		return !bad
	})
	return bad
}

// returnsSentinel reports whether a return of body b hands back a
// package-level error value of pkg: only those bodies are walked.
func returnsSentinel(info *types.Info, b *bodies.Body, pkg *types.Package) bool {
	for _, n := range b.Nodes {
		if r, ok := n.(*ast.ReturnStmt); ok && len(r.Results) > 0 && sentinel(info, r.Results[len(r.Results)-1], pkg) != nil {
			return true
		}
	}
	return false
}

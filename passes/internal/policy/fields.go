package policy

import (
	"go/ast"
	"go/types"

	"golang.org/x/tools/go/analysis"

	"github.com/idemlint/idemlint/passes/internal/bodies"
)

// StoredIn returns, for a policy read from one struct field or package
// variable and nothing else unseen (backoff.Retry(op, c.backoff),
// retry.Do(op, defaultOpts...)), the field and what the
// package stores in it, merged with what the use itself adds around it:
// the values of the field in composite literals (&Client{backoff: b}) and
// assignments (c.backoff = b), each followed in the function that stores
// it. It returns nil when any stored value cannot be seen, or the package
// stores none (the field is set elsewhere).
func StoredIn(info *types.Info, index *bodies.Index, p *Policy) (*types.Var, *Policy) {
	if p.Complete || !p.OnlyFields || len(p.FromFields) != 1 {
		return nil, nil
	}
	field := p.FromFields[0]
	stored := New()
	stored.Merge(p)
	stored.Complete = true
	n := 0
	for _, b := range index.Top {
		d := b.Node
		for x := range index.All(b) {
			switch x := x.(type) {
			case *ast.KeyValueExpr:
				if id, ok := x.Key.(*ast.Ident); ok && info.Uses[id] == field {
					stored.Merge(Follow(info, x.Value, d))
					n++
				}
			case *ast.ValueSpec: // var defaultOpts = []retry.Option{...}
				for i, name := range x.Names {
					if info.Defs[name] != field {
						continue
					}
					if len(x.Values) != len(x.Names) {
						stored.incomplete()
						continue
					}
					stored.Merge(Follow(info, x.Values[i], d))
					n++
				}
			case *ast.AssignStmt:
				for i, l := range x.Lhs {
					if setsFieldOf(info, l, field) {
						stored.incomplete() // defaultBackoff.MaxElapsedTime = 0 in init
					}
					if storesTo(info, l, field) {
						if len(x.Lhs) != len(x.Rhs) {
							stored.incomplete()
							continue
						}
						stored.Merge(Follow(info, x.Rhs[i], d))
						n++
					}
				}
			}
		}
	}
	if n == 0 || !stored.Complete {
		return nil, nil
	}
	return field, stored
}

// storesTo reports whether the left-hand side l of an assignment stores to
// v: a field (c.backoff = b) or a package variable (defaultOpts = ...).
func storesTo(info *types.Info, l ast.Expr, v *types.Var) bool {
	switch l := ast.Unparen(l).(type) {
	case *ast.SelectorExpr:
		return info.Uses[l.Sel] == v
	case *ast.Ident:
		return IsPackageVar(v) && info.Uses[l] == v
	}
	return false
}

// setsFieldOf reports whether l sets a field of the package variable v
// (v.MaxElapsedTime = 0): v is then configured outside its declaration.
func setsFieldOf(info *types.Info, l ast.Expr, v *types.Var) bool {
	sel, ok := ast.Unparen(l).(*ast.SelectorExpr)
	if !ok || !IsPackageVar(v) {
		return false
	}
	id, ok := ast.Unparen(sel.X).(*ast.Ident)
	return ok && info.Uses[id] == v
}

// Merge adds what builds q to p.
func (p *Policy) Merge(q *Policy) {
	p.Calls = append(p.Calls, q.Calls...)
	p.Lits = append(p.Lits, q.Lits...)
	for k, v := range q.Fields {
		p.Fields[k] = v
	}
	p.Complete = p.Complete && q.Complete
}

// OtherPackageVar returns the package-level variable of another package
// that p is read from and nothing else unseen (retryopts.Default...), or
// nil: its own package exports a Fact for what it stores.
func OtherPackageVar(pkg *types.Package, p *Policy) *types.Var {
	if p.Complete || !p.OnlyFields || len(p.FromFields) != 1 {
		return nil
	}
	v := p.FromFields[0]
	if !IsPackageVar(v) || v.Pkg() == pkg {
		return nil
	}
	return v
}

// JudgeStore returns the struct field or package variable p is read from
// and what is wrong with the policy stored there, or "": judge reads what
// this package stores (StoredIn); a package variable of another package
// carries its own package's judgement in fact (OtherPackageVar), whose
// why returns it.
func JudgeStore[F analysis.Fact](pass *analysis.Pass, index *bodies.Index, p *Policy, judge func(*Policy) string, fact F, why func(F) string) (*types.Var, string) {
	field, stored := StoredIn(pass.TypesInfo, index, p)
	if stored != nil {
		return field, judge(stored)
	}
	if v := OtherPackageVar(pass.Pkg, p); v != nil && pass.ImportObjectFact(v, fact) {
		return v, why(fact)
	}
	return field, ""
}

// StoreName names where a policy is stored, for a message: "field opts",
// "variable defaultOpts", "variable retryopts.Default".
func StoreName(pkg *types.Package, v *types.Var) string {
	switch {
	case v.IsField():
		return "field " + v.Name()
	case v.Pkg() != nil && v.Pkg() != pkg:
		return "variable " + v.Pkg().Name() + "." + v.Name()
	}
	return "variable " + v.Name()
}

// PackageVars lists the package-level variables of the package whose
// type is a retry policy and whose every stored value is in view, with
// what they store: each is judged where it is stored, and its judgement
// exported as a Fact for the packages that read it.
func PackageVars(info *types.Info, index *bodies.Index, pkg *types.Package, isPolicy func(types.Type) bool) map[*types.Var]*Policy {
	out := map[*types.Var]*Policy{}
	for _, name := range pkg.Scope().Names() {
		v, ok := pkg.Scope().Lookup(name).(*types.Var)
		if !ok || !isPolicy(v.Type()) {
			continue
		}
		p := New()
		p.OnlyFields, p.Complete, p.FromFields = true, false, []*types.Var{v}
		if _, stored := StoredIn(info, index, p); stored != nil {
			out[v] = stored
		}
	}
	return out
}

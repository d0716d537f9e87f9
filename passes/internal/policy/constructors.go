package policy

import (
	"go/ast"
	"go/types"

	"golang.org/x/tools/go/analysis"

	"github.com/idemlint/idemlint/passes/internal/bodies"
	"github.com/idemlint/idemlint/passes/internal/libs"
)

// A Constructor is a function of the program that builds and returns a
// retry policy (func newBackoff() backoff.BackOff), and the policy its
// returns build, merged: a retry site that gets its policy from a call of
// the function is judged through a Fact the analyzer exports for it.
type Constructor struct {
	Func   *types.Func
	Decl   *ast.FuncDecl
	Policy *Policy
}

// Constructors lists the function declarations of the package whose single
// result is a retry policy (a type of a library family's policy package,
// libs.IsPolicyType) and whose every return statement hands back a policy
// built in view (Policy.Complete).
func Constructors(info *types.Info, index *bodies.Index) []Constructor {
	var out []Constructor
	for _, b := range index.Top {
		fd, ok := b.Node.(*ast.FuncDecl)
		if !ok || fd.Type.Results == nil || fd.Type.Results.NumFields() != 1 ||
			!libs.IsPolicyType(info.TypeOf(fd.Type.Results.List[0].Type)) {
			continue
		}
		fn, ok := info.Defs[fd.Name].(*types.Func)
		if !ok {
			continue
		}
		if p := returned(info, index, b); p != nil {
			out = append(out, Constructor{Func: fn, Decl: fd, Policy: p})
		}
	}
	return out
}

// returned follows the values b's function returns and merges what builds
// them, or returns nil when one of them cannot be followed (a bare return,
// a value from a parameter or a field).
func returned(info *types.Info, index *bodies.Index, b *bodies.Body) *Policy {
	merged := New()
	found := false
	for n := range index.Each(b, nil) {
		ret, ok := n.(*ast.ReturnStmt)
		if !ok {
			continue
		}
		if len(ret.Results) != 1 {
			merged.Complete = false
			continue
		}
		merged.Merge(Follow(info, ret.Results[0], b.Node))
		found = true
	}
	if !found || !merged.Complete {
		return nil
	}
	return merged
}

// Constructed returns the functions of the program whose calls build p,
// (newBackoff in backoff.WithContext(newBackoff(), ctx)), in the order the
// policy met them.
func Constructed(info *types.Info, p *Policy) []*ast.CallExpr {
	var out []*ast.CallExpr
	for _, c := range p.Calls {
		if fn := libs.Callee(info, c); fn != nil && fn.Pkg() != nil && !libs.IsPolicyPackage(fn.Pkg().Path()) {
			out = append(out, c)
		}
	}
	return out
}

// Learn judges each policy constructor of the package with judge, which
// returns a fact for a constructor whose policy is faulty, or nil, and may
// consult the facts learned so far (a constructor may return another's
// policy): it goes round until nothing new is learned, then exports the
// facts and returns them.
func Learn[T any, F interface {
	*T
	analysis.Fact
}](pass *analysis.Pass, index *bodies.Index, judge func(c Constructor, learned map[*types.Func]F) F) map[*types.Func]F {
	learned := map[*types.Func]F{}
	ctors := Constructors(pass.TypesInfo, index)
	for grew := true; grew; {
		grew = false
		for _, c := range ctors {
			if learned[c.Func] == nil {
				if f := judge(c, learned); f != nil {
					learned[c.Func] = f
					grew = true
				}
			}
		}
	}
	for fn, f := range learned {
		pass.ExportObjectFact(fn, f)
	}
	return learned
}

// ConstructorFact returns the fact (learned in this package, or imported)
// of the first constructor whose call builds p, and that call.
func ConstructorFact[T any, F interface {
	*T
	analysis.Fact
}](pass *analysis.Pass, p *Policy, learned map[*types.Func]F) (F, *ast.CallExpr) {
	for _, c := range Constructed(pass.TypesInfo, p) {
		fn := libs.Callee(pass.TypesInfo, c)
		if f := learned[fn]; f != nil {
			return f, c
		}
		f := F(new(T))
		if fn != nil && fn.Pkg() != pass.Pkg && pass.ImportObjectFact(fn, f) {
			return f, c
		}
	}
	return nil, nil
}

package retryamplify

import (
	"go/types"
	"strings"

	"github.com/idemlint/idemlint/passes/internal/ifaces"
)

// programPackages lists the packages whose types may implement an
// interface called from this one: the package itself and the packages it
// imports, directly or not, that belong to the same module (by path
// prefix) or hold a function that retries (a RetriesFact), and the
// standard library's: a field of an interface type that the program fills
// with its retrying wrapper or with a plain *http.Client (the default, the
// wrapper being opt-in) has two implementations, not one. A service that
// calls a store through an interface whose one implementation lives in
// another package of the program reaches that implementation's retries.
func (a *amplifier) programPackages() []*types.Package {
	withFacts := map[*types.Package]bool{}
	for _, f := range a.pass.AllObjectFacts() {
		if _, ok := f.Fact.(*RetriesFact); ok && f.Object.Pkg() != nil {
			withFacts[f.Object.Pkg()] = true
		}
	}
	prefix := ifaces.ModulePrefix(a.pass.Pkg.Path())
	out := []*types.Package{a.pass.Pkg}
	seen := map[*types.Package]bool{a.pass.Pkg: true}
	var visit func(p *types.Package)
	visit = func(p *types.Package) {
		for _, imp := range p.Imports() {
			if seen[imp] {
				continue
			}
			seen[imp] = true
			if withFacts[imp] || inStd(imp) || prefix != "" && strings.HasPrefix(imp.Path()+"/", prefix) {
				out = append(out, imp)
			}
			visit(imp)
		}
	}
	visit(a.pass.Pkg)
	return out
}

// inStd reports whether p is a package of the standard library, whose
// first path element has no dot.
func inStd(p *types.Package) bool {
	first, _, _ := strings.Cut(p.Path(), "/")
	return !strings.Contains(first, ".")
}

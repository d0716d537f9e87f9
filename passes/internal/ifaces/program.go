package ifaces

import (
	"go/types"
	"strings"
)

// soleInProgram resolves an interface method whose own package holds no
// implementation (ports and adapters: repo.Users declared in one package,
// implemented by pg.UserStore in another) among the packages of the
// program that the analyzed package imports, directly or not: the method
// of the one named type among them that implements the interface, or nil
// when there is none or several. A package is of the program when its
// path shares the analyzed package's module prefix (see ModulePrefix);
// an implementation the analyzed package does not import (wired in main)
// stays out of sight, and the call stays opaque.
func (r *Resolver) soleInProgram(fn *types.Func, iface *types.Interface) *types.Func {
	if r.program == nil {
		r.program = programPackages(r.Program)
	}
	var impl *types.Func
	for _, pkg := range r.program {
		if pkg == fn.Pkg() {
			continue
		}
		m, found := sole(fn, iface, pkg)
		if !found {
			continue
		}
		if m == nil || impl != nil && impl != m {
			return nil
		}
		impl = m
	}
	return impl
}

// programPackages lists pkg and the packages it imports, directly or not,
// that share its module prefix.
func programPackages(pkg *types.Package) []*types.Package {
	prefix := ModulePrefix(pkg.Path())
	out := []*types.Package{pkg}
	if prefix == "" {
		return out
	}
	seen := map[*types.Package]bool{pkg: true}
	var visit func(p *types.Package)
	visit = func(p *types.Package) {
		for _, imp := range p.Imports() {
			if seen[imp] || !strings.HasPrefix(imp.Path()+"/", prefix) {
				continue
			}
			seen[imp] = true
			out = append(out, imp)
			visit(imp)
		}
	}
	visit(pkg)
	return out
}

// ModulePrefix guesses the module of a package from its path, with a
// trailing slash: the host, owner and repository on a code host
// (github.com/owner/repo/), the host and one element for another host
// (example.com/shop/), the first element for a path without a host (a
// fixture's shop/...).
func ModulePrefix(path string) string {
	parts := strings.Split(path, "/")
	switch {
	case len(parts) >= 3 && codeHosts[parts[0]]:
		return strings.Join(parts[:3], "/") + "/"
	case strings.Contains(parts[0], ".") && len(parts) >= 2:
		return strings.Join(parts[:2], "/") + "/"
	case !strings.Contains(parts[0], "."):
		return parts[0] + "/"
	}
	return ""
}

var codeHosts = map[string]bool{"github.com": true, "gitlab.com": true, "bitbucket.org": true, "codeberg.org": true}

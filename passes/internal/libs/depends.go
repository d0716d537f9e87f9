package libs

import (
	"go/types"
	"sync"
)

// DependsOn reports whether pkg imports, directly or through its
// dependencies, any of the paths: the gate for analyzers whose facts flow
// through wrapper packages that do not import the library themselves.
func DependsOn(pkg *types.Package, paths ...string) bool {
	for _, path := range paths {
		if found, _ := dependsOn(pkg, path, nil); found {
			return true
		}
	}
	return false
}

// dependsMemo holds what dependsOn found, by package and path. Several
// analyzers ask on every package of a run, and a walk of each package's
// dependencies from scratch grew with the square of the program; with
// the answers of the imports kept, each package is looked at once per
// path. (The types of one run are kept alive by the run itself.)
var dependsMemo sync.Map // depKey -> bool

type depKey struct {
	pkg  *types.Package
	path string
}

// dependsOn is DependsOn for one path. onStack guards against an import
// cycle, which a type checker never builds but a broken package might:
// a "no" found below a cycle that was cut short (cut) is not kept.
func dependsOn(p *types.Package, path string, onStack map[*types.Package]bool) (found, cut bool) {
	if p.Path() == path {
		return true, false
	}
	k := depKey{p, path}
	if v, ok := dependsMemo.Load(k); ok {
		return v.(bool), false
	}
	if onStack[p] {
		return false, true
	}
	if onStack == nil {
		onStack = map[*types.Package]bool{}
	}
	onStack[p] = true
	for _, imp := range p.Imports() {
		f, c := dependsOn(imp, path, onStack)
		cut = cut || c
		if f {
			found = true
			break
		}
	}
	delete(onStack, p)
	if found || !cut {
		dependsMemo.Store(k, found)
	}
	return found, cut
}

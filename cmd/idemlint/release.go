package main

import (
	"go/types"

	"golang.org/x/tools/go/packages"
)

// releaser returns what passes.Releasing calls once the analyzers are
// done with a package: a dependency that is not a root loses its syntax
// and type information (its types stay, for its importers). The files
// are dropped in place, and the type information emptied in place,
// because the checker's passes share them with the package.
func releaser(roots []*packages.Package) func(*types.Package) bool {
	byTypes := map[*types.Package]*packages.Package{}
	packages.Visit(roots, nil, func(p *packages.Package) {
		if p.Types != nil {
			byTypes[p.Types] = p
		}
	})
	for _, r := range roots {
		delete(byTypes, r.Types)
	}
	return func(pkg *types.Package) bool {
		p := byTypes[pkg]
		if p == nil {
			return false
		}
		clear(p.Syntax)
		if p.TypesInfo != nil {
			*p.TypesInfo = types.Info{}
		}
		return true
	}
}

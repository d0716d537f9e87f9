package ifaces

import (
	"go/types"
	"sync"
)

// owners holds, per package, the concrete named types of its scope by the
// names of the methods they have (promoted ones included), in the scope's
// order. A package is asked about by every pass of the program that imports
// it, for every interface method its callers call, and walking its scope
// with types.Implements each time cost more than any analyzer's own work on
// large applications; the index is built once per package and process.
var owners sync.Map // *types.Package -> *ownerIndex

// Owners returns the concrete, non-generic named types of pkg whose
// pointer has a method called method, declared or promoted: the only types
// of pkg that can implement an interface with that method.
func Owners(pkg *types.Package, method string) []*types.Named {
	return ownersOf(pkg)[method]
}

func ownersOf(pkg *types.Package) map[string][]*types.Named {
	v, ok := owners.Load(pkg)
	if !ok {
		// Passes running side by side ask for the same package at once:
		// one of them builds the index, the others wait for it.
		v, _ = owners.LoadOrStore(pkg, new(ownerIndex))
	}
	ix := v.(*ownerIndex)
	ix.once.Do(func() { ix.byName = indexOwners(pkg) })
	return ix.byName
}

type ownerIndex struct {
	once   sync.Once
	byName map[string][]*types.Named
}

func indexOwners(pkg *types.Package) map[string][]*types.Named {
	byName := map[string][]*types.Named{}
	scope := pkg.Scope()
	for _, name := range scope.Names() {
		tn, ok := scope.Lookup(name).(*types.TypeName)
		if !ok || tn.IsAlias() || types.IsInterface(tn.Type()) {
			continue
		}
		named, ok := tn.Type().(*types.Named)
		if !ok || named.TypeParams().Len() > 0 {
			continue
		}
		// The pointer's method set holds the value's methods too.
		ms := types.NewMethodSet(types.NewPointer(named))
		for i := range ms.Len() {
			mname := ms.At(i).Obj().Name()
			byName[mname] = append(byName[mname], named)
		}
	}
	return byName
}

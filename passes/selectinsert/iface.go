package selectinsert

import "go/types"

// soleImplementation resolves a call of an interface method to the method
// of the one type, in the package that declares the interface, that
// implements it: a service holding a Store interface whose only
// implementation is the package's gormStore reads and inserts through
// that store (RULES.md, "Across function boundaries"). With no
// implementation there, or several, the call stays opaque.
func (h *helpers) soleImplementation(fn *types.Func) *types.Func {
	recv := fn.Signature().Recv()
	if recv == nil || fn.Pkg() == nil {
		return nil
	}
	iface, ok := recv.Type().Underlying().(*types.Interface)
	if !ok {
		return nil
	}
	if impl, ok := h.impls[fn]; ok {
		return impl
	}
	var impl *types.Func
	scope := fn.Pkg().Scope()
	for _, name := range scope.Names() {
		tn, ok := scope.Lookup(name).(*types.TypeName)
		if !ok || tn.IsAlias() || types.IsInterface(tn.Type()) {
			continue
		}
		named, ok := tn.Type().(*types.Named)
		if !ok || named.TypeParams().Len() > 0 {
			continue
		}
		for _, t := range []types.Type{named, types.NewPointer(named)} {
			if !types.Implements(t, iface) {
				continue
			}
			m, _, _ := types.LookupFieldOrMethod(t, true, fn.Pkg(), fn.Name())
			mfn, ok := m.(*types.Func)
			if !ok || impl != nil && impl != mfn {
				h.impls[fn] = nil
				return nil
			}
			impl = mfn
			break
		}
	}
	h.impls[fn] = impl
	return impl
}

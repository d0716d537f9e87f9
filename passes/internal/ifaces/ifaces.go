// Package ifaces resolves a call of an interface method to the one method
// that can run, when the interface's own package holds its only
// implementation: a service holding a Store or Locker interface whose one
// implementation sits beside it (RULES.md, "Across function boundaries":
// only an interface whose implementation cannot be pinned down is opaque),
// or, for an unexported field, to the one type the package stores in it
// (stored.go).
package ifaces

import (
	"go/types"
	"sync"
)

// Resolver caches SoleImplementation's answers for one pass.
type Resolver struct {
	// Program, when set, is the package being analyzed: an interface with
	// no implementation in its own package is then resolved among the
	// packages of the program it imports (program.go).
	Program *types.Package
	program []*types.Package

	impls  map[*types.Func]*types.Func
	stands map[*types.Func][]*types.Func // Stands' index, for one package
}

// SoleImplementation returns the method of the one named type, in the
// package that declares fn's interface, that implements that interface, or
// nil: fn is no interface method, or the package has no implementation, or
// several (the call could run any).
func (r *Resolver) SoleImplementation(fn *types.Func) *types.Func {
	if fn == nil || fn.Pkg() == nil {
		return nil
	}
	iface := InterfaceOf(fn)
	if iface == nil {
		return nil
	}
	if impl, ok := r.impls[fn]; ok {
		return impl
	}
	if r.impls == nil {
		r.impls = map[*types.Func]*types.Func{}
	}
	impl, found := sole(fn, iface, fn.Pkg())
	if !found && r.Program != nil {
		impl = r.soleInProgram(fn, iface)
	}
	r.impls[fn] = impl
	return impl
}

// SoleForReceiver resolves fn, a method of an interface embedded in the
// named interface recv of another package (mod.browser.Healthy(), where
// browser embeds gotenberg.Process), to the one implementation of recv in
// recv's package, or nil.
func SoleForReceiver(recv types.Type, fn *types.Func) *types.Func {
	named, ok := types.Unalias(recv).(*types.Named)
	if !ok || named.Obj().Pkg() == nil || fn == nil {
		return nil
	}
	iface, ok := named.Underlying().(*types.Interface)
	if !ok {
		return nil
	}
	impl, _ := soleUncached(fn, iface, named.Obj().Pkg())
	return impl
}

// sole returns the method of the one named type of pkg that implements
// iface, fn's interface, and whether pkg holds any implementation (one or
// several). The answer depends on fn and pkg alone, and every pass of the
// program that calls fn asks it again (redislock and selectinsert each
// keep a Resolver per pass): it is computed once per process, as Owners
// is, even when passes running side by side ask at the same time.
func sole(fn *types.Func, iface *types.Interface, pkg *types.Package) (*types.Func, bool) {
	k := soleKey{fn, pkg}
	v, ok := soles.Load(k)
	if !ok {
		v, _ = soles.LoadOrStore(k, new(soleAnswer))
	}
	a := v.(*soleAnswer)
	a.once.Do(func() { a.impl, a.found = soleUncached(fn, iface, pkg) })
	return a.impl, a.found
}

var soles sync.Map // soleKey -> *soleAnswer

type soleKey struct {
	fn  *types.Func
	pkg *types.Package
}

type soleAnswer struct {
	once  sync.Once
	impl  *types.Func
	found bool
}

func soleUncached(fn *types.Func, iface *types.Interface, pkg *types.Package) (*types.Func, bool) {
	var impl *types.Func
	for _, named := range Owners(pkg, fn.Name()) {
		for _, ptr := range []bool{false, true} {
			if !Implements(named, ptr, iface) {
				continue
			}
			var t types.Type = named
			if ptr {
				t = types.NewPointer(named)
			}
			m, _, _ := types.LookupFieldOrMethod(t, true, fn.Pkg(), fn.Name())
			mfn, ok := m.(*types.Func)
			if !ok || impl != nil && impl != mfn {
				return nil, true
			}
			impl = mfn
			break
		}
	}
	return impl, impl != nil
}

// Implements reports whether named (its pointer, if ptr) implements iface,
// once per process: every method of a large interface (a Redis client's
// Cmdable has hundreds) is resolved on its own, and each asked the same
// question of the same owners, which types.Implements answers by looking
// up every method of the interface.
func Implements(named *types.Named, ptr bool, iface *types.Interface) bool {
	k := implKey{named, ptr, iface}
	if v, ok := implemented.Load(k); ok {
		return v.(bool)
	}
	var t types.Type = named
	if ptr {
		t = types.NewPointer(named)
	}
	ok := types.Implements(t, iface)
	implemented.Store(k, ok)
	return ok
}

var implemented sync.Map // implKey -> bool

type implKey struct {
	named *types.Named
	ptr   bool
	iface *types.Interface
}

// Stands returns the methods of interfaces declared in pkg for which impl,
// a method of pkg, is the sole implementation. An analyzer exports impl's
// fact on them too: a package importing pkg from export data (go vet) does
// not see pkg's unexported types, so it cannot resolve the interface
// itself, but it can read a fact on the interface method.
func (r *Resolver) Stands(pkg *types.Package, impl *types.Func) []*types.Func {
	if r.stands == nil {
		r.stands = map[*types.Func][]*types.Func{}
		scope := pkg.Scope()
		for _, name := range scope.Names() {
			tn, ok := scope.Lookup(name).(*types.TypeName)
			if !ok || tn.IsAlias() {
				continue
			}
			named, ok := tn.Type().(*types.Named)
			if !ok || named.TypeParams().Len() > 0 {
				continue
			}
			iface, ok := named.Underlying().(*types.Interface)
			if !ok {
				continue
			}
			for m := range iface.Methods() {
				if m.Pkg() != pkg {
					continue
				}
				if sole := r.SoleImplementation(m); sole != nil {
					r.stands[sole] = append(r.stands[sole], m)
				}
			}
		}
	}
	return r.stands[impl]
}

// InterfaceOf returns the interface fn is a method of, or nil.
func InterfaceOf(fn *types.Func) *types.Interface {
	recv := fn.Signature().Recv()
	if recv == nil {
		return nil
	}
	iface, _ := recv.Type().Underlying().(*types.Interface)
	return iface
}

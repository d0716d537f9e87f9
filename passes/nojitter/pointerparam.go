package nojitter

import (
	"go/types"

	"golang.org/x/tools/go/ssa"
)

// pointee summarises what a load through a pointer parameter can read:
// the values the function stores through it, and what its callers in the
// package keep at the address they pass (a local counter handed down as
// &n, *n++ after each failure, 1<<*n the delay). Found on a subscriber
// that keeps its consecutive-failure count in the caller. A caller out of
// sight (an exported or escaped function, or none in the package) gives
// the parameter's first value, judged where it is computed.
func (t *tracer) pointee(p *ssa.Parameter, depth int) delay {
	if _, ok := p.Type().Underlying().(*types.Pointer); !ok {
		return delay{opaque: true}
	}
	fn := p.Parent()
	d, stores := delay{}, 0
	if p.Referrers() != nil {
		for _, r := range *p.Referrers() {
			if st, ok := r.(*ssa.Store); ok && st.Addr == p {
				stores++
				d = d.merge(t.trace(st.Val, depth+1))
			}
		}
	}
	if stores > 0 {
		d.varying = true // *n = 0 on success, *n++ on failure
	}
	idx := ssaParamIndex(fn, p)
	if t.inCallee > 0 || t.funcs == nil || fn.Object() == nil || fn.Object().Exported() || fn.Pkg == nil || fn.Pkg.Pkg != t.pkg {
		return d.merge(delay{param: true, varying: true})
	}
	if t.callers == nil {
		t.callers, t.escaped = callersOf(t.funcs())
	}
	calls := t.callers[fn]
	if len(calls) == 0 || t.escaped[fn] {
		return d.merge(delay{param: true, varying: true})
	}
	for _, c := range calls {
		if idx < 0 || idx >= len(c.Args) {
			return delay{opaque: true}
		}
		switch a := c.Args[idx].(type) {
		case *ssa.Alloc, *ssa.FieldAddr, *ssa.Global:
			d = d.merge(t.load(a, depth+1))
		default:
			return delay{opaque: true}
		}
	}
	return d
}

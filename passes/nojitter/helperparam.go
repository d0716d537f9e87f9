package nojitter

import (
	"go/types"

	"golang.org/x/tools/go/ssa"
)

// exportedArgument judges a delay that an exported retry or poll helper
// waits for as its caller gave it (func For(timeout, interval
// time.Duration, f func() (bool, error)) sleeping time.Sleep(interval)
// between polls). Its callers are mostly in other packages, out of sight;
// a helper that adds no random part to the delay it is given has no
// jitter whatever they pass, and clients that call it with the same
// configured interval poll in lock-step. The callers in sight decide
// otherwise: one that passes a jittered delay (or one we cannot follow)
// keeps the helper silent.
func (t *tracer) exportedArgument(p *ssa.Parameter, fn *ssa.Function, depth int) delay {
	if t.callers == nil {
		t.callers, t.escaped = callersOf(t.funcs())
	}
	idx := -1
	for i, q := range fn.Params {
		if q == p {
			idx = i
		}
	}
	var d delay
	for _, c := range t.callers[fn] {
		if idx < 0 || idx >= len(c.Args) {
			return delay{param: true, varying: true}
		}
		a := t.trace(c.Args[idx], depth+1)
		d.random = d.random || a.random
		d.opaque = d.opaque || a.opaque
	}
	if !d.random && !d.opaque && isNumeric(p.Type()) {
		t.note(p.Pos(), "%s takes its parameter %s as given, adding no random part", fn.Name(), p.Name())
	}
	d.varying = true
	return d
}

// isNumeric tells a value that can be a delay (a time.Duration, a count
// of seconds, a table of them) from one a call passes along (a receiver,
// a request): only the first is worth a note.
func isNumeric(t types.Type) bool {
	switch u := t.Underlying().(type) {
	case *types.Basic:
		return u.Info()&types.IsNumeric != 0
	case *types.Slice:
		return isNumeric(u.Elem())
	case *types.Array:
		return isNumeric(u.Elem())
	}
	return false
}

package passes

import (
	"go/types"
	"reflect"

	"golang.org/x/tools/go/analysis"
)

// heldFacts keeps the facts a run exports until the run returns, and
// answers the run's own imports of them meanwhile: a run that panics
// half way must export none of what it had found (its dependents would
// read a package's facts as complete).
type heldFacts struct {
	pass  *analysis.Pass
	objs  []heldObjectFact
	last  map[heldKey]analysis.Fact // the latest of objs for each key
	pkgs  []analysis.Fact
	obj   func(types.Object, analysis.Fact)
	pkg   func(analysis.Fact)
	objIn func(types.Object, analysis.Fact) bool
	pkgIn func(*types.Package, analysis.Fact) bool
	all   func() []analysis.ObjectFact
	allP  func() []analysis.PackageFact
}

type heldObjectFact struct {
	obj  types.Object
	fact analysis.Fact
}

type heldKey struct {
	obj types.Object
	t   reflect.Type
}

// holdFacts redirects pass's fact exports into the returned holder.
func holdFacts(pass *analysis.Pass) *heldFacts {
	h := &heldFacts{
		pass: pass, last: map[heldKey]analysis.Fact{}, obj: pass.ExportObjectFact, pkg: pass.ExportPackageFact,
		objIn: pass.ImportObjectFact, pkgIn: pass.ImportPackageFact,
		all: pass.AllObjectFacts, allP: pass.AllPackageFacts,
	}
	if h.obj == nil { // an analyzer without facts
		return h
	}
	pass.ExportObjectFact = func(obj types.Object, f analysis.Fact) {
		h.objs = append(h.objs, heldObjectFact{obj, f})
		h.last[heldKey{obj, reflect.TypeOf(f)}] = f
	}
	pass.ExportPackageFact = func(f analysis.Fact) { h.pkgs = append(h.pkgs, f) }
	pass.ImportObjectFact = func(obj types.Object, f analysis.Fact) bool {
		if held, ok := h.last[heldKey{obj, reflect.TypeOf(f)}]; ok {
			copyFact(f, held)
			return true
		}
		return h.objIn(obj, f)
	}
	pass.ImportPackageFact = func(p *types.Package, f analysis.Fact) bool {
		if p == pass.Pkg {
			for i := len(h.pkgs) - 1; i >= 0; i-- {
				if reflect.TypeOf(h.pkgs[i]) == reflect.TypeOf(f) {
					copyFact(f, h.pkgs[i])
					return true
				}
			}
		}
		return h.pkgIn(p, f)
	}
	pass.AllObjectFacts = func() []analysis.ObjectFact {
		out := h.all()
		for _, o := range h.objs {
			out = append(out, analysis.ObjectFact{Object: o.obj, Fact: o.fact})
		}
		return out
	}
	pass.AllPackageFacts = func() []analysis.PackageFact {
		out := h.allP()
		for _, f := range h.pkgs {
			out = append(out, analysis.PackageFact{Package: pass.Pkg, Fact: f})
		}
		return out
	}
	return h
}

// flush exports what the run found, in the order it found it.
func (h *heldFacts) flush() {
	if h.obj == nil {
		return
	}
	for _, o := range h.objs {
		h.obj(o.obj, o.fact)
	}
	for _, f := range h.pkgs {
		h.pkg(f)
	}
}

// copyFact sets *dst to *src, as the drivers' imports do.
func copyFact(dst, src analysis.Fact) {
	reflect.ValueOf(dst).Elem().Set(reflect.ValueOf(src).Elem())
}

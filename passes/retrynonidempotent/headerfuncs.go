package retrynonidempotent

import (
	"fmt"
	"go/ast"
	"go/types"
)

// HeadersFact marks a function of the program that returns a header map:
// Key says it holds a key-list name, Maybe that names it cannot see may be
// one; FreshKey is the file:line where the key's value is made anew on
// every call (uuid.NewString() in the helper).
type HeadersFact struct {
	Key      bool
	Maybe    bool
	FreshKey string
}

func (*HeadersFact) AFact() {}
func (f *HeadersFact) String() string {
	return fmt.Sprintf("returns headers (key=%t maybe=%t fresh=%t)", f.Key, f.Maybe, f.FreshKey != "")
}

func (a *analyzer) headersFact(fn *types.Func, f *HeadersFact) bool {
	if local, ok := a.headerFuncs[fn]; ok {
		*f = *local
		return true
	}
	return fn.Pkg() != nil && fn.Pkg() != a.pass.Pkg && a.pass.ImportObjectFact(fn, f)
}

// learnHeaderFuncs finds the functions of the package that return a header
// map; it reports whether it learned a new one.
func (a *analyzer) learnHeaderFuncs() bool {
	grew := false
	for _, d := range a.decls {
		if a.headerFuncs[d.Func] != nil {
			continue
		}
		res := d.Func.Signature().Results()
		idx := -1
		for i := range res.Len() {
			if isHeaderMap(res.At(i).Type()) {
				idx = i
				break
			}
		}
		if idx < 0 {
			continue
		}
		in := a.inspector(d)
		var h hmap
		seen := false
		for n := range a.index.Each(d, nil) {
			ret, ok := n.(*ast.ReturnStmt)
			if !ok {
				continue
			}
			switch {
			case len(ret.Results) == res.Len():
				h.add(in.mapHeaders(ret.Results[idx], 0))
				seen = true
			case len(ret.Results) == 0 && res.At(idx).Name() != "":
				// a named result: what was assigned and written to it
				h.add(in.varHeaders(res.At(idx), 0))
				seen = true
			default:
				h.maybe = true
			}
		}
		if !seen {
			continue
		}
		f := &HeadersFact{Key: h.key, Maybe: h.maybe || len(h.params) > 0}
		if len(h.fresh) > 0 {
			f.FreshKey = a.position(h.fresh[0])
		} else if h.via != nil {
			f.FreshKey = h.via.where
		}
		a.headerFuncs[d.Func] = f
		grew = true
	}
	return grew
}

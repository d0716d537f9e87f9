package policy

import (
	"go/ast"
	"go/constant"
	"go/types"
	"slices"

	"github.com/idemlint/idemlint/passes/internal/astutil"
	"github.com/idemlint/idemlint/passes/internal/bodies"
	"github.com/idemlint/idemlint/passes/internal/libs"
)

// A Kept is a constructor call whose value keeps its library's default
// policy (libs.Defaults), or an assignment that puts it back explicitly.
type Kept struct {
	At       ast.Node
	Defaults libs.Defaults
	Explicit bool // the field is set to a value that keeps it
}

// KeptDefaults finds, in the package, the calls of constructors
// with a libs.Defaults row whose value keeps the default policy: nothing
// in the package sets the replacing field on the variable or field that
// holds it (c.Backoff = ..., s.rc.Backoff = ...), nor switches its retries
// off (c.RetryMax = 0), and the value does not leave the function that
// builds it (returned, directly or through a variable), since its receiver
// may set the field. A field set on a value whose holder is not seen (a
// parameter: func configure(c *retryablehttp.Client)) may be set on any of
// them, and silences every call. A field set explicitly to a value that
// keeps the default is reported there.
func KeptDefaults(info *types.Info, index *bodies.Index) []Kept {
	var calls []Kept
	isCall := map[ast.Node]bool{}
	var sets []setting
	var pairs []pair
	returned := map[ast.Node]bool{}
	enter := func(lit *ast.FuncLit) bool {
		noteReturned(info, index, index.Of(lit), returned)
		return true
	}
	// A function that returns the client it builds (func client()
	// *retryablehttp.Client { c := NewClient(); ...; return c }) hands it
	// to its callers: those of the package are followed like the call.
	for _, b := range index.Top {
		if b.Block != nil {
			noteReturned(info, index, b, returned)
		}
	}
	builders := returnedBy(info, index, returned)
	uses := map[*types.Func][]ast.Node{}
	for _, b := range index.Top {
		for n, fn := range index.Each(b, enter) {
			switch n := n.(type) {
			case *ast.CallExpr:
				if d, ok := libs.DefaultsOf(fn); ok {
					calls = append(calls, Kept{At: n, Defaults: d})
					isCall[n] = true
				}
				if fn != nil && len(builders[fn.Origin()]) > 0 && !returned[n] {
					uses[fn.Origin()] = append(uses[fn.Origin()], n)
					isCall[n] = true
				}
			case *ast.AssignStmt:
				if len(n.Lhs) != len(n.Rhs) {
					continue
				}
				for i, l := range n.Lhs {
					pairs = append(pairs, pair{heldIn(info, l), n.Rhs[i]})
					if sel, ok := l.(*ast.SelectorExpr); ok {
						sets = append(sets, setting{encl: b.Func, id: sel.Sel, on: sel.X, value: n.Rhs[i]})
					}
				}
			case *ast.ValueSpec:
				for i, name := range n.Names {
					if i < len(n.Values) {
						pairs = append(pairs, pair{heldIn(info, name), n.Values[i]})
					}
				}
			case *ast.CompositeLit:
				for id, value := range astutil.KeyedFields(n) {
					pairs = append(pairs, pair{heldIn(info, id), value})
					sets = append(sets, setting{encl: b.Func, id: id, value: value, lit: n})
				}
			}
		}
	}
	h := newHolders(isCall)
	for _, p := range pairs {
		h.assign(info, p.dst, p.src)
	}
	h.spread()
	var explicit []Kept
	replaced := map[held]bool{} // fields set to another value, or switched off
	for _, st := range sets {
		name, ok := setField(info, index, st, &explicit)
		if !ok || st.on == nil {
			continue // a client literal's own field: no call holds it
		}
		v := heldIn(info, st.on)
		if !h.holds(v) {
			v = nil // on a value held anywhere
		}
		replaced[held{v, name}] = true
	}
	out := explicit
	for _, c := range calls {
		if !returned[c.At] && !replacedOn(h, replaced, c) || keptByCaller(h, replaced, c, builders, uses) {
			out = append(out, c)
		}
	}
	return out
}

// returnedBy maps each declared function of the package to the default
// client calls it returns.
func returnedBy(info *types.Info, index *bodies.Index, returned map[ast.Node]bool) map[*types.Func][]ast.Node {
	out := map[*types.Func][]ast.Node{}
	for _, b := range index.Top {
		if b.Func == nil || b.Block == nil {
			continue
		}
		for n, fn := range index.Each(b, nil) {
			if _, ok := libs.DefaultsOf(fn); ok && returned[n] {
				out[b.Func.Origin()] = append(out[b.Func.Origin()], n)
			}
		}
	}
	return out
}

// keptByCaller reports whether c, returned by its function, keeps its
// default at one of that function's calls in the package: the caller
// holds the client and sets neither the field nor the switch.
func keptByCaller(h *holders, replaced map[held]bool, c Kept, builders map[*types.Func][]ast.Node, uses map[*types.Func][]ast.Node) bool {
	for fn, built := range builders {
		if !slices.Contains(built, ast.Node(c.At)) {
			continue
		}
		for _, u := range uses[fn] {
			if !replacedOn(h, replaced, Kept{At: u, Defaults: c.Defaults}) {
				return true
			}
		}
	}
	return false
}

// A setting is an assignment to a field (on.id = value), or a key-value
// pair of a composite literal (on is nil).
type setting struct {
	encl  *types.Func
	id    *ast.Ident
	on    ast.Expr
	value ast.Expr
	// lit is the client literal whose field this is: the client is built
	// there, and a default it keeps is reported there.
	lit *ast.CompositeLit
}

type pair struct {
	dst *types.Var
	src ast.Expr
}

// held is a field name set on the value a variable or field holds (v nil:
// on a value whose holder is not seen).
type held struct {
	v     *types.Var
	field string
}

// replacedOn reports whether the call's value has its Field set to
// another value or its retries switched off, on a holder of it or on a
// value held anywhere.
func replacedOn(h *holders, replaced map[held]bool, c Kept) bool {
	for _, f := range []string{c.Defaults.Field, c.Defaults.Off} {
		if replaced[held{nil, f}] {
			return true
		}
		for v, calls := range h.of {
			if replaced[held{v, f}] && slices.Contains(calls, c.At) {
				return true
			}
		}
	}
	return false
}

// setField judges a setting of a field of a library with Defaults: a
// value that keeps the default is reported (and replaces nothing);
// anything else replaces it; a constant of 0 or less in the Off field
// switches the retries off. It returns the field replaced, if any.
func setField(info *types.Info, index *bodies.Index, st setting, explicit *[]Kept) (string, bool) {
	v, ok := info.Uses[st.id].(*types.Var)
	if !ok || !v.IsField() || v.Pkg() == nil {
		return "", false
	}
	for _, fam := range libs.Families {
		for _, d := range fam.Defaults {
			if !samePackage(v.Pkg().Path(), fam.Paths) {
				continue
			}
			switch v.Name() {
			case d.Field:
				if _, keeps := d.Keeps.LookupObject(referenced(info, st.value)); keeps {
					at := ast.Node(st.value)
					if st.lit != nil {
						at = st.lit
					}
					*explicit = append(*explicit, Kept{At: at, Defaults: d, Explicit: true})
				}
				return d.Field, true // reported there, once, or replaced
			case d.Off:
				// Off when set to 0 or less, or from a parameter some
				// caller may give 0; a count read from the program's
				// configuration (m.config.retryMax) keeps the retries on
				// as the package ships them.
				tv := info.Types[st.value]
				if tv.Value != nil && constant.Sign(tv.Value) <= 0 || tv.Value == nil && paramIndex(info, st.encl, st.value) >= 0 && !onByCallers(info, index, st.encl, st.value) {
					return d.Off, true
				}
			}
		}
	}
	return "", false
}

func samePackage(path string, paths []string) bool {
	for _, p := range paths {
		if p == path {
			return true
		}
	}
	return false
}

// referenced returns the object a value names (retryablehttp.DefaultBackoff).
func referenced(info *types.Info, e ast.Expr) types.Object {
	switch x := ast.Unparen(e).(type) {
	case *ast.SelectorExpr:
		return info.Uses[x.Sel]
	case *ast.Ident:
		return info.Uses[x]
	}
	return nil
}

// noteReturned marks the calls whose value a function body returns,
// directly or through a local variable it was assigned to.
func noteReturned(info *types.Info, index *bodies.Index, b *bodies.Body, returned map[ast.Node]bool) {
	if b == nil {
		return
	}
	for n := range index.Each(b, nil) {
		ret, ok := n.(*ast.ReturnStmt)
		if !ok {
			continue
		}
		for _, r := range ret.Results {
			switch x := ast.Unparen(r).(type) {
			case *ast.CallExpr:
				returned[x] = true
			case *ast.Ident:
				if v, ok := info.Uses[x].(*types.Var); ok {
					for _, def := range index.Assignments(info, b, v) {
						if c, ok := ast.Unparen(def).(*ast.CallExpr); ok {
							returned[c] = true
						}
					}
				}
			}
		}
	}
}

// paramIndex returns the index of the parameter of encl that value
// names, or -1.
func paramIndex(info *types.Info, encl *types.Func, value ast.Expr) int {
	id, ok := ast.Unparen(value).(*ast.Ident)
	if !ok || encl == nil {
		return -1
	}
	params := encl.Signature().Params()
	for i := range params.Len() {
		if info.Uses[id] == params.At(i) {
			return i
		}
	}
	return -1
}

// onByCallers reports whether value is a parameter of encl that every call
// of encl in the package, and there is one, gives a constant above zero:
// func (c *Client) SetRetryLimit(n int) { c.rc.RetryMax = n }, called as
// c.SetRetryLimit(defaultRetries) where the client is built. The retries
// are on as the package sets them up; a user passing 0 later is a choice
// the package does not make.
func onByCallers(info *types.Info, index *bodies.Index, encl *types.Func, value ast.Expr) bool {
	param := paramIndex(info, encl, value)
	if param < 0 || encl.Signature().Variadic() && param == encl.Signature().Params().Len()-1 {
		return false
	}
	calls := 0
	for _, b := range index.Top {
		for n, fn := range index.All(b) {
			call, ok := n.(*ast.CallExpr)
			if !ok || fn != encl {
				continue
			}
			if param >= len(call.Args) {
				return false
			}
			tv := info.Types[call.Args[param]]
			if tv.Value == nil || tv.Value.Kind() != constant.Int || constant.Sign(tv.Value) <= 0 {
				return false
			}
			calls++
		}
	}
	return calls > 0
}

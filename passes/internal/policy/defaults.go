package policy

import (
	"go/ast"
	"go/constant"
	"go/types"

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
// in the package sets the replacing field (c.Backoff = ...), nor switches
// the retries off (c.RetryMax = 0), and the value does not leave the
// function that builds it (returned, directly or through a variable), since
// its receiver may set the field. Setting the field anywhere in the package
// silences every call: which value reaches which field is not followed. A
// field set explicitly to a value that keeps the default is reported there.
func KeptDefaults(info *types.Info, index *bodies.Index) []Kept {
	var calls []Kept
	var explicit []Kept
	replaced := map[string]bool{} // fields set to another value, or switched off
	returned := map[ast.Node]bool{}
	enter := func(lit *ast.FuncLit) bool {
		noteReturned(info, index, index.Of(lit), returned)
		return true
	}
	for _, b := range index.Top {
		if b.Block != nil {
			noteReturned(info, index, b, returned)
		}
		for n, fn := range index.Each(b, enter) {
			switch n := n.(type) {
			case *ast.CallExpr:
				if d, ok := libs.DefaultsOf(fn); ok {
					calls = append(calls, Kept{At: n, Defaults: d})
				}
			case *ast.AssignStmt:
				if len(n.Lhs) != len(n.Rhs) {
					continue
				}
				for i, l := range n.Lhs {
					if sel, ok := l.(*ast.SelectorExpr); ok {
						setField(info, index, b.Func, sel.Sel, n.Rhs[i], replaced, &explicit)
					}
				}
			case *ast.KeyValueExpr:
				if id, ok := n.Key.(*ast.Ident); ok {
					setField(info, index, b.Func, id, n.Value, replaced, &explicit)
				}
			}
		}
	}
	out := explicit
	for _, c := range calls {
		if !returned[c.At] && !replaced[c.Defaults.Field] && !replaced[c.Defaults.Off] {
			out = append(out, c)
		}
	}
	return out
}

// setField notes an assignment of value to the field named by id when the
// field belongs to a library with Defaults: a value that keeps the default
// is reported, anything else replaces it; a constant of 0 or less in the
// Off field switches the retries off.
func setField(info *types.Info, index *bodies.Index, encl *types.Func, id *ast.Ident, value ast.Expr, replaced map[string]bool, explicit *[]Kept) {
	v, ok := info.Uses[id].(*types.Var)
	if !ok || !v.IsField() || v.Pkg() == nil {
		return
	}
	for _, fam := range libs.Families {
		for _, d := range fam.Defaults {
			if !samePackage(v.Pkg().Path(), fam.Paths) {
				continue
			}
			switch v.Name() {
			case d.Field:
				if _, keeps := d.Keeps.LookupObject(referenced(info, value)); keeps {
					*explicit = append(*explicit, Kept{At: value, Defaults: d, Explicit: true})
					replaced[d.Field] = true // reported there, once
				} else {
					replaced[d.Field] = true
				}
			case d.Off:
				if tv := info.Types[value]; (tv.Value == nil || constant.Sign(tv.Value) <= 0) && !onByCallers(info, index, encl, value) {
					replaced[d.Off] = true // off, or set from configuration
				}
			}
		}
	}
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

// onByCallers reports whether value is a parameter of encl that every call
// of encl in the package, and there is one, gives a constant above zero:
// func (c *Client) SetRetryLimit(n int) { c.rc.RetryMax = n }, called as
// c.SetRetryLimit(defaultRetries) where the client is built. The retries
// are on as the package sets them up; a user passing 0 later is a choice
// the package does not make.
func onByCallers(info *types.Info, index *bodies.Index, encl *types.Func, value ast.Expr) bool {
	id, ok := ast.Unparen(value).(*ast.Ident)
	if !ok || encl == nil {
		return false
	}
	param := -1
	params := encl.Signature().Params()
	for i := range params.Len() {
		if info.Uses[id] == params.At(i) {
			param = i
		}
	}
	if param < 0 || encl.Signature().Variadic() && param == params.Len()-1 {
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

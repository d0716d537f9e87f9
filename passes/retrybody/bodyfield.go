package retrybody

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/analysis"

	"github.com/idemlint/idemlint/passes/internal/astutil"
	"github.com/idemlint/idemlint/passes/internal/bodies"
	"github.com/idemlint/idemlint/passes/internal/libs"
)

// An options struct can carry the body: HTTPDoWithOptionsE(t, options)
// builds its request around options.Body and sends it. A retry whose
// attempt hands such a function the same options, made once outside the
// retry, sends the same reader again, drained by the first attempt.
// BodyFieldFact carries that across packages.

// BodyFieldFact marks a function that builds a request around the reader
// in field Field of its struct parameter Param, and sends it (directly or
// through functions that do).
type BodyFieldFact struct {
	Param int
	Field string
}

func (*BodyFieldFact) AFact() {}

func (f *BodyFieldFact) String() string {
	return fmt.Sprintf("sends the body in field %s of parameter %d", f.Field, f.Param)
}

// bodyFields knows the functions of the program that send the reader
// their options carry.
type bodyFields struct {
	pass     *analysis.Pass
	index    *bodies.Index
	builders *builders
	senders  *senders
	local    map[*types.Func]*BodyFieldFact
}

func (b *bodyFields) lookup(fn *types.Func) *BodyFieldFact {
	return lookupFact(b.pass, b.local, fn)
}

// learn finds them, following functions that hand their options on to
// one found earlier, and exports their facts.
func (b *bodyFields) learn() {
	b.local = map[*types.Func]*BodyFieldFact{}
	for changed := true; changed; {
		changed = false
		for _, d := range b.index.Decls() {
			if b.local[d.Func] != nil {
				continue
			}
			if f := b.factOf(d); f != nil {
				b.local[d.Func] = f
				changed = true
			}
		}
	}
	for fn, f := range b.local {
		b.pass.ExportObjectFact(fn, f)
	}
}

// factOf returns d's fact: d builds a request around a reader field of
// one of its struct parameters and sends a request, or hands such a
// parameter to a function that sends its field.
func (b *bodyFields) factOf(d *bodies.Body) *BodyFieldFact {
	info := b.pass.TypesInfo
	var found *BodyFieldFact
	sends := false
	for n, callee := range b.index.Each(d, func(*ast.FuncLit) bool { return false }) {
		call, ok := n.(*ast.CallExpr)
		if !ok {
			continue
		}
		if row, ok := libs.Sends.Lookup(callee); ok && callee.Pkg().Path() == "net/http" && row.RequestArg >= 0 || b.senders.lookup(callee) != nil {
			sends = true
		}
		if body, internal, ok := b.builders.bodyArg(call); ok && !internal {
			if sel, ok := ast.Unparen(body).(*ast.SelectorExpr); ok {
				if i := paramIndexOf(info, d.Func, sel.X); i >= 0 && isReader(info.TypeOf(sel)) {
					found = &BodyFieldFact{Param: i, Field: sel.Sel.Name}
				}
			}
		}
		if f := b.lookup(callee); f != nil && f.Param < len(call.Args) {
			if i := paramIndexOf(info, d.Func, call.Args[f.Param]); i >= 0 {
				return &BodyFieldFact{Param: i, Field: f.Field}
			}
		}
	}
	if !sends {
		return nil
	}
	return found
}

// paramIndexOf is the index of the parameter of fn that e names, or -1.
func paramIndexOf(info *types.Info, fn *types.Func, e ast.Expr) int {
	id, ok := ast.Unparen(e).(*ast.Ident)
	if !ok {
		return -1
	}
	v, ok := info.Uses[id].(*types.Var)
	if !ok {
		return -1
	}
	return paramIndex(fn, v)
}

// isReader reports whether t is io.Reader or another interface type that
// has its Read method.
func isReader(t types.Type) bool {
	if t == nil || !types.IsInterface(t) {
		return false
	}
	obj, _, _ := types.LookupFieldOrMethod(t, false, nil, "Read")
	_, ok := obj.(*types.Func)
	return ok
}

// optionsDrained reports whether opts, the options an attempt hands to a
// function that sends their field, carry a reader made once, outside the
// retry: opts is a variable of the enclosing function, its field is not
// set inside the retry, and it was given a reader there, before the
// retry, or, a parameter, by a caller in the package.
func (c *checker) optionsDrained(opts ast.Expr, field string) bool {
	info := c.pass.TypesInfo
	id, ok := ast.Unparen(opts).(*ast.Ident)
	if !ok {
		return false
	}
	v, ok := info.Uses[id].(*types.Var)
	if !ok || c.site.Op.Contains(v.Pos()) || setsField(info, c.site.Op.Body, v, field, token.NoPos) != nil {
		return false
	}
	if withReader(info, c.site.Encl, v, field, c.site.Op.Body.Pos()) {
		return true
	}
	return c.callerGivesReader(v, field)
}

// callerGivesReader reports whether v is a parameter of the function
// holding the retry and a caller in the package hands it options whose
// field holds a reader.
func (c *checker) callerGivesReader(v *types.Var, field string) bool {
	info := c.pass.TypesInfo
	fd, ok := c.site.Encl.(*ast.FuncDecl)
	if !ok {
		return false
	}
	fn, _ := info.Defs[fd.Name].(*types.Func)
	idx := paramIndex(fn, v)
	if fn == nil || idx < 0 {
		return false
	}
	for _, d := range c.builders.index.Decls() {
		for n, callee := range c.builders.index.All(d) {
			call, ok := n.(*ast.CallExpr)
			if !ok || callee != fn || idx >= len(call.Args) {
				continue
			}
			if id, ok := ast.Unparen(call.Args[idx]).(*ast.Ident); ok {
				if w, ok := info.Uses[id].(*types.Var); ok && withReader(info, d.Node, w, field, call.Pos()) {
					return true
				}
			}
		}
	}
	return false
}

// withReader reports whether v is given, in encl before pos, a value
// whose field holds a reader: built with it (Options{Body:
// bytes.NewReader(b)}), or with v.Body = r assigned.
func withReader(info *types.Info, encl ast.Node, v *types.Var, field string, pos token.Pos) bool {
	for _, def := range astutil.Assignments(info, encl, v) {
		if def.Pos() >= pos {
			continue
		}
		e := ast.Unparen(def)
		if u, ok := e.(*ast.UnaryExpr); ok && u.Op == token.AND {
			e = u.X
		}
		lit, ok := e.(*ast.CompositeLit)
		if !ok {
			continue
		}
		for _, elt := range lit.Elts {
			if kv, ok := elt.(*ast.KeyValueExpr); ok {
				if k, ok := kv.Key.(*ast.Ident); ok && k.Name == field && !isNoBody(info, kv.Value) {
					return true
				}
			}
		}
	}
	r := setsField(info, encl, v, field, pos)
	return r != nil && !isNoBody(info, r)
}

// setsField returns the value of the last v.field = x in n (before pos,
// when pos is valid), or nil.
func setsField(info *types.Info, n ast.Node, v *types.Var, field string, pos token.Pos) ast.Expr {
	var out ast.Expr
	ast.Inspect(n, func(x ast.Node) bool {
		as, ok := x.(*ast.AssignStmt)
		if !ok || len(as.Lhs) != len(as.Rhs) || pos.IsValid() && as.Pos() >= pos {
			return true
		}
		for i, l := range as.Lhs {
			sel, ok := ast.Unparen(l).(*ast.SelectorExpr)
			if !ok || sel.Sel.Name != field {
				continue
			}
			if id, ok := ast.Unparen(sel.X).(*ast.Ident); ok && info.Uses[id] == v {
				out = as.Rhs[i]
			}
		}
		return true
	})
	return out
}

// Package libs holds idemlint's knowledge of the retry, HTTP, SQL and Redis
// libraries as data: tables keyed by package path, receiver and name. An
// analyzer asks "what is this callee?" here instead of matching names itself,
// so supporting another library means adding rows, not code.
package libs

import (
	"go/ast"
	"go/types"
	"slices"

	"golang.org/x/tools/go/types/typeutil"
)

// Func names a function or method the way the tables key it: package path,
// receiver type name ("" for a package-level function, "*" in a table row for
// any receiver of the package) and name. Major-version suffixes are part of
// the path, so backoff/v4 and backoff/v5 are different rows.
type Func struct {
	Pkg, Recv, Name string
}

// Callee returns the function or method a call invokes, including interface
// methods, or nil for calls of function values, conversions and builtins.
func Callee(info *types.Info, call *ast.CallExpr) *types.Func {
	fn, _ := typeutil.Callee(info, call).(*types.Func)
	if fn == nil {
		return nil
	}
	return fn.Origin()
}

// NameOf returns the table key of fn.
func NameOf(fn *types.Func) Func {
	if fn == nil || fn.Pkg() == nil {
		return Func{}
	}
	f := Func{Pkg: fn.Pkg().Path(), Name: fn.Name()}
	if recv := fn.Signature().Recv(); recv != nil {
		t := recv.Type()
		if p, ok := t.(*types.Pointer); ok {
			t = p.Elem()
		}
		switch t := types.Unalias(t).(type) {
		case *types.Named:
			f.Recv = t.Obj().Name()
		case *types.Interface:
			f.Recv = "interface"
		}
	}
	return f
}

// Table maps function names to facts about them. A row with Recv "*" matches
// a method of that name on any type of the package, which is how go-redis's
// methods (declared on an unexported cmdable, reached through many client and
// interface types) are keyed.
type Table[V any] map[Func]V

// Lookup finds fn's row.
func (t Table[V]) Lookup(fn *types.Func) (V, bool) {
	var zero V
	if fn == nil {
		return zero, false
	}
	name := NameOf(fn)
	if v, ok := t[name]; ok {
		return v, true
	}
	if name.Recv != "" {
		if v, ok := t[Func{Pkg: name.Pkg, Recv: "*", Name: name.Name}]; ok {
			return v, true
		}
	}
	return zero, false
}

// Is reports whether fn is the package-level function pkg.name.
func Is(fn *types.Func, pkg, name string) bool {
	n := NameOf(fn)
	return n.Recv == "" && n.Pkg == pkg && n.Name == name
}

// IsMethod reports whether fn is a method name on type recv of package pkg
// (recv "*" for any type of the package).
func IsMethod(fn *types.Func, pkg, recv, name string) bool {
	n := NameOf(fn)
	return n.Recv != "" && n.Pkg == pkg && n.Name == name && (recv == "*" || n.Recv == recv)
}

// ImportsAny reports whether pkg imports, directly, any of the paths. The
// analyzers use it as their cheap first gate.
func ImportsAny(pkg *types.Package, paths ...string) bool {
	for _, imp := range pkg.Imports() {
		for _, p := range paths {
			if imp.Path() == p {
				return true
			}
		}
	}
	return false
}

// UsesAny reports whether pkg imports one of the packages in paths, or
// selects a method or field of one through a package of the program that
// does (type Cmdable = redis.Cmdable in a package of its own, or a field
// of another package's struct): a package can use a library it never
// imports.
func UsesAny(info *types.Info, pkg *types.Package, paths ...string) bool {
	if ImportsAny(pkg, paths...) {
		return true
	}
	if !DependsOn(pkg, paths...) {
		return false // no package it imports reaches the library either
	}
	for _, sel := range info.Selections {
		if p := sel.Obj().Pkg(); p != nil && slices.Contains(paths, p.Path()) {
			return true
		}
	}
	return false
}

// TypeNameOf returns the declared name of t, a named type or a pointer to
// one (of a generic type's instance, the generic type's), or nil.
func TypeNameOf(t types.Type) *types.TypeName {
	if p, ok := t.(*types.Pointer); ok {
		t = p.Elem()
	}
	if n, ok := types.Unalias(t).(*types.Named); ok {
		return n.Origin().Obj()
	}
	return nil
}

// IsNamed reports whether t is the named type pkg.name (not through a
// pointer).
func IsNamed(t types.Type, pkg, name string) bool {
	n, ok := types.Unalias(t).(*types.Named)
	return ok && n.Obj().Pkg() != nil && n.Obj().Pkg().Path() == pkg && n.Obj().Name() == name
}

// IsHTTPRequest reports whether t is net/http's Request or a pointer to it.
func IsHTTPRequest(t types.Type) bool {
	if p, ok := t.(*types.Pointer); ok {
		t = p.Elem()
	}
	return IsNamed(t, "net/http", "Request")
}

// LookupObject finds the row of a package-level object (a variable or
// constant such as sql.LevelSerializable), keyed like a function.
func (t Table[V]) LookupObject(obj types.Object) (V, bool) {
	var zero V
	if obj == nil || obj.Pkg() == nil {
		return zero, false
	}
	v, ok := t[Func{Pkg: obj.Pkg().Path(), Name: obj.Name()}]
	return v, ok
}

// ioReader is io.Reader's method set, built once: a type with a
// Read([]byte) (int, error) method is read to its end by whoever reads it.
var ioReader = types.NewInterfaceType([]*types.Func{types.NewFunc(0, nil, "Read", types.NewSignatureType(nil, nil, nil,
	types.NewTuple(types.NewVar(0, nil, "p", types.NewSlice(types.Typ[types.Byte]))),
	types.NewTuple(types.NewVar(0, nil, "n", types.Typ[types.Int]), types.NewVar(0, nil, "err", types.Universe.Lookup("error").Type())), false))}, nil).Complete()

// Reads reports whether values of t (or of *t) are io.Readers.
func Reads(t types.Type) bool {
	return types.Implements(t, ioReader) || types.Implements(types.NewPointer(t), ioReader)
}

// Names reports whether n is a call of a function of t, or a use of a
// value of t (asynq.SkipRetry, river.JobCancel(err)).
func (t Table[V]) Names(info *types.Info, n ast.Node) bool {
	switch n := n.(type) {
	case *ast.CallExpr:
		_, ok := t.Lookup(Callee(info, n))
		return ok
	case *ast.Ident:
		_, ok := t.LookupObject(info.Uses[n])
		return ok
	}
	return false
}

package redelivery

import (
	"go/types"

	"github.com/idemlint/idemlint/passes/internal/libs"
)

// lookupMirrored finds fn's row in t, or, for a method of an interface of
// the program, the row of the library method it stands for: one of the
// same name whose signature takes or returns the library's types. Consumer
// code often reaches the client through an interface of its own, for its
// tests (type reader interface { FetchMessage(...) (kafka.Message, error) }).
func lookupMirrored[V any](t libs.Table[V], fn *types.Func) (V, bool) {
	if v, ok := t.Lookup(fn); ok || fn == nil {
		return v, ok
	}
	var zero V
	recv := fn.Signature().Recv()
	if recv == nil || !types.IsInterface(recv.Type()) {
		return zero, false
	}
	for k, v := range t {
		if k.Name == fn.Name() && k.Recv != "" && mentionsPkg(fn.Signature(), k.Pkg) {
			return v, true
		}
	}
	return zero, false
}

// mentionsPkg reports whether a parameter or result of sig has a type
// declared in package path (through pointers, slices and channels).
func mentionsPkg(sig *types.Signature, path string) bool {
	for _, tuple := range []*types.Tuple{sig.Params(), sig.Results()} {
		for i := range tuple.Len() {
			t := tuple.At(i).Type()
			for range 4 {
				switch u := t.(type) {
				case *types.Pointer:
					t = u.Elem()
					continue
				case *types.Slice:
					t = u.Elem()
					continue
				case *types.Chan:
					t = u.Elem()
					continue
				}
				break
			}
			if n, ok := types.Unalias(t).(*types.Named); ok && n.Obj().Pkg() != nil && n.Obj().Pkg().Path() == path {
				return true
			}
		}
	}
	return false
}

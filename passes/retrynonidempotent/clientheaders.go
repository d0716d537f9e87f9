package retrynonidempotent

import (
	"go/types"

	"github.com/idemlint/idemlint/passes/internal/bodies"
	"github.com/idemlint/idemlint/passes/internal/libs"
)

// A client option built from the user's map (SetRequestHeaders(h)
// returning func(c *Client) error that copies h into c.headers) fills the
// headers the client sends on every request it makes. A key there would be
// one key for every operation, which keys none, so those names are the
// user's configuration, as an exported option field's are: the request is
// keyed only by a key-list name the program itself writes. An option of a
// single call (func(o *callOpts) filling o.headers, a struct that holds no
// client) and a builder's setter (c.WithHeaders(h) returning c, which a
// caller may call per operation) still may hold a key. A setter of the
// client that returns nothing (c.SetHeader(name, value) on the struct that
// holds the *http.Client, filling c.header for every request it makes)
// configures the client, as an option does.

// optionNames is h, the names body b stores in field, without those taken
// from b's parameters when b builds a client option or is a setter of the
// client.
func (a *analyzer) optionNames(b *bodies.Body, field *types.Var, h hmap) hmap {
	if b.Func == nil {
		return h
	}
	sig := b.Func.Signature()
	if clientSetter(sig, field) {
		// c.SetHeader(name, value): any name its callers give, a key
		// only when a caller in the package gives one (h.key).
		h.params, h.maybe = nil, false
		return h
	}
	if len(h.params) > 0 && clientOption(sig, field) {
		h.params = nil
	}
	return h
}

// clientSetter reports whether sig is a method, with no results, of a
// pointer to a struct that holds field and an *http.Client itself (not
// through a pointer: a request that points to its client is per call).
func clientSetter(sig *types.Signature, field *types.Var) bool {
	if sig.Recv() == nil || sig.Results().Len() > 0 {
		return false
	}
	ptr, ok := sig.Recv().Type().Underlying().(*types.Pointer)
	if !ok {
		return false
	}
	st, ok := ptr.Elem().Underlying().(*types.Struct)
	return ok && hasField(st, field) && holdsHTTPClient(st, 0)
}

// clientOption reports whether sig returns one function taking a pointer
// to a struct that holds field and an *http.Client.
func clientOption(sig *types.Signature, field *types.Var) bool {
	if sig.Results().Len() != 1 {
		return false
	}
	opt, ok := sig.Results().At(0).Type().Underlying().(*types.Signature)
	if !ok {
		return false
	}
	for p := range opt.Params().Variables() {
		ptr, ok := p.Type().Underlying().(*types.Pointer)
		if !ok {
			continue
		}
		if st, ok := ptr.Elem().Underlying().(*types.Struct); ok && hasField(st, field) && holdsHTTPClient(st, 1) {
			return true
		}
	}
	return false
}

func hasField(st *types.Struct, field *types.Var) bool {
	for f := range st.Fields() {
		if f == field {
			return true
		}
	}
	return false
}

// holdsHTTPClient reports whether st has an *http.Client field, or, depth
// levels down, a pointer to a struct that does (a service holding its
// client).
func holdsHTTPClient(st *types.Struct, depth int) bool {
	for f := range st.Fields() {
		t := f.Type()
		if p, ok := t.Underlying().(*types.Pointer); ok {
			t = p.Elem()
		}
		if libs.IsNamed(t, "net/http", "Client") {
			return true
		}
		if inner, ok := t.Underlying().(*types.Struct); ok && depth > 0 && holdsHTTPClient(inner, depth-1) {
			return true
		}
	}
	return false
}

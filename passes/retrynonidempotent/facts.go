package retrynonidempotent

import (
	"fmt"
	"go/types"
)

// SendsFact marks a function that sends a non-idempotent request without an
// idempotency key: with the constant Method, or with the method its
// parameter MethodParam carries. Retried says the function sends it inside
// a retry site of its own, so calling it with POST is already a hazard.
type SendsFact struct {
	Method      string
	MethodParam int
	// MethodField, when set, is the string field of parameter
	// MethodParam that holds the method (opt.Method).
	MethodField string
	Retried     bool
	// Where is the file:line of the send, for the related information of
	// reports in other packages.
	Where string
	// HeaderParams are the header maps, parameters of the function, whose
	// names the request carries: a caller whose maps hold a key sends a
	// keyed request.
	HeaderParams []HeaderParam
}

func (*SendsFact) AFact() {}
func (f *SendsFact) String() string {
	m := f.Method
	if f.MethodParam >= 0 {
		m = fmt.Sprintf("param %d", f.MethodParam)
		if f.MethodField != "" {
			m += "." + f.MethodField
		}
	}
	if len(f.HeaderParams) > 0 {
		return fmt.Sprintf("sends unkeyed %s (retried=%t) unless headers %v hold a key", m, f.Retried, f.HeaderParams)
	}
	return fmt.Sprintf("sends unkeyed %s (retried=%t)", m, f.Retried)
}

// SetsKeyFact marks a function that sets an idempotency key header on the
// request (or header map) it is given as parameter Param.
type SetsKeyFact struct {
	Param int
}

func (*SetsKeyFact) AFact()           {}
func (f *SetsKeyFact) String() string { return fmt.Sprintf("sets key on param %d", f.Param) }

// sendsFact finds fn's SendsFact, from this package's functions or an
// imported fact; a call of an interface method whose one implementation
// is in the program is a call of that implementation (RULES.md, "Across
// function boundaries").
func (a *analyzer) sendsFact(fn *types.Func, f *SendsFact) bool {
	fn = a.implementation(fn)
	if local, ok := a.sends[fn]; ok {
		*f = *local
		return true
	}
	return fn.Pkg() != a.pass.Pkg && a.pass.ImportObjectFact(fn, f)
}

func (a *analyzer) setsKeyFact(fn *types.Func, f *SetsKeyFact) bool {
	fn = a.implementation(fn)
	if local, ok := a.setsKey[fn]; ok {
		*f = *local
		return true
	}
	return fn.Pkg() != a.pass.Pkg && a.pass.ImportObjectFact(fn, f)
}

// implementation is the method a call of fn runs: fn, or the one
// implementation of fn's interface in the program.
func (a *analyzer) implementation(fn *types.Func) *types.Func {
	if impl := a.impls.SoleImplementation(fn); impl != nil {
		return impl
	}
	return fn
}

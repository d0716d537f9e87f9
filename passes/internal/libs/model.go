package libs

import (
	"go/ast"
	"go/types"

	"golang.org/x/tools/go/analysis"
)

// The library model: each retry library family (cenkalti/backoff,
// avast/retry-go, sethvargo/go-retry, k8s retry and wait, jpillora/backoff,
// eapache/go-resiliency's retrier)
// is one Family value, in one file of this package, that holds its helpers
// and says what a policy built with it means. nojitter, unboundedretry,
// retryamplify and the policy tracer ask the families; they never name a
// library. Adding a library is adding a file that registers a Family.

// Built is what builds one policy value, as the policy tracer
// (passes/internal/policy) found it by following the value back.
type Built struct {
	// Calls are the calls found by following the value: wrappers first
	// (WithMaxRetries(3, b)), then what they wrap, then the constructor.
	Calls []*ast.CallExpr
	// Lits are composite literals found the same way (wait.Backoff{...}).
	Lits []*ast.CompositeLit
	// Fields are the assignments to fields of the policy variable
	// (b.MaxElapsedTime = 0).
	Fields map[string]ast.Expr
	// Complete is false when the value came from somewhere the tracer
	// cannot see (a parameter, a field, another package's variable).
	Complete bool
}

// Use is one call of a library retry helper, with its arguments resolved
// once by retrysite: a family judges it from this, never from call.Args.
type Use struct {
	Info *types.Info
	Call *ast.CallExpr
	// Func is the library helper: the callee, or the one a function of the
	// program hands its parameters to (a wrapper of backoff.Retry that
	// forwards its options).
	Func   Func
	Helper RetryHelper
	// Policy is the policy the helper is given (an argument, or an option
	// such as backoff/v5's WithBackOff), or nil when it takes none.
	Policy *Built
	// Options are the option calls passed to the helper (retry-go,
	// backoff/v5), followed through local variables.
	Options []*ast.CallExpr
	// Ctx is what builds the helper's context argument, or nil.
	Ctx *Built
}

// A Finding is one thing wrong with a policy: where it is, the message
// reported there, the reason in a few words (as a Fact or a report at a
// helper call says it), and the fixes offered.
type Finding struct {
	At    ast.Node
	Msg   string
	Why   string
	Fixes []analysis.SuggestedFix
	// NoDelay marks a policy that waits for nothing between attempts: not
	// a hazard when the operation itself waits before each attempt.
	NoDelay bool
}

// Family is one retry library family.
type Family struct {
	// Paths are the packages of the family.
	Paths []string
	// Policies are the packages whose named types are policy values the
	// tracer follows and constructors return.
	Policies []string
	// Helpers are the functions that retry an operation.
	Helpers Table[RetryHelper]
	// Jitterers are functions that add a random part to a delay.
	Jitterers Table[bool]
	// Waits are functions that block for a duration (the index of it).
	Waits Table[int]
	// OpWaits says the helper's own wait between attempts is fixed by the
	// library, without jitter, and cannot be changed by the caller
	// (Terraform's RetryContext): the delay the program chooses is the
	// wait its operation makes before it returns a retryable error, and
	// nojitter judges that wait (nojitter/opwaits.go).
	OpWaits bool
	// Retries, when set, says whether a helper call retries at all: an
	// executor whose policies hold no retry policy (failsafe-go's
	// circuit breaker or timeout alone) is not a retry site.
	Retries func(u *Use) bool

	// NoJitter judges a helper call's own policy and options: what lacks
	// jitter, a cap or a delay, and whether what it got from elsewhere (a
	// constructor, a struct field) must be judged too.
	NoJitter func(u *Use) (fs []Finding, elsewhere bool)
	// BuiltNoJitter judges a policy built elsewhere (in a constructor, or
	// where a field is set) the same way.
	BuiltNoJitter func(info *types.Info, b *Built) []Finding
	// JitterAround is true when a caller can still wrap a built policy in
	// jitter (go-retry's WithJitter): a constructor's policy is then judged
	// only where it is used, not where it is built.
	JitterAround bool
	// NeverStops judges whether a helper call can retry forever: what in
	// its policy or options makes it never stop, and whether, with no limit
	// in view, what it got from elsewhere must be judged (LimitFix then
	// says how to add one).
	NeverStops func(u *Use) (fs []Finding, elsewhere bool)
	// BuiltNeverStops judges a policy built elsewhere: limited when the
	// family's limit wraps it, or what makes it never stop.
	BuiltNeverStops func(info *types.Info, b *Built) (fs []Finding, limited bool)
	// LimitFix names the family's limits, for a message that asks for one.
	LimitFix string
	// Attempts returns how many attempts a helper call makes when the
	// operation keeps failing, or 0 when that is not a constant in view.
	Attempts func(u *Use) int
	// Literal judges any composite literal of the family's types, wherever
	// it is built (a policy value that is itself the configuration).
	Literal func(info *types.Info, lit *ast.CompositeLit) []Finding
	// CallNoJitter judges any call of the family's functions, wherever it
	// is made, for a policy part without jitter or a cap (go-grpc-
	// middleware's BackoffExponential, given to an interceptor).
	CallNoJitter func(info *types.Info, call *ast.CallExpr) []Finding
	// CallNeverStops judges any call of the family's functions, wherever
	// it is made, for a setting that never stops (go-grpc-middleware's
	// WithMax(math.MaxUint), the AWS SDK's retry.AddWithMaxAttempts(r, 0)).
	CallNeverStops func(info *types.Info, call *ast.CallExpr) []Finding
	// LiteralNeverStops judges any composite literal of the family's
	// types for a configuration that retries forever (watermill's
	// middleware.Retry{MaxRetries: -1}).
	LiteralNeverStops func(info *types.Info, lit *ast.CompositeLit) []Finding
	// Defaults are constructors whose value keeps a policy without jitter
	// until a field replaces it (go-retryablehttp's NewClient).
	Defaults Table[Defaults]
	// Delayers are fields of the family's options that take a delay
	// computer of the program's own (the AWS SDK's StandardOptions.Backoff):
	// nojitter judges the delay it returns.
	Delayers []Delayer
}

// Delayer is an options field whose value computes each retry delay: a
// value whose Method returns it as its first result, or a function of
// the library's Func type (converted to it, or assigned to a field of
// that type).
type Delayer struct {
	Pkg, Type, Field string // the options struct and its field
	Method           string // the method that returns the delay ("" when none)
	Func             string // the library's function type ("" when none)
	// Msg and Cap are the reports for a delay without jitter, and one
	// that also grows without a cap; %s is the delayer's name.
	Msg, Cap string
}

// DelayerOf returns the Delayer row of field v of a struct of type owner
// (through a pointer), or nil.
func DelayerOf(owner types.Type, v *types.Var) *Delayer {
	if v == nil || !v.IsField() || v.Pkg() == nil {
		return nil
	}
	if p, ok := owner.(*types.Pointer); ok {
		owner = p.Elem()
	}
	for _, f := range Families {
		for i, d := range f.Delayers {
			if d.Pkg == v.Pkg().Path() && d.Field == v.Name() && IsNamed(owner, d.Pkg, d.Type) {
				return &f.Delayers[i]
			}
		}
	}
	return nil
}

// DelayerPaths are the packages of the families that take delayers.
func DelayerPaths() []string {
	var out []string
	for _, f := range Families {
		for _, d := range f.Delayers {
			out = append(out, d.Pkg)
		}
	}
	return out
}

// Defaults describes a value a constructor returns with a policy that
// lacks jitter, until the program sets Field to something else.
type Defaults struct {
	Field string      // the field that replaces the policy ("Backoff")
	Keeps Table[bool] // values of Field that keep it (DefaultBackoff)
	Off   string      // a field that switches the retries off at 0 or less ("RetryMax")
	Msg   string      // the report at the constructor call
	Kept  string      // the report where Field is set to a value of Keeps
	Why   string
}

// Families lists the library families, in the order their judgements are
// asked (the first reason found is the one a Fact keeps).
var Families = []*Family{backoffFamily, goRetryFamily, k8sFamily, retryGoFamily, jpilloraFamily, grpcBackoffFamily, resiliencyFamily, retryableHTTPFamily, grpcFamily, awsFamily, failsafeFamily, watermillFamily, rokoFamily, terraformFamily}

// init adds the families' rows to the shared tables the recognisers look
// callees up in.
func init() {
	for _, f := range Families {
		for k, v := range f.Helpers {
			RetryHelpers[k] = v
		}
		for k, v := range f.Jitterers {
			Jitterers[k] = v
		}
		for k, v := range f.Waits {
			Waits[k] = v
		}
	}
}

// FamilyOf returns the family of a function, or nil.
func FamilyOf(fn *types.Func) *Family {
	if fn == nil || fn.Pkg() == nil {
		return nil
	}
	return familyOfPath(fn.Pkg().Path())
}

// FamilyByName returns the family of a function named f, or nil.
func FamilyByName(f Func) *Family {
	return familyOfPath(f.Pkg)
}

func familyOfPath(path string) *Family {
	for _, f := range Families {
		for _, p := range f.Paths {
			if p == path {
				return f
			}
		}
	}
	return nil
}

// IsPolicyPackage reports whether the named types of package path are
// retry policies.
func IsPolicyPackage(path string) bool {
	for _, f := range Families {
		for _, p := range f.Policies {
			if p == path {
				return true
			}
		}
	}
	return false
}

// IsPolicyType reports whether t (or what it points to, or a slice of it)
// is a named type of a policy package.
func IsPolicyType(t types.Type) bool {
	if t == nil {
		return false
	}
	if ptr, ok := t.(*types.Pointer); ok {
		t = ptr.Elem()
	}
	if s, ok := types.Unalias(t).(*types.Slice); ok {
		t = s.Elem() // a list of options
	}
	n, ok := types.Unalias(t).(*types.Named)
	return ok && n.Obj().Pkg() != nil && IsPolicyPackage(n.Obj().Pkg().Path())
}

// PolicyPaths are the policy packages of the families that have the
// judgement has picks: an analyzer's import gate.
func PolicyPaths(has func(*Family) bool) []string {
	var out []string
	for _, f := range Families {
		if has(f) {
			out = append(out, f.Policies...)
		}
	}
	return out
}

// LiteralPaths are the packages of the families that judge literals or
// the values their constructors return.
func LiteralPaths() []string {
	var out []string
	for _, f := range Families {
		if f.Literal != nil || len(f.Defaults) > 0 {
			out = append(out, f.Paths...)
		}
	}
	return out
}

// PathsWhere are the packages of the families that have a judgement (has
// picks the families whose calls or literals it judges wherever they are
// made), for a cheap gate on the package's imports.
func PathsWhere(has func(*Family) bool) []string {
	var out []string
	for _, f := range Families {
		if has(f) {
			out = append(out, f.Paths...)
		}
	}
	return out
}

// DefaultsOf returns the Defaults row of a constructor, if it has one.
func DefaultsOf(fn *types.Func) (Defaults, bool) {
	if f := FamilyOf(fn); f != nil {
		return f.Defaults.Lookup(fn)
	}
	return Defaults{}, false
}

// BuiltNoJitter asks every family what a policy built elsewhere lacks.
func BuiltNoJitter(info *types.Info, b *Built) []Finding {
	var out []Finding
	for _, f := range Families {
		if f.BuiltNoJitter != nil {
			out = append(out, f.BuiltNoJitter(info, b)...)
		}
	}
	return out
}

// NoJitterWhereBuilt asks the families what a policy built in a
// constructor lacks that no caller can add back: reported where it is
// built.
func NoJitterWhereBuilt(info *types.Info, b *Built) []Finding {
	var out []Finding
	for _, f := range Families {
		if f.BuiltNoJitter != nil && !f.JitterAround {
			out = append(out, f.BuiltNoJitter(info, b)...)
		}
	}
	return out
}

// BuiltNeverStops asks every family whether a policy built elsewhere never
// stops: limited, with no findings, when one of them finds a limit
// wrapped around it.
func BuiltNeverStops(info *types.Info, b *Built) (fs []Finding, limited bool) {
	for _, f := range Families {
		if f.BuiltNeverStops == nil {
			continue
		}
		more, lim := f.BuiltNeverStops(info, b)
		if lim {
			return nil, true
		}
		fs = append(fs, more...)
	}
	return fs, false
}

// HasDeadline reports whether a context visibly comes from
// context.WithTimeout or WithDeadline.
func HasDeadline(info *types.Info, ctx *Built) bool {
	if ctx == nil {
		return false
	}
	for _, c := range ctx.Calls {
		fn := Callee(info, c)
		if Is(fn, "context", "WithTimeout") || Is(fn, "context", "WithDeadline") {
			return true
		}
	}
	return false
}

// Find returns the first call to a function of the table, and its row.
func Find[V any](info *types.Info, calls []*ast.CallExpr, t Table[V]) (*ast.CallExpr, V, bool) {
	for _, c := range calls {
		if v, ok := t.Lookup(Callee(info, c)); ok {
			return c, v, true
		}
	}
	var zero V
	return nil, zero, false
}

// option returns the first option call of pkg.name, or nil.
func option(info *types.Info, opts []*ast.CallExpr, pkg, name string) *ast.CallExpr {
	for _, o := range opts {
		if Is(Callee(info, o), pkg, name) {
			return o
		}
	}
	return nil
}

func plusOne(n int) int {
	if n <= 0 {
		return 0
	}
	return n + 1
}

package libs

import (
	"go/ast"
	"go/types"
	"slices"

	"github.com/idemlint/idemlint/passes/internal/astutil"
)

// HTTP clients that retry a request by themselves (LIBRARIES.md, sections
// on go-retryablehttp and resty). retrysite reads a client's configuration
// where the client is built, through these rows, and gives it to the
// analyzers on the client's sites.

// ClientConstructors build a client; the value is how many times it
// retries a request by default (go-retryablehttp's RetryMax 4; resty's
// RetryCount 0: a resty client retries only once SetRetryCount is called).
var ClientConstructors = Table[int]{
	{RetryableHTTP, "", "NewClient"}: 4,
	{RestyV2, "", "New"}:             0,
	{RestyV2, "", "NewWithClient"}:   0,
}

// ClientRetrySetters set the number of retries on a client and return it;
// the value is the index of the count argument.
var ClientRetrySetters = Table[int]{
	{RestyV2, "Client", "SetRetryCount"}: 0,
}

// ClientType is a retrying client's struct type, with the fields that
// configure its retries.
type ClientType struct {
	Pkg, Name string
	// Retries is the field holding the number of retries ("" when none):
	// a literal that leaves it out retries nothing.
	Retries string
	// Check is the field holding the retry decision; a client whose
	// decision is replaced retries what its author chose.
	Check string
}

// ClientTypes lists the client types configured through fields.
var ClientTypes = []ClientType{
	{Pkg: RetryableHTTP, Name: "Client", Retries: "RetryMax", Check: "CheckRetry"},
	{Pkg: RestyV2, Name: "Client"},
}

// ClientWrappers return an *http.Client (or another client type) that
// sends through the retrying client they are called on, with its policy:
// go-retryablehttp's StandardClient.
var ClientWrappers = Table[bool]{
	{RetryableHTTP, "Client", "StandardClient"}: true,
}

// RetryingTransports are http.RoundTripper types that send through the
// retrying client held in the field named by the value.
var RetryingTransports = map[[2]string]string{
	{RetryableHTTP, "RoundTripper"}: "Client",
}

// ClientRequests start a request on the client they are called on (resty's
// R and NewRequest): a send through the request goes through the client.
var ClientRequests = Table[bool]{
	{RestyV2, "Client", "R"}:          true,
	{RestyV2, "Client", "NewRequest"}: true,
}

// DefaultClientRetries is how many times the package-level functions of
// go-retryablehttp (Get, Post, ...) retry: they use a NewClient() client.
const DefaultClientRetries = 4

// RetryingTransportCalls build an http.RoundTripper that retries through
// the policies they are given (failsafe-go's failsafehttp.NewRoundTripper):
// their family says whether those policies retry, and how often.
var RetryingTransportCalls = Table[bool]{
	{FailsafeHTTP, "", "NewRoundTripper"}:             true,
	{FailsafeHTTP, "", "NewRoundTripperWithExecutor"}: true,
}

// RetryingRequestCalls wrap a request with the policies that retry it
// (failsafehttp.NewRequest(req, client, rp)); the value is the index of
// the request argument. The wrapper's RetryingRequestSends send it.
var RetryingRequestCalls = Table[int]{
	{FailsafeHTTP, "", "NewRequest"}:             0,
	{FailsafeHTTP, "", "NewRequestWithExecutor"}: 0,
}

// RetryingRequestSends send a request wrapped by a RetryingRequestCalls
// call they are called on.
var RetryingRequestSends = Table[bool]{
	{FailsafeHTTP, "Request", "Do"}: true,
}

// WrappedRequest returns the call that built the wrapped request a
// RetryingRequestSends call is made on (followed through a local
// variable of encl assigned once), or nil.
func WrappedRequest(info *types.Info, send *ast.CallExpr, encl ast.Node) *ast.CallExpr {
	sel, ok := send.Fun.(*ast.SelectorExpr)
	if !ok {
		return nil
	}
	if _, ok := RetryingRequestSends.Lookup(Callee(info, send)); !ok {
		return nil
	}
	e := ast.Unparen(sel.X)
	if id, ok := e.(*ast.Ident); ok && encl != nil {
		v, _ := info.Uses[id].(*types.Var)
		if v == nil {
			return nil
		}
		defs := astutil.Assignments(info, encl, v)
		if len(defs) != 1 {
			return nil
		}
		e = ast.Unparen(defs[0])
	}
	call, ok := e.(*ast.CallExpr)
	if !ok {
		return nil
	}
	if _, ok := RetryingRequestCalls.Lookup(Callee(info, call)); !ok {
		return nil
	}
	return call
}

// WrappingPaths are the packages of RetryingTransportCalls and
// RetryingRequestCalls: an analyzer's import gate for them.
func WrappingPaths() []string {
	seen := map[string]bool{}
	var out []string
	for _, t := range []Table[bool]{RetryingTransportCalls} {
		for k := range t {
			if !seen[k.Pkg] {
				seen[k.Pkg] = true
				out = append(out, k.Pkg)
			}
		}
	}
	for k := range RetryingRequestCalls {
		if !seen[k.Pkg] {
			seen[k.Pkg] = true
			out = append(out, k.Pkg)
		}
	}
	return out
}

// Modeled reports whether path is a package of a library whose retries
// idemlint reads through its model (a family's helpers and policies, a
// retrying client's configuration): what its own code retries inside
// (resty's Backoff, run only when the client's count is set) is told by
// the model at each use, not by facts learned from its body.
func Modeled(path string) bool {
	for _, t := range ClientTypes {
		if t.Pkg == path {
			return true
		}
	}
	for _, f := range Families {
		if slices.Contains(f.Paths, path) {
			return true
		}
	}
	return false
}

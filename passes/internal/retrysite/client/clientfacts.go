package client

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"

	"github.com/idemlint/idemlint/passes/internal/libs"
	"github.com/idemlint/idemlint/passes/internal/retrysite/site"
)

// Real programs build their retrying client once, in a package of their
// own, and use it everywhere else:
//
//	package httpx
//	func NewClient() *http.Client {
//		rc := retryablehttp.NewClient(); rc.RetryMax = 4
//		return rc.StandardClient()
//	}
//
//	package billing
//	c := &Client{hc: httpx.NewClient()} ... c.hc.Do(req) // a retried POST
//
// or retry in a RoundTripper of their own. RetryingClientFact carries the
// first across packages; RetryingTransportFact the second.

// RetryingClientFact marks a function that returns a client that retries
// (whatever its parameters: a count bound to a parameter is not known and
// the function gets no fact), or a package variable holding one.
type RetryingClientFact struct {
	Attempts         int // 0 when the count is not a constant in sight
	CustomCheck, Std bool
	Default          bool // site.ClientConfig.Default
}

func (*RetryingClientFact) AFact() {}
func (f *RetryingClientFact) String() string {
	return fmt.Sprintf("returns a retrying client (attempts=%d std=%t)", f.Attempts, f.Std)
}

// RetryingTransportFact marks an http.RoundTripper type whose RoundTrip
// sends the request inside a retry site: an *http.Client with it as
// Transport retries every request it sends.
type RetryingTransportFact struct{}

func (*RetryingTransportFact) AFact()         {}
func (*RetryingTransportFact) String() string { return "retrying transport" }

// MarkRetryingTransport records tn, a RoundTripper type of the package,
// as one that retries.
func (c *Configs) MarkRetryingTransport(tn *types.TypeName) {
	c.transports[tn] = true
}

// retryingTransport reports whether t (or what it points to) is a
// RoundTripper type of the program that retries.
func (c *Configs) retryingTransport(t types.Type) bool {
	tn := libs.TypeNameOf(t)
	if tn == nil {
		return false
	}
	if c.transports[tn] {
		return true
	}
	if c.pass == nil || tn.Pkg() == nil || tn.Pkg() == c.pass.Pkg {
		return false
	}
	return c.pass.ImportObjectFact(tn, new(RetryingTransportFact))
}

// importedClient returns the configuration a RetryingClientFact of another
// package gives obj, a function or a package variable, or nil.
func (c *Configs) importedClient(obj types.Object, at token.Pos) *site.ClientConfig {
	if c.pass == nil || obj.Pkg() == nil || obj.Pkg() == c.pass.Pkg {
		return nil
	}
	var f RetryingClientFact
	if !c.pass.ImportObjectFact(obj, &f) {
		return nil
	}
	return &site.ClientConfig{Attempts: f.Attempts, CustomCheck: f.CustomCheck, Std: f.Std, Default: f.Default, Built: at}
}

// ExportRetryingClients exports a RetryingClientFact for each function of
// the package that returns a retrying client, and each package variable
// that holds one. The client index is built only if a client is followed.
func (c *Configs) ExportRetryingClients() {
	export := func(obj types.Object, cfg *site.ClientConfig) {
		if cfg != nil && !cfg.Off && cfg.GRPC == nil {
			c.pass.ExportObjectFact(obj, &RetryingClientFact{Attempts: cfg.Attempts, CustomCheck: cfg.CustomCheck, Std: cfg.Std, Default: cfg.Default})
		}
	}
	for fn := range c.decls {
		if !returnsClient(fn) {
			continue
		}
		c.params, c.paramCount = map[*types.Var]bool{}, false
		for v := range fn.Signature().Params().Variables() {
			c.params[v] = true
		}
		cfg := c.constructor(fn, nil, nil, 0)
		if !c.paramCount { // newClient(retries) may be given 0
			export(fn, cfg)
		}
	}
	c.params = nil
	scope := c.pass.Pkg.Scope()
	for _, name := range scope.Names() {
		if v, ok := scope.Lookup(name).(*types.Var); ok && (isHTTPClient(v.Type()) || clientType(v.Type()) != nil) {
			export(v, c.held(v, nil, 0))
		}
	}
}

// returnsClient reports whether fn returns an HTTP client: an
// *http.Client or a retry library's client.
func returnsClient(fn *types.Func) bool {
	res := fn.Signature().Results()
	for i := range res.Len() {
		if t := res.At(i).Type(); isHTTPClient(t) || clientType(t) != nil {
			return true
		}
	}
	return false
}

// argCount is the number of arguments of call, which is nil when a
// function is followed for a fact rather than from a call.
func argCount(call *ast.CallExpr) int {
	if call == nil {
		return 0
	}
	return len(call.Args)
}

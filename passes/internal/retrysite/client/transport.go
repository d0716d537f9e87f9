package client

import (
	"go/ast"

	"github.com/idemlint/idemlint/passes/internal/libs"
	"github.com/idemlint/idemlint/passes/internal/policy"
	"github.com/idemlint/idemlint/passes/internal/retrysite/site"
)

// transportCall reads an http.RoundTripper built by a call that retries
// through the policies it is given (failsafehttp.NewRoundTripper(nil,
// rp)), or held in a variable assigned one: the family of the call says
// whether its policies retry and how many attempts they make. It returns
// nil when e is no such transport, or its policies do not retry.
func (c *Configs) transportCall(e ast.Expr) *site.ClientConfig {
	call, ok := ast.Unparen(e).(*ast.CallExpr)
	if !ok {
		if obj := holder(c.info, e); obj != nil && len(c.indexed().stores[obj]) == 1 {
			call, ok = ast.Unparen(c.indexed().stores[obj][0]).(*ast.CallExpr)
		}
		if !ok {
			return nil
		}
	}
	if _, ok := libs.RetryingTransportCalls.Lookup(libs.Callee(c.info, call)); !ok {
		return nil
	}
	return c.policies(call, c.enclosing(call))
}

// wrappedRequest reads the policies of a request wrapped to be retried
// (failsafehttp.NewRequest(req, client, rp).Do()), or returns nil when
// they do not retry.
func (c *Configs) wrappedRequest(send *ast.CallExpr, encl ast.Node) *site.ClientConfig {
	if call := libs.WrappedRequest(c.info, send, encl); call != nil {
		return c.policies(call, encl)
	}
	return nil
}

// policies asks the family of call whether the policies it is given
// retry, and how many attempts they make.
func (c *Configs) policies(call *ast.CallExpr, encl ast.Node) *site.ClientConfig {
	fn := libs.Callee(c.info, call)
	fam := libs.FamilyOf(fn)
	if fam == nil || fam.Retries == nil {
		return nil
	}
	p := policy.Follow(c.info, call, encl)
	u := &libs.Use{Info: c.info, Call: call, Func: libs.NameOf(fn), Policy: &p.Built}
	if !fam.Retries(u) {
		return nil
	}
	cfg := &site.ClientConfig{Built: call.Pos(), Std: true}
	if fam.Attempts != nil {
		if n := fam.Attempts(u); n > 0 {
			cfg.Attempts = n
		}
	}
	return cfg
}

// enclosing returns the function declaration of the package that holds
// n, or nil.
func (c *Configs) enclosing(n ast.Node) ast.Node {
	for _, fd := range c.decls {
		if fd.Pos() <= n.Pos() && n.End() <= fd.End() {
			return fd
		}
	}
	return nil
}

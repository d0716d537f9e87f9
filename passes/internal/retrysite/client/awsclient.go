package client

import (
	"go/ast"
	"go/token"
	"go/types"

	"github.com/idemlint/idemlint/passes/internal/libs"
	"github.com/idemlint/idemlint/passes/internal/retrysite/site"
)

// The AWS SDK for Go v2 retries every operation of a service client (3
// attempts by default; libs/awsretry.go). An operation call is a retrying
// client site whose configuration is read where the client is built:
// sqs.NewFromConfig(cfg, optFns...) or sqs.New(sqs.Options{...}), the
// aws.Config from config.LoadDefaultConfig(ctx, config.WithRetryer(...),
// config.WithRetryMaxAttempts(n)) or a literal, the Retryer and
// RetryMaxAttempts fields set on either, and the call's own options. A
// client whose origin is out of sight retries, as often as we cannot say.

// awsCall reads a call that builds an AWS client or configuration; ok is
// false for other calls.
func (c *Configs) awsCall(call *ast.CallExpr, en env, depth int) (*site.ClientConfig, bool) {
	fn := libs.Callee(c.info, call)
	switch {
	case libs.IsAWSConfigLoader(fn):
		cfg := awsDefault(call.Pos())
		for _, o := range call.Args[min(1, len(call.Args)):] {
			c.awsConfigOption(cfg, o, en)
		}
		return cfg, true
	case libs.IsAWSClientConstructor(fn) && len(call.Args) > 0:
		cfg := c.of(call.Args[0], en, depth+1)
		if cfg == nil {
			cfg = &site.ClientConfig{Built: call.Pos(), Default: true} // from out of sight: it retries
		} else {
			cp := *cfg
			cfg = &cp
		}
		c.awsOptionFuncs(cfg, call.Args[1:], en)
		return cfg, true
	}
	return nil, false
}

// awsDefault is the configuration of a client on the SDK's default
// retryer.
func awsDefault(at token.Pos) *site.ClientConfig {
	return &site.ClientConfig{Attempts: libs.AWSDefaultAttempts, Built: at, Default: true}
}

// awsConfigOption applies one option of config.LoadDefaultConfig.
func (c *Configs) awsConfigOption(cfg *site.ClientConfig, o ast.Expr, en env) {
	call, ok := ast.Unparen(o).(*ast.CallExpr)
	if !ok {
		return
	}
	retryer, attempts, ok := libs.AWSConfigOption(c.info, call)
	switch {
	case !ok:
	case retryer != nil:
		c.awsSet(cfg, "Retryer", c.retryerFuncResult(retryer), en)
	case attempts != nil:
		c.awsSet(cfg, "RetryMaxAttempts", attempts, en)
	}
}

// retryerFuncResult returns what a func() aws.Retryer returns, when it is
// a literal or a function of the package with one return statement.
func (c *Configs) retryerFuncResult(f ast.Expr) ast.Expr {
	var body *ast.BlockStmt
	switch x := ast.Unparen(f).(type) {
	case *ast.FuncLit:
		body = x.Body
	case *ast.Ident:
		if fn, ok := c.info.Uses[x].(*types.Func); ok && c.decls[fn] != nil {
			body = c.decls[fn].Body
		}
	}
	if body == nil {
		return nil
	}
	var out ast.Expr
	n := 0
	ast.Inspect(body, func(nd ast.Node) bool {
		switch nd := nd.(type) {
		case *ast.FuncLit:
			return false
		case *ast.ReturnStmt:
			n++
			if len(nd.Results) == 1 {
				out = nd.Results[0]
			}
		}
		return true
	})
	if n != 1 {
		return nil
	}
	return out
}

// awsSet applies an assignment to a Retryer (the retryer value, nil when
// not in view) or RetryMaxAttempts field: a count of 0 leaves the retryer
// as it is, a count below 0 retries until success.
func (c *Configs) awsSet(cfg *site.ClientConfig, field string, value ast.Expr, en env) {
	switch field {
	case "Retryer":
		r := libs.AWSRetryer{}
		if value != nil {
			r = libs.AWSRetryerOf(c.info, value)
		}
		cfg.Attempts, cfg.Off, cfg.Default = r.Attempts, r.Off, false
	case "RetryMaxAttempts":
		if cfg.Off {
			return // nothing is retryable to a NopRetryer
		}
		n, known := c.intValue(value, en)
		switch {
		case !known:
			cfg.Attempts, cfg.Default = 0, false
		case n == 0: // ignored: the retryer keeps its count
		case n < 0:
			cfg.Attempts, cfg.Default = 0, false
		default:
			cfg.Attempts, cfg.Off, cfg.Default = n, n == 1, false
		}
	}
}

// awsOptionFuncs applies the functional options of a client constructor
// or an operation call: literals that set o.Retryer or
// o.RetryMaxAttempts. A named option function may set anything: the
// attempts are then unknown.
func (c *Configs) awsOptionFuncs(cfg *site.ClientConfig, opts []ast.Expr, en env) {
	for _, o := range opts {
		lit, ok := ast.Unparen(o).(*ast.FuncLit)
		if !ok {
			if !cfg.Off {
				cfg.Attempts = 0
			}
			continue
		}
		ast.Inspect(lit.Body, func(n ast.Node) bool {
			as, ok := n.(*ast.AssignStmt)
			if !ok || len(as.Lhs) != len(as.Rhs) {
				return true
			}
			for i, l := range as.Lhs {
				if sel, ok := ast.Unparen(l).(*ast.SelectorExpr); ok {
					v, _ := c.info.ObjectOf(sel.Sel).(*types.Var)
					if f := libs.AWSRetryField(v); f != "" {
						c.awsSet(cfg, f, as.Rhs[i], en)
					}
				}
			}
			return true
		})
	}
}

// awsLiteral reads an aws.Config or service Options literal; ok is false
// for other literals.
func (c *Configs) awsLiteral(lit *ast.CompositeLit, en env) (*site.ClientConfig, bool) {
	if !libs.IsAWSConfigured(c.info.TypeOf(lit)) {
		return nil, false
	}
	// A literal without a Retryer gets the SDK's default one.
	cfg := awsDefault(lit.Pos())
	var attempts ast.Expr
	for _, e := range lit.Elts {
		kv, ok := e.(*ast.KeyValueExpr)
		if !ok {
			continue
		}
		if id, ok := kv.Key.(*ast.Ident); ok {
			v, _ := c.info.ObjectOf(id).(*types.Var)
			switch libs.AWSRetryField(v) {
			case "Retryer":
				value := kv.Value
				if libs.IsNamed(site.DerefType(c.info.TypeOf(lit)), libs.AWSCore, "Config") {
					value = c.retryerFuncResult(value) // aws.Config holds func() aws.Retryer
				}
				c.awsSet(cfg, "Retryer", value, en)
			case "RetryMaxAttempts":
				attempts = kv.Value
			}
		}
	}
	if attempts != nil {
		c.awsSet(cfg, "RetryMaxAttempts", attempts, en)
	}
	return cfg, true
}

// awsChange applies a change to an aws.Config or Options held in a
// variable or field (cfg.RetryMaxAttempts = 5).
func (c *Configs) awsChange(cfg *site.ClientConfig, m clientChange, en env) {
	switch m.field {
	case awsRetryerFunc: // aws.Config holds func() aws.Retryer
		c.awsSet(cfg, "Retryer", c.retryerFuncResult(m.value), en)
	case awsRetryer:
		c.awsSet(cfg, "Retryer", m.value, en)
	case awsMaxAttempts:
		c.awsSet(cfg, "RetryMaxAttempts", m.value, en)
	}
}

// The clientChange fields of the AWS retry settings.
const (
	awsRetryer     = "aws.Retryer"
	awsRetryerFunc = "aws.RetryerFunc"
	awsMaxAttempts = "aws.RetryMaxAttempts"
)

// awsField returns the clientChange field of an assignment to sel, or "".
func awsField(info *types.Info, sel *ast.SelectorExpr) string {
	v, _ := info.ObjectOf(sel.Sel).(*types.Var)
	switch libs.AWSRetryField(v) {
	case "Retryer":
		if libs.IsNamed(site.DerefType(info.TypeOf(sel.X)), libs.AWSCore, "Config") {
			return awsRetryerFunc
		}
		return awsRetryer
	case "RetryMaxAttempts":
		return awsMaxAttempts
	}
	return ""
}

// awsSend returns the configuration of the client an AWS operation call
// sends through, with the call's own options applied; nil when the call
// is not an operation.
func (c *Configs) awsSend(call *ast.CallExpr, fn *types.Func) *site.ClientConfig {
	if !libs.IsAWSOperation(fn) {
		return nil
	}
	sel, ok := call.Fun.(*ast.SelectorExpr)
	if !ok {
		return nil
	}
	cfg := c.of(sel.X, nil, 0)
	if cfg == nil {
		cfg = &site.ClientConfig{Default: true} // built out of sight: most keep the SDK's retryer
	} else {
		cp := *cfg
		cfg = &cp
	}
	if len(call.Args) > 2 && call.Ellipsis == token.NoPos {
		c.awsOptionFuncs(cfg, call.Args[2:], nil)
	}
	return cfg
}

// awsTupleStore reports whether x, err := f() stores an AWS client or
// configuration into x, the first of lhs.
func awsTupleStore(info *types.Info, as *ast.AssignStmt) bool {
	_, call := ast.Unparen(as.Rhs[0]).(*ast.CallExpr)
	return call && len(as.Rhs) == 1 && len(as.Lhs) > 1 && libs.IsAWSConfigured(info.TypeOf(as.Lhs[0]))
}

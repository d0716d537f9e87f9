package client

import (
	"fmt"
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"

	"github.com/idemlint/idemlint/passes/internal/astutil"
	"github.com/idemlint/idemlint/passes/internal/libs"
	"github.com/idemlint/idemlint/passes/internal/retrysite/site"
)

// grpcDial reads the dial options of a connection built by call, from
// the argument first on.
func (c *Configs) grpcDial(call *ast.CallExpr, first int) *site.ClientConfig {
	g := &site.GRPCConn{MaxCalls: libs.GRPCDefaultMaxCallAttempts}
	if first > len(call.Args) {
		return nil
	}
	for _, o := range c.grpcCalls(call.Args[first:], 0) {
		kind, _ := libs.GRPCDialOptions.Lookup(libs.Callee(c.info, o))
		switch {
		case kind == libs.GRPCServiceConfig && len(o.Args) == 1:
			g.Config = nil
			if text, ok := c.constString(o.Args[0], 0); ok {
				g.Config = libs.ParseServiceConfig(text)
			}
		case kind == libs.GRPCMaxCalls && len(o.Args) == 1:
			g.MaxCalls = 0
			if n, ok := astutil.IntConst(c.info, o.Args[0]); ok {
				g.MaxCalls = libs.GRPCDefaultMaxCallAttempts
				if n >= 2 {
					g.MaxCalls = int(min(n, 1<<20))
				}
			}
		case kind == libs.GRPCNoRetry:
			g.NoRetry = true
		case kind == libs.GRPCUnary || kind == libs.GRPCStream:
			for _, ic := range c.grpcCalls(o.Args, 0) {
				which, ok := libs.GRPCInterceptors.Lookup(libs.Callee(c.info, ic))
				if !ok {
					continue
				}
				n := c.grpcMax(ic.Args, 0)
				if which == libs.GRPCUnary {
					g.Unary = n
				} else {
					g.Stream = n
				}
			}
		}
	}
	return &site.ClientConfig{GRPC: g, Built: call.Pos()}
}

// grpcMax is the attempts the retry interceptor options in args set, or
// def when none sets them (the last one wins, as the library applies
// them in order).
func (c *Configs) grpcMax(args []ast.Expr, def int) int {
	n := def
	for _, o := range c.grpcCalls(args, 0) {
		if m, ok := libs.GRPCMaxOf(c.info, o); ok {
			n = m
		}
	}
	return n
}

// grpcCalls lists the option calls args evaluate to, following option
// slices ([]grpc.DialOption{...}, append), the variables and fields that
// hold them, and functions of the package that return them.
func (c *Configs) grpcCalls(args []ast.Expr, depth int) []*ast.CallExpr {
	if depth > 8 {
		return nil
	}
	var out []*ast.CallExpr
	for _, a := range args {
		switch x := ast.Unparen(a).(type) {
		case *ast.CompositeLit:
			out = append(out, c.grpcCalls(x.Elts, depth+1)...)
		case *ast.CallExpr:
			if astutil.IsAppend(c.info, x) {
				out = append(out, c.grpcCalls(x.Args, depth+1)...)
				continue
			}
			fn := libs.Callee(c.info, x)
			if fd := c.decls[fn]; fd != nil && !c.busy[fn] {
				c.busy[fn] = true
				ast.Inspect(fd.Body, func(n ast.Node) bool {
					switch n := n.(type) {
					case *ast.FuncLit:
						return false
					case *ast.ReturnStmt:
						if len(n.Results) > 0 {
							out = append(out, c.grpcCalls(n.Results[:1], depth+1)...)
						}
					}
					return true
				})
				delete(c.busy, fn)
				continue
			}
			out = append(out, x)
		case *ast.Ident, *ast.SelectorExpr:
			if obj := holder(c.info, x); obj != nil && !c.busy[obj] {
				c.busy[obj] = true
				out = append(out, c.grpcCalls(c.indexed().stores[obj], depth+1)...)
				delete(c.busy, obj)
			}
		}
	}
	return out
}

// placeholder stands for a value fmt.Sprintf is given that is not a
// constant: it prints as libs.PlaceholderNumber under any verb, which is
// valid JSON as a number and inside a duration string.
type placeholder struct{}

func (placeholder) Format(f fmt.State, _ rune) { fmt.Fprint(f, libs.PlaceholderNumber) }

// constString is the text of a service config: a constant, a
// concatenation of them, fmt.Sprintf with a constant format, or a
// variable that holds one of those.
func (c *Configs) constString(e ast.Expr, depth int) (string, bool) {
	if depth > 6 {
		return "", false
	}
	if tv, ok := c.info.Types[e]; ok && tv.Value != nil && tv.Value.Kind() == constant.String {
		return constant.StringVal(tv.Value), true
	}
	switch x := ast.Unparen(e).(type) {
	case *ast.BinaryExpr:
		if x.Op != token.ADD {
			return "", false
		}
		l, lok := c.constString(x.X, depth+1)
		r, rok := c.constString(x.Y, depth+1)
		return l + r, lok && rok
	case *ast.CallExpr:
		if !libs.Is(libs.Callee(c.info, x), "fmt", "Sprintf") || len(x.Args) == 0 || x.Ellipsis.IsValid() {
			return "", false
		}
		format, ok := c.constString(x.Args[0], depth+1)
		if !ok {
			return "", false
		}
		var args []any
		for _, a := range x.Args[1:] {
			tv := c.info.Types[a]
			switch {
			case tv.Value == nil:
				args = append(args, placeholder{})
			case tv.Value.Kind() == constant.String:
				args = append(args, constant.StringVal(tv.Value))
			case tv.Value.Kind() == constant.Int:
				n, _ := constant.Int64Val(tv.Value)
				args = append(args, n)
			default:
				args = append(args, placeholder{})
			}
		}
		return fmt.Sprintf(format, args...), true
	case *ast.Ident, *ast.SelectorExpr:
		if obj := holder(c.info, x); obj != nil && len(c.indexed().stores[obj]) == 1 {
			return c.constString(c.indexed().stores[obj][0], depth+1)
		}
	}
	return "", false
}

// grpcSend returns the configuration of a gRPC call that the connection
// it is sent on retries, or nil; isCall is false when call sends no gRPC
// call at all.
func (c *Configs) grpcSend(call *ast.CallExpr, fn *types.Func, sel *ast.SelectorExpr) (cfg *site.ClientConfig, isCall bool) {
	m, ok := libs.GRPCMethodOf(fn)
	if !ok {
		i, ok := libs.GRPCInvokes.Lookup(fn)
		if !ok {
			return nil, false
		}
		if i >= len(call.Args) {
			return nil, true
		}
		full, ok := c.constString(call.Args[i], 0)
		if !ok {
			return nil, true
		}
		svc, meth, ok := libs.SplitFullMethod(full)
		if !ok {
			return nil, true
		}
		m = libs.GRPCMethod{Service: svc, Method: meth, Stream: fn.Name() == "NewStream", Opts: i + 1}
		if !m.Stream {
			m.Opts = i + 3 // Invoke(ctx, method, args, reply, opts...)
		}
	}
	if sel == nil {
		return nil, true
	}
	conn := c.of(sel.X, nil, 0)
	if conn == nil || conn.GRPC == nil {
		return nil, true
	}
	g := conn.GRPC
	svc := 0 // attempts of the service config's policy: 0 none, -1 not a constant
	if !g.NoRetry {
		switch n := g.Config.MaxAttempts(m.Service, m.Method, m.Short); {
		case n == libs.PlaceholderNumber || n > 1 && g.MaxCalls == 0:
			svc = -1
		case n > 1:
			svc = min(n, g.MaxCalls)
		}
	}
	icpt := g.Unary
	if m.Stream {
		icpt = g.Stream
	}
	if m.Opts < len(call.Args) {
		icpt = c.grpcMax(call.Args[m.Opts:], icpt)
	}
	if m.ClientStreams {
		icpt = 0 // the interceptor retries server streams only
	}
	if svc == 0 && icpt == 0 {
		return nil, true
	}
	out := &site.ClientConfig{Built: conn.Built}
	if svc >= 0 && icpt >= 0 {
		out.Attempts = max(svc, 1) * max(icpt, 1)
	}
	return out, true
}

// isGRPCClient reports whether a value of type t is a gRPC connection or
// a generated client, which a constructor of the program may return.
func isGRPCClient(t types.Type) bool {
	return libs.IsGRPCConn(t) || libs.GRPCServiceOf(t) != ""
}

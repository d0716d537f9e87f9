package redislock

import (
	"go/ast"
	"go/types"

	"github.com/idemlint/idemlint/passes/internal/astutil"
	"github.com/idemlint/idemlint/passes/internal/libs"
)

// decodeRueidis reads a command sent through rueidis' own client:
// client.Do(ctx, client.B().Set().Key(k).Value(v).Nx().Px(ttl).Build()),
// with the built command inline or in a local variable assigned once, and
// a Lua script run with (*rueidis.Lua).Exec.
func decodeRueidis(info *types.Info, decl *ast.FuncDecl, call *ast.CallExpr, fn *types.Func) *command {
	if row, ok := libs.RueidisLua.Lookup(fn); ok {
		return &command{call: call, name: row.Cmd, errMethod: "Error"}
	}
	if _, ok := libs.RueidisSenders.Lookup(fn); !ok || len(call.Args) < 2 {
		return nil
	}
	built := ast.Unparen(call.Args[1])
	if id, ok := built.(*ast.Ident); ok && decl != nil {
		v, _ := info.Uses[id].(*types.Var)
		if v == nil {
			return nil
		}
		defs := astutil.Assignments(info, decl, v)
		if len(defs) != 1 {
			return nil
		}
		built = ast.Unparen(defs[0])
	}
	steps := builderChain(info, built)
	if len(steps) == 0 {
		return nil
	}
	name, ok := libs.RueidisBuilder[steps[0].sel.Name]
	if !ok {
		return nil
	}
	c := &command{call: call, name: name, errMethod: "Error"}
	if name == "SET" || name == "SETNX" {
		c.ttl = ttlNone
	}
	for _, s := range steps[1:] {
		switch s.sel.Name {
		case "Key":
			c.keys = append(c.keys, s.call.Args...) // Del().Key(a).Key(b)
			if name != "DEL" && name != "EXISTS" && len(c.keys) > 1 {
				c.keys = c.keys[:1]
			}
		case "Value":
			c.value = arg(s.call.Args, 0)
		}
		if name != "SET" {
			continue
		}
		switch libs.RueidisSetOptions[s.sel.Name] {
		case libs.RueidisNX:
			c.nx = true
		case libs.RueidisTTL:
			c.ttl = ttlSet
		}
		if s.sel.Name == "Get" {
			return nil // SET ... GET replies with the old value: another protocol
		}
	}
	if name == "SETNX" {
		// The legacy command replies 0 or 1 with no error either way, like
		// go-redis' SetNX: reading only Error() ignores the outcome.
		c.name, c.nx, c.bool = "SET", true, true
	}
	return c
}

// chainStep is one method call of a builder chain.
type chainStep struct {
	call *ast.CallExpr
	sel  *ast.Ident
}

// builderChain returns the method calls of a builder chain in order,
// starting with the command method called on the Builder, or nil when e is
// not such a chain (a command built elsewhere, a helper's result).
func builderChain(info *types.Info, e ast.Expr) []chainStep {
	var rev []chainStep
	for depth := 0; depth < 32; depth++ {
		call, ok := ast.Unparen(e).(*ast.CallExpr)
		if !ok {
			return nil
		}
		sel, ok := call.Fun.(*ast.SelectorExpr)
		if !ok {
			return nil
		}
		fn := libs.Callee(info, call)
		if fn == nil || fn.Pkg() == nil || fn.Pkg().Path() != libs.RueidisCmds {
			return nil
		}
		rev = append(rev, chainStep{call: call, sel: sel.Sel})
		if libs.NameOf(fn).Recv == "Builder" {
			out := make([]chainStep, len(rev))
			for i, s := range rev {
				out[len(rev)-1-i] = s
			}
			return out
		}
		e = sel.X
	}
	return nil
}

// Messages for a dropped SET NX result sent through rueidis' builder, where
// go-redis' SetNX(...).Result() fix does not apply.
const (
	msgIgnoredRueidisSet   = "the result of SET NX is ignored, so the work runs whether or not the key was taken; check the error of Do(...).Error(), a Redis nil error (rueidis.IsRedisNil) when the key was taken"
	msgIgnoredRueidisSetnx = "the result of SET NX is ignored, so the work runs whether or not the key was taken: SETNX's Error() is nil either way; read the reply (n, err := Do(...).AsInt64(); if n == 0 { ... }) or send SET NX PX"
)

// ignoredMessage is the message for c's dropped result, with the fix in
// c's client's terms.
func ignoredMessage(c *command) string {
	switch {
	case c.errMethod != "Error":
		return msgIgnored
	case c.bool:
		return msgIgnoredRueidisSetnx
	}
	return msgIgnoredRueidisSet
}

// rueidisIgnored reports whether the result of an NX command sent through
// rueidis is thrown away. SET ... NX replies nil when the key was taken,
// which Error(), ToString() and AsBool() return as a Redis nil error, so
// any of them checks the outcome; the legacy SETNX replies 0 with no error,
// so only its value does.
func (fc *funcCommands) rueidisIgnored(c *command) bool {
	switch p := fc.parents[c.call].(type) {
	case *ast.ExprStmt, *ast.DeferStmt, *ast.GoStmt:
		return true
	case *ast.AssignStmt:
		if isBlank(p.Lhs[0]) {
			return true
		}
		if id, ok := p.Lhs[0].(*ast.Ident); ok && c.bool {
			return fc.onlyErrUsed(fc.info.ObjectOf(id), c.errMethod)
		}
	case *ast.SelectorExpr:
		if p.Sel.Name == c.errMethod && c.bool {
			return true
		}
		switch q := fc.parents[fc.parents[p]].(type) {
		case *ast.ExprStmt:
			return true
		case *ast.AssignStmt:
			for _, l := range q.Lhs {
				if !isBlank(l) {
					return false
				}
			}
			return true
		}
	}
	return false
}

package redislock

import (
	"go/ast"
	"go/constant"
	"go/types"
	"strings"

	"github.com/idemlint/idemlint/passes/internal/libs"
)

type ttlKind int

const (
	ttlUnknown ttlKind = iota
	ttlNone
	ttlSet
)

// command is one Redis command a call sends.
type command struct {
	call   *ast.CallExpr
	name   string // SET, GET, EXISTS, DEL, EXPIRE, EVAL
	nx     bool   // SET ... NX, SETNX, SetNX, SetArgs{Mode: "NX"}
	keys   []ast.Expr
	ttl    ttlKind
	value  ast.Expr // SET's value
	redigo bool
	bool   bool // go-redis SetNX: the result is a *BoolCmd
	// errMethod reads only the error of the result: Err on go-redis,
	// Error on rueidis.
	errMethod string
}

// decode describes call, whose callee is fn, if it sends a Redis command.
func decode(info *types.Info, decl *ast.FuncDecl, call *ast.CallExpr, fn *types.Func) *command {
	if fn != nil && fn.Pkg() != nil && fn.Pkg().Path() == libs.Rueidis {
		return decodeRueidis(info, decl, call, fn)
	}
	row, ok := libs.RedisCommands.Lookup(fn)
	if !ok {
		return nil
	}
	args := call.Args
	c := &command{call: call, redigo: fn.Pkg().Path() == libs.Redigo, errMethod: "Err"}
	if row.Key >= 0 && row.Key < len(args) {
		c.keys = args[row.Key:]
		if row.Cmd != "DEL" && row.Cmd != "EXISTS" {
			c.keys = args[row.Key : row.Key+1]
		}
	}
	switch row.Cmd {
	case "SETNX":
		c.name, c.nx, c.bool = "SET", true, true
		c.ttl = durationTTL(info, args, row.TTL)
		c.value = arg(args, 2)
	case "SET":
		c.name, c.value = "SET", arg(args, 2)
		c.ttl = durationTTL(info, args, row.TTL)
	case "SETARGS":
		c.name, c.value = "SET", arg(args, 2)
		if !setArgs(info, c, arg(args, 3)) {
			return nil
		}
	case "DO":
		return raw(info, c, args)
	default:
		c.name = row.Cmd
	}
	return c
}

func arg(args []ast.Expr, i int) ast.Expr {
	if i >= 0 && i < len(args) {
		return args[i]
	}
	return nil
}

// durationTTL reads an expiration argument: 0 and KeepTTL (-1) set none.
func durationTTL(info *types.Info, args []ast.Expr, i int) ttlKind {
	e := arg(args, i)
	if e == nil {
		return ttlNone
	}
	if tv, ok := info.Types[e]; ok && tv.Value != nil {
		if constant.Sign(tv.Value) <= 0 {
			return ttlNone
		}
	}
	return ttlSet
}

// setArgs reads a redis.SetArgs literal; it returns false when the argument
// is not a literal (its mode cannot be known).
func setArgs(info *types.Info, c *command, e ast.Expr) bool {
	lit, ok := ast.Unparen(e).(*ast.CompositeLit)
	if !ok {
		return false
	}
	c.ttl = ttlNone
	for _, elt := range lit.Elts {
		kv, ok := elt.(*ast.KeyValueExpr)
		if !ok {
			continue
		}
		key, _ := kv.Key.(*ast.Ident)
		if key == nil {
			continue
		}
		tv := info.Types[kv.Value]
		switch key.Name {
		case "Mode":
			if tv.Value != nil && tv.Value.Kind() == constant.String && strings.EqualFold(constant.StringVal(tv.Value), "NX") {
				c.nx = true
			}
		case "TTL":
			if tv.Value == nil || constant.Sign(tv.Value) > 0 {
				c.ttl = ttlSet
			}
		case "ExpireAt":
			c.ttl = ttlSet
		}
	}
	return true
}

// raw reads a command sent as strings: go-redis Do(ctx, "set", k, v, "nx",
// "px", 3000) and redigo Do("SET", k, v, "NX", "EX", 30).
func raw(info *types.Info, c *command, args []ast.Expr) *command {
	start := -1
	for i, a := range args {
		if s, ok := constString(info, a); ok && s != "" {
			start = i
			c.name = strings.ToUpper(s)
			break
		}
	}
	if start < 0 || start+1 >= len(args) {
		return nil
	}
	rest := args[start+1:]
	switch c.name {
	case "SETNX":
		c.name, c.nx, c.ttl, c.keys = "SET", true, ttlNone, rest[:1]
		c.value = arg(rest, 1)
	case "SET":
		c.keys, c.value, c.ttl = rest[:1], arg(rest, 1), ttlNone
		for _, a := range rest[min(2, len(rest)):] {
			switch s, _ := constString(info, a); strings.ToUpper(s) {
			case "NX":
				c.nx = true
			case "EX", "PX", "EXAT", "PXAT":
				c.ttl = ttlSet
			}
		}
	case "DEL", "UNLINK":
		c.name, c.keys = "DEL", rest
	case "GET", "EXISTS":
		c.keys = rest[:1]
	case "EXPIRE", "PEXPIRE", "EXPIREAT", "PEXPIREAT":
		c.name, c.keys = "EXPIRE", rest[:1]
	case "EVAL", "EVALSHA":
		c.name = "EVAL"
	default:
		return nil
	}
	return c
}

func constString(info *types.Info, e ast.Expr) (string, bool) {
	tv, ok := info.Types[e]
	if !ok || tv.Value == nil || tv.Value.Kind() != constant.String {
		return "", false
	}
	return constant.StringVal(tv.Value), true
}

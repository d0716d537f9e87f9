package redislock

import (
	"go/ast"
	"go/types"
)

// lockKeyed reports whether the key of a DEL is a lock key, so that a GET
// owner check before it makes a check-then-delete of a lock, and not the
// one-time use of a code or token (GET reset:email, compare, DEL): the key
// is taken with NX in the same function or, by shape, in another function
// of the package; it is a struct field used as an NX key; or it is a bare
// parameter in a package whose lock helpers take bare parameters as keys
// (TryLock(ctx, key) and Release(ctx, key, token) on one wrapper type).
func (pk *pkgKeys) lockKeyed(fc *funcCommands, del *command, lockFields map[*types.Var]bool) bool {
	if len(del.keys) == 0 {
		return false
	}
	for _, c := range fc.cmds {
		if c.nx && c != del && fc.sameKeyAs(c, del) {
			return true
		}
	}
	if fld := keyField(fc.info, del.keys[0]); fld != nil && lockFields[fld] {
		return true
	}
	if sh, ok := genericShaper(fc.info, fc.decl).keyShape(del); ok && len(pk.locks[sh.text]) > 0 {
		return true
	}
	return isParam(fc, del.keys[0]) && pk.bareLocks()
}

// isParam reports whether e is a parameter of fc's function.
func isParam(fc *funcCommands, e ast.Expr) bool {
	id, ok := ast.Unparen(e).(*ast.Ident)
	if !ok {
		return false
	}
	for _, p := range declParams(fc.info, fc.decl) {
		if p != nil && fc.info.Uses[id] == p {
			return true
		}
	}
	return false
}

// bareLocks reports whether a function of the package takes a lock, with
// NX and a result its caller decides on, on a key that is its parameter.
func (pk *pkgKeys) bareLocks() bool {
	for _, fc := range pk.funcs {
		for _, c := range fc.cmds {
			if c.nx && len(c.keys) > 0 && isParam(fc, c.keys[0]) && !fc.quiet(c) {
				return true
			}
		}
	}
	return false
}

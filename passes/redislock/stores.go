package redislock

import (
	"go/ast"

	"github.com/idemlint/idemlint/passes/internal/astutil"
)

// createOnceStores returns the NX commands of the package that write a
// permanent value once rather than take a lock: no expiry, their result
// used only to choose between the value written and a GET of the same key
// (created, err := SetNX(ctx, k, v, 0).Result(); if created { return v };
// return Get(ctx, k)), no work after them in their function, and no DEL of
// the key in the package (of a key that is a bare parameter, in the
// function). The first writer wins and every caller
// returns the value that won: there is no holder to crash, and nothing to
// expire. Found on a blind-labelled repository (a get-or-create of a
// stored value), which was reported as a lock without expiry.
func createOnceStores(funcs []*funcCommands, dels map[string][]*funcCommands) map[*command]bool {
	var stores map[*command]bool
	for _, fc := range funcs {
		for _, c := range fc.cmds {
			if !c.nx || c.ttl != ttlNone || c.value == nil || len(c.keys) == 0 || fc.test || fc.ignored(c) || fc.workAfter(c.call) {
				continue
			}
			if fc.readBack(c) == nil || fc.deletes(c) {
				continue
			}
			// fc.shapes holds keys built from something more than
			// parameters: a key family, which a DEL elsewhere in the
			// package may drop. A bare parameter names whatever the
			// caller passed.
			if sh, ok := fc.shapes[c]; ok && len(dels[sh]) > 0 {
				continue
			}
			if stores == nil {
				stores = map[*command]bool{}
			}
			stores[c] = true
		}
	}
	return stores
}

// readBack returns the GET of the NX command's key that the function
// returns when the NX did not write, while it returns the value written
// when it did; nil if there is none.
func (fc *funcCommands) readBack(nx *command) *command {
	if !fc.returns(func(e ast.Expr) bool { return sameKey(fc.info, fc.decl, nx.value, e) }) {
		return nil
	}
	outcome := astutil.ResultVars(fc.info, fc.parents, nx.call, nil)
	for _, c := range fc.cmds {
		if c.name != "GET" || c.call.Pos() < nx.call.End() || !fc.sameKeyAs(nx, c) {
			continue
		}
		if !astutil.Decides(fc.info, fc.parents, nx.call, outcome, c.call) {
			continue
		}
		// return Get(ctx, k).Result(), or id, err = Get(ctx, k).Result();
		// ...; return id, nil
		got := astutil.ResultVars(fc.info, fc.parents, c.call, nil)
		if fc.returns(func(e ast.Expr) bool {
			if id, ok := ast.Unparen(e).(*ast.Ident); ok && got[fc.info.ObjectOf(id)] {
				return true
			}
			return containsNode(e, c.call)
		}) {
			return c
		}
	}
	return nil
}

// returns reports whether a return statement of the function (not of a
// function literal in it) has a result that match accepts.
func (fc *funcCommands) returns(match func(ast.Expr) bool) bool {
	found := false
	ast.Inspect(fc.decl.Body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.ReturnStmt:
			for _, r := range n.Results {
				if match(r) {
					found = true
				}
			}
		}
		return !found
	})
	return found
}

func containsNode(root ast.Node, target ast.Node) bool {
	return root.Pos() <= target.Pos() && target.End() <= root.End()
}

// deletes reports whether the function deletes the NX command's key.
func (fc *funcCommands) deletes(nx *command) bool {
	for _, c := range fc.cmds {
		if c.name == "DEL" && fc.sameKeyAs(nx, c) {
			return true
		}
	}
	return false
}

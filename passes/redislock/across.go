package redislock

import (
	"go/ast"
	"go/token"
	"go/types"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/idemlint/idemlint/passes/internal/astutil"
)

// pkgKeys is what the package's functions do with keys, by the shape of
// the key: a lock taken by l.TryLock(ctx, key) and dropped by
// l.Unlock(ctx, key), both on "lock:"+key, is one lock.
type pkgKeys struct {
	funcs map[*types.Func]*funcCommands
	dels  map[string][]*funcCommands // DEL key shapes
	locks map[string][]*funcCommands // shapes of keys taken with NX as locks
	// taken holds, for each lock shape, one NX command taking it.
	taken map[string]*command
	// flags are the NX commands that set a state flag (flags.go).
	flags map[*command]bool
	// stores are the NX commands that write a value once (stores.go).
	stores map[*command]bool
}

func newPkgKeys(info *types.Info, funcs []*funcCommands) *pkgKeys {
	pk := &pkgKeys{funcs: map[*types.Func]*funcCommands{}, dels: map[string][]*funcCommands{}, locks: map[string][]*funcCommands{}, taken: map[string]*command{}}
	for _, fc := range funcs {
		if fn, ok := info.Defs[fc.decl.Name].(*types.Func); ok {
			pk.funcs[fn] = fc
		}
		fc.shapes = map[*command]string{}
		s := genericShaper(info, fc.decl)
		for _, c := range fc.cmds {
			if sh, ok := s.keyShape(c); ok {
				fc.shapes[c] = sh.text
			}
			if c.name == "DEL" {
				for _, k := range c.keys {
					if sh, ok := s.of(k); ok && sh.anchored {
						pk.dels[sh.text] = append(pk.dels[sh.text], fc)
					}
				}
			}
		}
	}
	pk.flags = stateFlags(info, funcs)
	pk.stores = createOnceStores(funcs, pk.dels)
	for _, fc := range funcs {
		for _, c := range fc.cmds {
			if sh, ok := fc.shapes[c]; ok && c.nx && !fc.quiet(c) && !pk.flags[c] && !pk.stores[c] {
				pk.locks[sh] = append(pk.locks[sh], fc)
				if pk.taken[sh] == nil {
					pk.taken[sh] = c
				}
			}
		}
	}
	return pk
}

// elsewhere reports whether a function other than fc has the shape in m.
func elsewhere(m map[string][]*funcCommands, shape string, fc *funcCommands) bool {
	for _, other := range m[shape] {
		if other != fc {
			return true
		}
	}
	return false
}

// quiet reports whether an NX command seeds state or writes a state flag
// rather than taking a lock: its result is dropped, and nothing after it in
// its function does work that could depend on having taken the key (a seed
// helper, a Pause() that sets a "paused" flag that Resume() deletes), or it
// is in a test, where it sets up a fixture for the code under test.
func (fc *funcCommands) quiet(c *command) bool {
	return fc.ignored(c) && !fc.returnsResult(c) && (fc.test || !fc.workAfter(c.call))
}

// seeds reports whether an NX command is quiet and its key is not taken
// as a lock by another function of the package: a lock(id) helper that
// drops the result of SET NX on the key WithLock takes is still a lock.
func (pk *pkgKeys) seeds(fc *funcCommands, c *command) bool {
	sh, ok := fc.shapes[c]
	return fc.quiet(c) && !(ok && elsewhere(pk.locks, sh, fc))
}

// workAfter reports whether a call that does work follows call in the
// function (Redis commands, formatting and logging are not work).
func (fc *funcCommands) workAfter(call *ast.CallExpr) bool {
	return fc.workBetween(call, &ast.CallExpr{Fun: &ast.Ident{NamePos: fc.decl.Body.End()}, Lparen: fc.decl.Body.End(), Rparen: fc.decl.Body.End()})
}

// unlockedElsewhere returns the NX command of another function of the
// package that takes, as a lock, a key the DEL drops, or nil.
func (pk *pkgKeys) unlockedElsewhere(fc *funcCommands, c *command) (*command, *funcCommands) {
	s := genericShaper(fc.info, fc.decl)
	for _, k := range c.keys {
		if sh, ok := s.of(k); ok && sh.anchored && elsewhere(pk.locks, sh.text, fc) {
			for _, other := range pk.locks[sh.text] {
				if other != fc {
					for _, nx := range other.cmds {
						if other.shapes[nx] == sh.text && nx.nx {
							return nx, other
						}
					}
				}
			}
		}
	}
	return nil, nil
}

// step is an NX or a plain SET that a function runs, directly or in a
// helper of the package it calls, with its key seen from the function.
type step struct {
	at    *ast.CallExpr // the call in the function
	cmd   *command      // the command, maybe in the helper
	nx    bool
	key   string
	via   bool
	owner *funcCommands // the function holding cmd
}

// helperMarkers reports SETNX-then-work-then-SET assembled from helpers:
// mine, err := d.begin(ctx, id) (a SET NX); the work; d.finish(ctx, id) (a
// plain SET of the same key). Reported at the NX command.
func (pk *pkgKeys) helperMarkers(fc *funcCommands, at reporter) {
	var steps []step
	ids := identityShaper(fc.info, fc.decl)
	for n, fn := range fc.index.All(fc.body) {
		call, ok := n.(*ast.CallExpr)
		if !ok {
			continue
		}
		callee := pk.funcs[fn]
		if callee == nil || callee == fc {
			continue
		}
		// The helper's keys, with its parameters standing for this call's
		// arguments.
		s := genericShaper(callee.info, callee.decl)
		for i, p := range declParams(callee.info, callee.decl) {
			if p == nil || i >= len(call.Args) || fn.Signature().Variadic() && i == len(declParams(callee.info, callee.decl))-1 {
				continue
			}
			if sh, ok := ids.of(call.Args[i]); ok {
				s.params[p] = sh
			} else {
				delete(s.params, p)
			}
		}
		for _, c := range callee.cmds {
			if c.name != "SET" || c.nx && (pk.seeds(callee, c) || !callee.returnsResult(c)) {
				continue
			}
			if sh, ok := s.keyShape(c); ok {
				steps = append(steps, step{at: call, cmd: c, nx: c.nx, key: sh.text, via: true, owner: callee})
			}
		}
	}
	if len(steps) == 0 {
		return
	}
	for _, c := range fc.cmds {
		if c.name == "SET" {
			if sh, ok := ids.keyShape(c); ok {
				steps = append(steps, step{at: c.call, cmd: c, nx: c.nx, key: sh.text, owner: fc})
			}
		}
	}
	for _, a := range steps {
		if !a.nx {
			continue
		}
		for _, b := range steps {
			if b.nx || !a.via && !b.via || b.at.Pos() <= a.at.End() || a.key != b.key {
				continue
			}
			if fc.workBetween(a.at, b.at) && !fc.backedByDatabase() && !a.owner.backedByDatabase() {
				at(a.owner, a.cmd, msgMarker,
					analysis.RelatedInformation{Pos: a.at.Pos(), Message: "the key is taken in " + fc.decl.Name.Name + ", which works and then sets it again"},
					analysis.RelatedInformation{Pos: b.cmd.call.Pos(), Message: "the final SET, in " + b.owner.decl.Name.Name})
			}
		}
	}
}

// returnsResult reports whether an NX command's result is returned to the
// caller, which decides on it (return l.rdb.SetNX(...).Result()).
func (fc *funcCommands) returnsResult(c *command) bool {
	var n ast.Node = c.call
	for {
		switch p := fc.parents[n].(type) {
		case *ast.CallExpr, *ast.ParenExpr:
			n = p
		case *ast.SelectorExpr:
			if p.Sel.Name == c.errMethod && c.bool {
				return false // SetNX(...).Err() is nil whether or not the key was taken
			}
			n = p
		case *ast.ReturnStmt:
			return true
		default:
			return !fc.ignored(c)
		}
	}
}

// checkThenExpire reports an EXPIRE or a DEL of a key whose GET value was
// compared with an owner token first: between the two commands the lock
// can expire and be taken by another holder, whose lock the EXPIRE then
// extends or the DEL deletes.
func (fc *funcCommands) checkThenExpire(read *command, isLock func(*command) bool, at reporter) {
	if read.name != "GET" {
		return
	}
	outcome := astutil.ResultVars(fc.info, fc.parents, read.call, nil)
	for _, c := range fc.cmds {
		if c.name != "EXPIRE" && c.name != "DEL" || c.call.Pos() < read.call.Pos() || !fc.sameKeyAs(read, c) {
			continue
		}
		msg := msgExtend
		if c.name == "DEL" {
			if !isLock(c) {
				continue // a one-time code consumed: GET, compare, DEL
			}
			msg = msgUnlockGet
		}
		for _, d := range astutil.Decisions(fc.info, fc.parents, read.call, outcome, c.call) {
			if fc.comparesOwner(d.Test, read, outcome) {
				at(fc, c, msg)
				break
			}
		}
	}
}

// comparesOwner reports whether test compares the value a GET read with
// something that is not a constant or a "missing" sentinel (cur != token).
func (fc *funcCommands) comparesOwner(test ast.Expr, read *command, outcome map[types.Object]bool) bool {
	found := false
	ast.Inspect(test, func(n ast.Node) bool {
		b, ok := n.(*ast.BinaryExpr)
		if !ok || found || b.Op != token.EQL && b.Op != token.NEQ {
			return !found
		}
		for _, pair := range [][2]ast.Expr{{b.X, b.Y}, {b.Y, b.X}} {
			if astutil.Mentions(fc.info, pair[0], outcome, read.call) && !isErrorValue(fc.info, pair[0]) && fc.ownerValue(pair[1]) {
				found = true
			}
		}
		return !found
	})
	return found
}

func isErrorValue(info *types.Info, e ast.Expr) bool {
	t := info.TypeOf(e)
	return t != nil && types.Identical(t, types.Universe.Lookup("error").Type())
}

// ownerValue reports whether e may be an owner token: not a constant, not
// nil, not redis.Nil.
func (fc *funcCommands) ownerValue(e ast.Expr) bool {
	if tv, ok := fc.info.Types[e]; !ok || tv.Value != nil || tv.IsNil() {
		return false
	}
	if sel, ok := ast.Unparen(e).(*ast.SelectorExpr); ok && strings.HasSuffix(sel.Sel.Name, "Nil") {
		return false
	}
	return true
}

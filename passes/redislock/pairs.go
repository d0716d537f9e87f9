package redislock

import (
	"fmt"
	"go/ast"
	"go/types"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/idemlint/idemlint/passes/internal/ifaces"
)

// keyParamFact says what a function does with a key it is given: a
// generic lock wrapper (TryLock(ctx, key, token) returning SetNX's result,
// Unlock(ctx, key) doing a plain DEL of it) names no key family of its
// own, so only a caller that hands both the same key shows they are a lock
// and its unlock. Exported so the caller may be in another package.
type keyParamFact struct {
	NX  int // the parameter an NX command with a decided result takes as key, or -1
	Del int // the parameter a plain DEL takes as key, or -1
}

func (*keyParamFact) AFact() {}

func (f *keyParamFact) String() string { return fmt.Sprintf("key params nx=%d del=%d", f.NX, f.Del) }

// paramIndex returns the index of the parameter e is, or -1.
func paramIndex(fc *funcCommands, e ast.Expr) int {
	id, ok := ast.Unparen(e).(*ast.Ident)
	if !ok {
		return -1
	}
	for i, p := range declParams(fc.info, fc.decl) {
		if p != nil && fc.info.Uses[id] == p {
			return i
		}
	}
	return -1
}

// keyParams computes fc's fact: a DEL counts only in a function that does
// not read the key first (a GET owner check is checkThenExpire's).
func keyParams(fc *funcCommands) *keyParamFact {
	f := &keyParamFact{NX: -1, Del: -1}
	for _, c := range fc.cmds {
		if len(c.keys) == 0 {
			continue
		}
		switch {
		case c.nx && !fc.quiet(c) && c.ttl != ttlNone:
			f.NX = paramIndex(fc, c.keys[0])
		case c.name == "DEL" && len(c.keys) == 1:
			f.Del = paramIndex(fc, c.keys[0])
		case c.name == "GET" || c.name == "EVAL":
			return &keyParamFact{NX: -1, Del: -1}
		}
	}
	return f
}

// exportKeyParams exports the facts of the package's functions, and of
// the interface methods they alone implement.
func exportKeyParams(pass *analysis.Pass, funcs []*funcCommands, impls *ifaces.Resolver) {
	for _, fc := range funcs {
		fn, ok := pass.TypesInfo.Defs[fc.decl.Name].(*types.Func)
		if !ok {
			continue
		}
		if f := keyParams(fc); (f.NX >= 0) != (f.Del >= 0) { // a wrapper does one of the two
			pass.ExportObjectFact(fn, f)
			for _, m := range impls.Stands(pass.Pkg, fn) {
				pass.ExportObjectFact(m, f)
			}
		}
	}
}

// pairedUnlocks reports, in every function of the package, a call of a
// plain-DEL helper given the key an NX helper called before it took: the
// helper releases the lock without checking its owner. Reported at the
// DEL when the helper is in this package, else at the call.
func pairedUnlocks(pass *analysis.Pass, funcs []*funcCommands, local map[*types.Func]*funcCommands, impls *ifaces.Resolver, at reporter) {
	for _, fc := range funcs {
		type taken struct {
			call *ast.CallExpr
			key  ast.Expr
			fn   *types.Func
		}
		var locks []taken
		dels := directDels(fc)
		for n, fn := range fc.index.All(fc.body) {
			call, ok := n.(*ast.CallExpr)
			if !ok || fn == nil {
				continue
			}
			if del := dels[call]; del != nil {
				for _, l := range locks {
					if sameKey(fc.info, fc.decl, l.key, del.keys[0]) {
						at(fc, del, msgUnlock, analysis.RelatedInformation{Pos: l.call.Pos(), Message: "the lock is taken here, by " + l.fn.Name()})
						break
					}
				}
				continue
			}
			if impl := impls.SoleImplementation(fn); impl != nil {
				fn = impl // a Locker interface whose one implementation is beside it
			}
			var f keyParamFact
			if !pass.ImportObjectFact(fn, &f) {
				continue
			}
			if f.NX >= 0 && f.NX < len(call.Args) {
				locks = append(locks, taken{call, call.Args[f.NX], fn})
			}
			if f.Del < 0 || f.Del >= len(call.Args) {
				continue
			}
			for _, l := range locks {
				if l.fn == fn || !sameKey(fc.info, fc.decl, l.key, call.Args[f.Del]) {
					continue
				}
				msg := strings.Replace(msgUnlock, unlockPrefix, unlockPrefix+" in "+fn.Name()+", given the key "+l.fn.Name()+" took,", 1)
				if helper := local[fn]; helper != nil {
					for _, c := range helper.cmds {
						if c.name == "DEL" {
							at(helper, c, msg, analysis.RelatedInformation{Pos: call.Pos(), Message: "the lock taken by " + l.fn.Name() + " is released here, in " + fc.decl.Name.Name})
						}
					}
				} else {
					at(fc, &command{call: call}, msg, analysis.RelatedInformation{Pos: l.call.Pos(), Message: "the lock is taken here, by " + l.fn.Name()})
				}
				break
			}
		}
	}
}

// directDels returns fc's own plain DELs of one key, by call, which
// pairedUnlocks pairs with the key an NX helper called before took: a lock
// taken by l.TryLock(ctx, lockKey(id)) and dropped by rdb.Del(ctx,
// lockKey(id)). A function that also reads or scripts the key checks the
// owner in a way this pairing does not judge, so its DELs are left out.
func directDels(fc *funcCommands) map[*ast.CallExpr]*command {
	dels := map[*ast.CallExpr]*command{}
	for _, c := range fc.cmds {
		if c.name == "DEL" && len(c.keys) == 1 {
			dels[c.call] = c
		}
	}
	for _, c := range fc.cmds {
		if c.name != "GET" && c.name != "EVAL" {
			continue
		}
		for call, del := range dels {
			for _, k := range c.keys {
				if sameKey(fc.info, fc.decl, k, del.keys[0]) {
					delete(dels, call)
				}
			}
		}
	}
	return dels
}

// hasKeyParamFacts reports whether a package this one depends on has lock
// helpers taking keys as parameters, whose calls pairedUnlocks and
// helperKeyRaces pair.
func hasKeyParamFacts(pass *analysis.Pass) bool {
	for _, f := range pass.AllObjectFacts() {
		switch f.Fact.(type) {
		case *keyParamFact, *keyCmdFact:
			return true
		}
	}
	return false
}

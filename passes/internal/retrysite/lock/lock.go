// Package lock decides which calls try to take a lock and say in a
// boolean result whether they took it, so that a loop that goes round
// while that boolean is false retries the acquisition (RULES.md: waiting
// for a lock is a retry) while any other boolean "not yet" is a poll's
// answer. It learns the functions of the program that hand such a result
// on and exports them as site.LockFact; how a loop uses the answer is
// retrysite's (loop.go).
package lock

import (
	"github.com/idemlint/idemlint/passes/internal/astutil"
	"go/ast"
	"go/types"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/idemlint/idemlint/passes/internal/libs"
	"github.com/idemlint/idemlint/passes/internal/retrysite/site"
)

// Locks knows which calls try to take a lock and say in a boolean result
// whether they took it: go-redis' SetNX(...).Result(), a TryLock-style
// method out of sight (libs.LockMethods), and the functions of the program
// that hand such a result on (site.LockFact), including those that take a
// lock file by creating it with O_EXCL. A loop's boolean "not yet" is the
// failure of a retry only when it says a lock was not taken; any other is
// a poll's answer (retrysite, loop.go, collectOps).
type Locks struct {
	pass  *analysis.Pass
	info  *types.Info
	local map[*types.Func]int
}

// New returns the Locks of the package of pass, to be learned from its
// files (Learn).
func New(pass *analysis.Pass) *Locks {
	return &Locks{pass: pass, info: pass.TypesInfo, local: map[*types.Func]int{}}
}

// Result returns the index of call's boolean result that says whether a
// lock was taken, or -1.
func (l *Locks) Result(call *ast.CallExpr) int {
	sel, isSel := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if isSel && (sel.Sel.Name == "Result" || sel.Sel.Name == "Val") {
		// rdb.SetNX(ctx, key, v, ttl).Result()
		if inner, ok := ast.Unparen(sel.X).(*ast.CallExpr); ok {
			if c, ok := libs.RedisCommands.Lookup(libs.Callee(l.info, inner)); ok && c.Cmd == "SETNX" {
				return 0
			}
		}
	}
	fn := libs.Callee(l.info, call)
	if fn == nil {
		return -1
	}
	if i, ok := l.local[fn]; ok {
		return i
	}
	var f site.LockFact
	if fn.Pkg() != l.pass.Pkg && l.pass.ImportObjectFact(fn, &f) {
		return f.Result
	}
	if isSel && libs.LockMethods[fn.Name()] || l.swapsFromEmpty(call, fn) {
		return firstBool(fn.Signature().Results())
	}
	return -1
}

// swapsFromEmpty reports whether call is a remote compare-and-swap from
// the empty value (c.LockCompareAndSwap(ctx, key, "", token), an etcd or
// Consul CAS): it takes a lock when nobody holds it, and says by its
// boolean result whether it did. One that can fail as a call (it returns
// an error too) is a request to a store; an in-process atomic's spin is
// not judged here.
func (l *Locks) swapsFromEmpty(call *ast.CallExpr, fn *types.Func) bool {
	name := fn.Name()
	if !strings.HasSuffix(name, "CompareAndSwap") && !strings.HasSuffix(name, "CompareAndSet") && name != "CAS" {
		return false
	}
	res := fn.Signature().Results()
	if firstBool(res) < 0 || !site.IsErrorType(res.At(res.Len()-1).Type()) {
		return false
	}
	for _, a := range call.Args {
		if astutil.IsZeroValue(l.info, a) {
			return true
		}
	}
	return false
}

func firstBool(res *types.Tuple) int {
	for i := range res.Len() {
		if site.IsBool(res.At(i).Type()) {
			return i
		}
	}
	return -1
}

// Learn finds the package's functions that hand a lock's result on, until
// no more are found (one may call another declared later), and exports
// their facts.
func (l *Locks) Learn(files []*ast.File) {
	for range 4 {
		changed := false
		for _, file := range files {
			for _, d := range file.Decls {
				fd, ok := d.(*ast.FuncDecl)
				if !ok || fd.Body == nil {
					continue
				}
				fn, ok := l.info.Defs[fd.Name].(*types.Func)
				if !ok {
					continue
				}
				if _, known := l.local[fn]; known {
					continue
				}
				if i := l.handsOn(fd, fn.Signature().Results()); i >= 0 {
					l.local[fn] = i
					changed = true
				}
			}
		}
		if !changed {
			break
		}
	}
	for fn, i := range l.local {
		l.pass.ExportObjectFact(fn, &site.LockFact{Result: i})
	}
}

// handsOn returns the index of fd's boolean result that returns a lock's
// result, or -1: a variable returned there (a named result included) is
// assigned a lock call's boolean, or the call is returned as it is; or fd
// creates a file with O_EXCL and has one boolean result.
func (l *Locks) handsOn(fd *ast.FuncDecl, res *types.Tuple) int {
	bools := 0
	for i := range res.Len() {
		if site.IsBool(res.At(i).Type()) {
			bools++
		}
	}
	if bools == 0 {
		return -1
	}
	lockVars := map[types.Object]bool{} // variables holding a lock's result
	found, excl := -1, false
	ast.Inspect(fd.Body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.AssignStmt:
			if len(n.Rhs) != 1 {
				return true
			}
			if call, ok := ast.Unparen(n.Rhs[0]).(*ast.CallExpr); ok {
				if i := l.Result(call); i >= 0 && i < len(n.Lhs) {
					if id, ok := n.Lhs[i].(*ast.Ident); ok && id.Name != "_" {
						lockVars[l.info.ObjectOf(id)] = true
					}
				}
			}
		case *ast.CallExpr:
			if l.createsExclusive(n) {
				excl = true
			}
		}
		return true
	})
	ast.Inspect(fd.Body, func(n ast.Node) bool {
		if _, lit := n.(*ast.FuncLit); lit || found >= 0 {
			return false
		}
		ret, ok := n.(*ast.ReturnStmt)
		if !ok {
			return true
		}
		if len(ret.Results) == 1 && res.Len() > 1 {
			if call, ok := ast.Unparen(ret.Results[0]).(*ast.CallExpr); ok {
				found = l.Result(call) // return rdb.SetNX(...).Result()
			}
			return false
		}
		for i := range res.Len() {
			if !site.IsBool(res.At(i).Type()) {
				continue
			}
			var obj types.Object = res.At(i) // a bare return of named results
			if len(ret.Results) == res.Len() {
				id, ok := ast.Unparen(ret.Results[i]).(*ast.Ident)
				if !ok {
					continue
				}
				obj = l.info.ObjectOf(id)
			}
			if lockVars[obj] {
				found = i
			}
		}
		return false
	})
	if found < 0 && excl && bools == 1 {
		found = firstBool(res)
	}
	return found
}

// createsExclusive reports whether call opens a file with a flag that
// fails when it exists (os.OpenFile(path, os.O_CREATE|os.O_EXCL, 0o600)).
func (l *Locks) createsExclusive(call *ast.CallExpr) bool {
	if fn := libs.Callee(l.info, call); fn == nil || fn.Pkg() == nil || fn.Name() != "OpenFile" && fn.Name() != "Open" {
		return false
	}
	excl := false
	for _, a := range call.Args {
		ast.Inspect(a, func(n ast.Node) bool {
			if id, ok := n.(*ast.Ident); ok {
				if _, ok := libs.ExclusiveCreateFlags.LookupObject(l.info.Uses[id]); ok {
					excl = true
				}
			}
			return !excl
		})
	}
	return excl
}

package selectinsert

import (
	"go/ast"
	"go/constant"
	"go/types"
	"regexp"

	"github.com/idemlint/idemlint/passes/internal/bodies"
)

// LockFact marks a function that takes an exclusive advisory lock
// (pg_advisory_xact_lock, MySQL GET_LOCK, sp_getapplock): a lock helper
// such as lockKey(ctx, tx, email).
type LockFact struct{}

func (*LockFact) AFact()         {}
func (*LockFact) String() string { return "takes an advisory lock" }

// advisoryLock matches the SQL functions that take an exclusive advisory
// lock. The shared variants (pg_advisory_lock_shared) let two holders in
// at once, so they do not serialize a check-then-insert.
var advisoryLock = regexp.MustCompile(`(?i)\b(pg_(try_)?advisory(_xact)?_lock|get_lock|sp_getapplock)\b\s*\(`)

// holdsLock reports whether the function b holds takes an exclusive
// advisory lock, in its own SQL or through a helper that runs that SQL
// (LockFact): twins of a check-then-insert that take the same lock first
// run one after the other, so the second sees the first's row.
func (g *guards) holdsLock(b *bodies.Body) bool {
	for x, fn := range g.index.All(b) {
		if _, ok := x.(*ast.CallExpr); ok && fn != nil && (g.locks[fn] || fn.Pkg() != g.pass.Pkg && g.pass.ImportObjectFact(fn, new(LockFact))) {
			return true
		}
	}
	return g.locksItself(b)
}

// locksItself reports whether b's own SQL text takes an advisory lock.
func (g *guards) locksItself(b *bodies.Body) bool {
	for x := range g.index.All(b) {
		if lit, ok := x.(*ast.BasicLit); ok {
			if tv, ok := g.pass.TypesInfo.Types[lit]; ok && tv.Value != nil && tv.Value.Kind() == constant.String && advisoryLock.MatchString(constant.StringVal(tv.Value)) {
				return true
			}
		}
	}
	return false
}

// learnLocks exports a LockFact for the functions whose own SQL takes an
// advisory lock (one level: a lock helper), and notes them in g.locks.
func (g *guards) learnLocks() {
	g.locks = map[*types.Func]bool{}
	for _, d := range g.index.Decls() {
		if g.locksItself(d) {
			g.locks[d.Func] = true
			g.pass.ExportObjectFact(d.Func, &LockFact{})
		}
	}
}

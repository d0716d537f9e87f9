package selectinsert

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"slices"

	"golang.org/x/tools/go/analysis"

	"github.com/idemlint/idemlint/passes/internal/bodies"
	"github.com/idemlint/idemlint/passes/internal/libs"
	"github.com/idemlint/idemlint/passes/internal/sqltext"
)

// guards finds what makes a check-then-insert safe in a function: telling
// a unique violation apart, or a serializable transaction. The identifiers
// naming one are found once per package, from the uses the type checker
// recorded; the rest is read from the bodies index.
type guards struct {
	pass  *analysis.Pass
	index *bodies.Index
	// unique and serial are the positions of the identifiers that name a
	// unique violation (pgerrcode.UniqueViolation) and a serializable
	// isolation level (sql.LevelSerializable), sorted.
	unique, serial []token.Pos
	// local holds the functions of the package that tell a unique
	// violation apart.
	local map[*types.Func]bool
	// locks holds the functions of the package that take an advisory
	// lock (learnLocks).
	locks map[*types.Func]bool
}

func newGuards(pass *analysis.Pass, index *bodies.Index) *guards {
	g := &guards{pass: pass, index: index, local: map[*types.Func]bool{}}
	for id, obj := range pass.TypesInfo.Uses {
		if _, ok := libs.UniqueViolationObjects.LookupObject(obj); ok {
			g.unique = append(g.unique, id.Pos())
		}
		if _, ok := libs.SerializableObjects.LookupObject(obj); ok {
			g.serial = append(g.serial, id.Pos())
		}
	}
	slices.Sort(g.unique)
	slices.Sort(g.serial)
	return g
}

// within reports whether one of the sorted positions lies in n.
func within(pos []token.Pos, n ast.Node) bool {
	i, _ := slices.BinarySearch(pos, n.Pos())
	return i < len(pos) && pos[i] < n.End()
}

// detectsUnique reports whether n (a function b holds, or b's block)
// tells a unique violation apart: a constant naming one (23505,
// unique_violation, "duplicate key"...), MySQL's 1062 compared, a named
// value denoting one, or a call of a function that does (UniqueCheckFact).
func (g *guards) detectsUnique(b *bodies.Body, n ast.Node) bool {
	if within(g.unique, n) {
		return true
	}
	pass := g.pass
	for x, fn := range g.index.All(b) {
		switch x := x.(type) {
		case *ast.BasicLit:
			if x.Kind == token.STRING && sqltext.MentionsUniqueViolation(x.Value) {
				return true
			}
		case *ast.BinaryExpr:
			for _, side := range []ast.Expr{x.X, x.Y} {
				if tv, ok := pass.TypesInfo.Types[side]; ok && tv.Value != nil && tv.Value.Kind() == constant.Int {
					if v, ok := constant.Int64Val(tv.Value); ok && v == 1062 {
						return true
					}
				}
			}
		case *ast.CallExpr:
			if fn != nil && (g.local[fn] || fn.Pkg() != pass.Pkg && pass.ImportObjectFact(fn, new(UniqueCheckFact))) {
				return true
			}
		}
	}
	return false
}

// serializable reports whether n opens a serializable transaction.
func (g *guards) serializable(n ast.Node) bool {
	return within(g.serial, n)
}

package retrysite

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"

	"github.com/idemlint/idemlint/passes/internal/astutil"
	"github.com/idemlint/idemlint/passes/internal/libs"
	"github.com/idemlint/idemlint/passes/internal/sqltext"
)

// resolvesCollisions reports whether a loop that goes round only on a
// uniqueness conflict (a 409, a unique violation, a name that exists)
// tries a new candidate each round (a random ID, the next name): collision
// resolution, which RULES.md says is not a retry loop.
//
//	for {
//		id := newID()
//		if err := insert(id); errors.Is(err, gorm.ErrDuplicatedKey) {
//			continue
//		}
//		...
//	}
func resolvesCollisions(info *types.Info, s *Site, loop ast.Stmt) bool {
	if len(s.RetryTests) == 0 {
		return false
	}
	for _, t := range s.RetryTests {
		if !conflictTest(info, t) {
			return false
		}
	}
	return drawsCandidate(info, loop, s.Op.Body)
}

// conflictTest reports whether a failure test asks about a uniqueness
// conflict: os.IsExist, an error of libs.ConflictErrors, a constant that
// names a unique violation (23505, "duplicate key", MySQL's 1062) or the
// 409 status.
func conflictTest(info *types.Info, test ast.Expr) bool {
	return astutil.Some(test, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.CallExpr:
			_, ok := libs.LostRaceTests.Lookup(libs.Callee(info, n))
			return ok
		case *ast.Ident:
			_, ok := libs.ConflictErrors.LookupObject(info.Uses[n])
			return ok
		case *ast.BasicLit:
			return n.Kind == token.STRING && sqltext.MentionsUniqueViolation(n.Value)
		case *ast.BinaryExpr:
			for _, side := range []ast.Expr{n.X, n.Y} {
				if tv, ok := info.Types[side]; ok && tv.Value != nil && tv.Value.Kind() == constant.Int {
					if v, ok := constant.Int64Val(tv.Value); ok && (v == 409 || v == 1062) {
						return true
					}
				}
			}
		}
		return false
	})
}

// drawsCandidate reports whether each round makes a new value that a call
// of the body is given: a random or fresh value (uuid, rand, the clock)
// assigned in the body, or the loop's own counter.
func drawsCandidate(info *types.Info, loop ast.Stmt, body *ast.BlockStmt) bool {
	fresh := map[types.Object]bool{}
	if f, ok := loop.(*ast.ForStmt); ok && f.Post != nil {
		if inc, ok := f.Post.(*ast.IncDecStmt); ok {
			if id, ok := ast.Unparen(inc.X).(*ast.Ident); ok {
				fresh[info.ObjectOf(id)] = true // name + strconv.Itoa(i)
			}
		}
	}
	ast.Inspect(body, func(n ast.Node) bool {
		as, ok := n.(*ast.AssignStmt)
		if !ok || len(as.Lhs) != len(as.Rhs) {
			return true
		}
		for i, r := range as.Rhs {
			makes := astutil.Some(r, func(m ast.Node) bool {
				call, ok := m.(*ast.CallExpr)
				if !ok {
					return false
				}
				fn := libs.Callee(info, call)
				return libs.MakesFreshValue(fn) || libs.IsRandom(fn)
			})
			if id, ok := as.Lhs[i].(*ast.Ident); ok && makes {
				fresh[info.ObjectOf(id)] = true
			}
		}
		return true
	})
	if len(fresh) == 0 {
		return false
	}
	return astutil.Some(body, func(n ast.Node) bool {
		call, ok := n.(*ast.CallExpr)
		if !ok {
			return false
		}
		for _, a := range call.Args {
			if astutil.Some(a, func(m ast.Node) bool {
				id, ok := m.(*ast.Ident)
				return ok && fresh[info.ObjectOf(id)]
			}) {
				return true
			}
		}
		return false
	})
}

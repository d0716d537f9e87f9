package retrysite

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"

	"github.com/idemlint/idemlint/passes/internal/astutil"
	"github.com/idemlint/idemlint/passes/internal/libs"
	"github.com/idemlint/idemlint/passes/internal/retrysite/site"
	"github.com/idemlint/idemlint/passes/internal/retrysite/status"
)

// A failure record is a variable the attempts write only after a failure:
// a slice of the items whose send failed, or a flag set to true. A batch
// sender that resends what failed tests it instead of an error:
//
//	retry:
//		var failed []string
//		for _, t := range tokens {
//			if res, err := send(ctx, t); err != nil || res.StatusCode >= 500 {
//				failed = append(failed, t)
//			}
//		}
//		if len(failed) > 0 && attempt < max {
//			attempt++
//			tokens = failed
//			goto retry
//		}
//
// The test of the record is a failure test whose failure is the one that
// wrote it: failedRecordTest answers with that write's own test.

// failureRecordTest reports whether cond (or an operand of its &&) asks
// whether list recorded a failure, and returns the failure test under
// which the record is written, and whether that test's false side is the
// failure (the write is in its else).
func failureRecordTest(info *types.Info, list []ast.Stmt, cond ast.Expr, returners map[*types.Func]recordReturn) (guard ast.Expr, onFalse, ok bool) {
	e := ast.Unparen(cond)
	if b, isBin := e.(*ast.BinaryExpr); isBin && b.Op == token.LAND {
		if guard, onFalse, ok = failureRecordTest(info, list, b.X, returners); ok {
			return guard, onFalse, ok
		}
		return failureRecordTest(info, list, b.Y, returners)
	}
	v := recordOf(info, e)
	if v == nil {
		return nil, false, false
	}
	return recordGuard(info, list, v, returners)
}

// recordTest reports whether e tests whether list recorded a failure, and
// whether its true side is the failure: len(failed) > 0 and a flag are,
// len(failed) == 0 and !flag are on their false side.
func recordTest(info *types.Info, list []ast.Stmt, e ast.Expr) (failedIfTrue, ok bool) {
	e = ast.Unparen(e)
	if u, isNot := e.(*ast.UnaryExpr); isNot && u.Op == token.NOT {
		t, ok := recordTest(info, list, u.X)
		return !t, ok
	}
	failedIfTrue = true
	if b, isBin := e.(*ast.BinaryExpr); isBin && b.Op == token.EQL && isZeroConst(info, b.Y) {
		e, failedIfTrue = &ast.BinaryExpr{X: b.X, Op: token.NEQ, Y: b.Y}, false
	}
	v := recordOf(info, e)
	if v == nil {
		return false, false
	}
	if _, _, ok = recordGuard(info, list, v, nil); !ok {
		ok = holdsRecord(info, list, v)
	}
	return failedIfTrue, ok
}

// holdsRecord reports whether list writes v only with a failure record
// (pending = failed): for len(pending) > 0 goes round on what failed.
func holdsRecord(info *types.Info, list []ast.Stmt, v *types.Var) bool {
	writes, ok := 0, true
	for _, st := range list {
		ast.Inspect(st, func(n ast.Node) bool {
			as, isAssign := n.(*ast.AssignStmt)
			if !isAssign || !ok {
				return ok
			}
			for i, lhs := range as.Lhs {
				if !isVar(info, lhs, v) {
					continue
				}
				writes++
				if len(as.Rhs) != len(as.Lhs) || as.Tok != token.ASSIGN || !isFailureRecord(info, list, as.Rhs[i]) {
					ok = false
				}
			}
			return ok
		})
	}
	return ok && writes > 0
}

// isFailureRecord reports whether e is a variable list writes only to
// record failures.
func isFailureRecord(info *types.Info, list []ast.Stmt, e ast.Expr) bool {
	id, ok := ast.Unparen(e).(*ast.Ident)
	if !ok {
		return false
	}
	v, _ := info.Uses[id].(*types.Var)
	if v == nil {
		return false
	}
	_, _, ok = recordGuard(info, list, v, nil)
	return ok
}

// recordOf returns the variable a test of a record reads: v of len(v) > 0,
// len(v) != 0 or 0 < len(v), or a boolean v.
func recordOf(info *types.Info, e ast.Expr) *types.Var {
	if id, ok := e.(*ast.Ident); ok {
		v, _ := info.Uses[id].(*types.Var)
		if v != nil && types.Identical(v.Type().Underlying(), types.Typ[types.Bool]) {
			return v
		}
		return nil
	}
	b, ok := e.(*ast.BinaryExpr)
	if !ok {
		return nil
	}
	x, y, op := b.X, b.Y, b.Op
	if isZeroConst(info, x) {
		x, y = y, x
		switch op {
		case token.LSS:
			op = token.GTR
		case token.GTR:
			return nil
		}
	}
	if (op != token.GTR && op != token.NEQ) || !isZeroConst(info, y) {
		return nil
	}
	call, ok := ast.Unparen(x).(*ast.CallExpr)
	if !ok || len(call.Args) != 1 {
		return nil
	}
	if fn, ok := ast.Unparen(call.Fun).(*ast.Ident); !ok || info.Uses[fn] != types.Universe.Lookup("len") {
		return nil
	}
	id, ok := ast.Unparen(call.Args[0]).(*ast.Ident)
	if !ok {
		return nil
	}
	v, _ := info.Uses[id].(*types.Var)
	if v == nil {
		return nil
	}
	if _, isSlice := v.Type().Underlying().(*types.Slice); !isSlice {
		return nil
	}
	return v
}

// recordGuard returns the failure test under which list writes the record
// v, when every write of v in list other than a reset (nil, false, an
// empty literal) is such a record (v = append(v, ...), v = true) under a
// failure test, and there is one.
func recordGuard(info *types.Info, list []ast.Stmt, v *types.Var, returners map[*types.Func]recordReturn) (guard ast.Expr, onFalse, ok bool) {
	var ifs []recordBranch
	bad := false
	var visit func(n ast.Node) bool
	visit = func(n ast.Node) bool {
		if bad || n == nil {
			return false
		}
		switch n := n.(type) {
		case *ast.IfStmt:
			if n.Init != nil {
				ast.Inspect(n.Init, visit)
			}
			ast.Inspect(n.Cond, visit)
			ifs = append(ifs, recordBranch{n.Cond, false})
			ast.Inspect(n.Body, visit)
			ifs[len(ifs)-1].inElse = true
			if n.Else != nil {
				ast.Inspect(n.Else, visit)
			}
			ifs = ifs[:len(ifs)-1]
			return false
		case *ast.UnaryExpr:
			if n.Op == token.AND && isVar(info, n.X, v) {
				bad = true // its address escapes: anything may write it
			}
		case *ast.AssignStmt:
			for i, lhs := range n.Lhs {
				if !isVar(info, lhs, v) {
					continue
				}
				if len(n.Rhs) != len(n.Lhs) {
					bad = true
					return false
				}
				rhs := ast.Unparen(n.Rhs[i])
				ret, returned := returnedRecord(info, rhs, returners)
				switch {
				case returned:
					// newTokens := failedTokens(res): a function of the
					// package that returns only what failed.
					if guard == nil {
						guard, onFalse = ret.guard, ret.onFalse
					}
				case isReset(info, rhs):
				case isRecordWrite(info, rhs, v) && n.Tok == token.ASSIGN:
					g, neg, found := innermostFailure(info, ifs)
					if !found || latched(info, ifs, v) {
						bad = true
						return false
					}
					if guard == nil {
						guard, onFalse = g, neg
					}
				default:
					bad = true
					return false
				}
			}
		}
		return true
	}
	for _, st := range list {
		ast.Inspect(st, visit)
	}
	return guard, onFalse, !bad && guard != nil
}

// latched reports whether a test of ifs reads v itself: if !printed {
// ...; printed = true } writes a flag once, whatever failed, it records
// nothing.
func latched(info *types.Info, ifs []recordBranch, v *types.Var) bool {
	for _, b := range ifs {
		if astutil.Mentions(info, b.cond, map[types.Object]bool{v: true}, nil) {
			return true
		}
	}
	return false
}

// recordBranch is an if statement around a write, and the side of it the
// write is on.
type recordBranch struct {
	cond   ast.Expr
	inElse bool
}

// innermostFailure returns the test of the innermost of ifs whose side
// taken is a failure.
func innermostFailure(info *types.Info, ifs []recordBranch) (ast.Expr, bool, bool) {
	for i := len(ifs) - 1; i >= 0; i-- {
		if status.FailureTest(info, ifs[i].cond, !ifs[i].inElse) || ifs[i].inElse && expectsCode(info, ifs[i].cond) {
			return ifs[i].cond, ifs[i].inElse, true
		}
	}
	return nil, false, false
}

// expectsCode reports whether cond compares a field of a result with the
// one code that means success (res.Code == "80000000", reply.Status ==
// StatusOK): its else is every other answer, a failure. An empty or zero
// code is no success code (next == "" asks whether there is more).
func expectsCode(info *types.Info, cond ast.Expr) bool {
	b, ok := ast.Unparen(cond).(*ast.BinaryExpr)
	if !ok || b.Op != token.EQL {
		return false
	}
	x, y := ast.Unparen(b.X), ast.Unparen(b.Y)
	if _, isSel := y.(*ast.SelectorExpr); isSel && info.Types[y].Value == nil {
		x, y = y, x
	}
	if _, isSel := x.(*ast.SelectorExpr); !isSel || info.Types[x].Value != nil {
		return false
	}
	v := info.Types[y].Value
	if v == nil {
		return false
	}
	switch v.Kind() {
	case constant.String:
		return constant.StringVal(v) != ""
	case constant.Int:
		return constant.Sign(v) != 0
	}
	return false
}

// isReset reports whether e is a record's empty value: nil, false, or an
// empty slice literal.
func isReset(info *types.Info, e ast.Expr) bool {
	if site.IsNil(info, e) {
		return true
	}
	if id, ok := e.(*ast.Ident); ok && info.Uses[id] == types.Universe.Lookup("false") {
		return true
	}
	if cl, ok := e.(*ast.CompositeLit); ok && len(cl.Elts) == 0 {
		return true
	}
	return false
}

// isRecordWrite reports whether e records a failure in v: append(v, ...)
// or true.
func isRecordWrite(info *types.Info, e ast.Expr, v *types.Var) bool {
	if id, ok := e.(*ast.Ident); ok {
		return info.Uses[id] == types.Universe.Lookup("true")
	}
	call, ok := e.(*ast.CallExpr)
	if !ok || len(call.Args) < 2 {
		return false
	}
	if fn, ok := ast.Unparen(call.Fun).(*ast.Ident); !ok || info.Uses[fn] != types.Universe.Lookup("append") {
		return false
	}
	id, ok := ast.Unparen(call.Args[0]).(*ast.Ident)
	return ok && info.Uses[id] == v
}

// isZeroConst reports whether e is the constant 0.
func isZeroConst(info *types.Info, e ast.Expr) bool {
	tv, ok := info.Types[e]
	return ok && tv.Value != nil && tv.Value.String() == "0"
}

// recordReturn is the failure test under which a function of the package
// writes the failure record it returns (func failedTokens(res) []string {
// var out []string; for k, r := range res.Responses { if r.Error != nil {
// out = append(out, tokens[k]) } }; return out }).
type recordReturn struct {
	guard   ast.Expr
	onFalse bool
}

// returnedRecord returns what returners knows of the function e calls.
func returnedRecord(info *types.Info, e ast.Expr, returners map[*types.Func]recordReturn) (recordReturn, bool) {
	call, ok := e.(*ast.CallExpr)
	if !ok || returners == nil {
		return recordReturn{}, false
	}
	r, ok := returners[libs.Callee(info, call)]
	return r, ok
}

// recordReturners finds the functions of the package with one result, a
// slice, that every return gives as the same local failure record.
func (f *finder) recordReturners() map[*types.Func]recordReturn {
	if f.returners != nil {
		return f.returners
	}
	f.returners = map[*types.Func]recordReturn{}
	for _, b := range f.index.Decls() {
		fd, ok := b.Node.(*ast.FuncDecl)
		if !ok || b.Func == nil || fd.Body == nil || b.Func.Signature().Results().Len() != 1 {
			continue
		}
		if _, isSlice := b.Func.Signature().Results().At(0).Type().Underlying().(*types.Slice); !isSlice {
			continue
		}
		var v *types.Var
		same := true
		ast.Inspect(fd.Body, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.FuncLit:
				return false
			case *ast.ReturnStmt:
				if len(n.Results) != 1 { // a bare return of a named result
					same = false
					return false
				}
				id, ok := ast.Unparen(n.Results[0]).(*ast.Ident)
				if !ok {
					same = false
					return false
				}
				rv, _ := f.info.Uses[id].(*types.Var)
				if rv == nil || v != nil && rv != v {
					same = false
				}
				v = rv
			}
			return same
		})
		if !same || v == nil {
			continue
		}
		if guard, neg, ok := recordGuard(f.info, fd.Body.List, v, nil); ok {
			f.returners[b.Func] = recordReturn{guard, neg}
		}
	}
	return f.returners
}

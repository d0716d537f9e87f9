package fails

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"slices"

	"github.com/idemlint/idemlint/passes/internal/libs"
	"github.com/idemlint/idemlint/passes/internal/retrysite/site"
)

// AttemptParamFact marks the integer parameters of a function that only
// number an attempt: each use compares it (attempt >= max), scales a
// delay by it (time.Duration(attempt) * time.Second), logs it, or hands
// it to a parameter of the same kind.
//
//	for i := 1; i <= c.retries; i++ {
//		retry, err := c.do(req, i)
//
// A loop that passes its counter there sends the same request each round;
// one that passes it where it builds the request (fetch(page), create(i))
// sends a different one, which is no retry (iteration.go).
type AttemptParamFact struct{ Params []int }

func (*AttemptParamFact) AFact() {}
func (f *AttemptParamFact) String() string {
	return fmt.Sprintf("attempt number %v", f.Params)
}

// AttemptParam reports whether argument i of call lands in a parameter
// that only numbers the attempt.
func (f *Fails) AttemptParam(call *ast.CallExpr, i int) bool {
	fn := libs.Callee(f.pass.TypesInfo, call)
	if fn == nil {
		return false
	}
	return slices.Contains(f.attemptParams(fn.Origin()), i)
}

func (f *Fails) attemptParams(fn *types.Func) []int {
	if fn.Pkg() == f.pass.Pkg {
		return f.attemptParam[fn]
	}
	var fact AttemptParamFact
	if fn.Pkg() != nil && f.pass.ImportObjectFact(fn, &fact) {
		return fact.Params
	}
	return nil
}

// learnAttemptParams finds the package's attempt parameters; a parameter
// handed on to another counts once that one is known, so the walk goes
// round until nothing more is learned.
func (f *Fails) learnAttemptParams() {
	info := f.pass.TypesInfo
	for grew := true; grew; {
		grew = false
		for _, b := range f.index.Bodies {
			fd, ok := b.Node.(*ast.FuncDecl)
			if !ok || b.Func == nil || fd.Body == nil {
				continue
			}
			params := b.Func.Signature().Params()
			for i := range params.Len() {
				p := params.At(i)
				if !site.IsInteger(p.Type()) || slices.Contains(f.attemptParam[b.Func], i) || b.Func.Signature().Variadic() && i == params.Len()-1 {
					continue
				}
				if f.onlyNumbers(info, fd.Body, p) {
					f.attemptParam[b.Func] = append(f.attemptParam[b.Func], i)
					grew = true
				}
			}
		}
	}
	for fn, params := range f.attemptParam {
		f.pass.ExportObjectFact(fn, &AttemptParamFact{Params: params})
	}
}

// onlyNumbers reports whether every use of p in body only numbers an
// attempt, and there is one.
func (f *Fails) onlyNumbers(info *types.Info, body *ast.BlockStmt, p *types.Var) bool {
	used, ok := false, true
	ast.PreorderStack(body, nil, func(n ast.Node, stack []ast.Node) bool {
		id, isID := n.(*ast.Ident)
		if !ok || !isID || info.Uses[id] != p {
			return ok
		}
		used = true
		ok = f.numbers(info, id, stack)
		return ok
	})
	return used && ok
}

// numbers reports whether the use e, under stack (innermost last), only
// numbers an attempt.
func (f *Fails) numbers(info *types.Info, e ast.Expr, stack []ast.Node) bool {
	for i := len(stack) - 1; i >= 0; i-- {
		switch parent := stack[i].(type) {
		case *ast.ParenExpr:
			e = parent
			continue
		case *ast.IncDecStmt:
			return true // attempt++
		case *ast.BinaryExpr:
			switch parent.Op {
			case token.EQL, token.NEQ, token.LSS, token.LEQ, token.GTR, token.GEQ:
				return true
			}
			if libs.IsNamed(info.TypeOf(parent), "time", "Duration") {
				return true // backoff * time.Duration(attempt)
			}
			e = parent
			continue
		case *ast.CallExpr:
			if slices.Contains(parent.Args, e) {
				if tv, ok := info.Types[parent.Fun]; ok && tv.IsType() {
					if libs.IsNamed(tv.Type, "time", "Duration") {
						return true // time.Duration(attempt) * time.Second
					}
					e = parent
					continue // float64(attempt)
				}
				return f.numberedBy(info, parent, e, stack[:i])
			}
			return false
		}
		return false
	}
	return false
}

// numberedBy reports whether call takes e where an attempt number goes:
// a parameter known to number attempts, or a log statement's arguments.
func (f *Fails) numberedBy(info *types.Info, call *ast.CallExpr, e ast.Expr, outer []ast.Node) bool {
	fn := libs.Callee(info, call)
	if fn == nil {
		return false
	}
	j := slices.Index(call.Args, e)
	if slices.Contains(f.attemptParams(fn.Origin()), j) {
		return true
	}
	// req.Header.Set("X-Attempt", strconv.Itoa(attempt)): the header
	// tells the server which attempt of the same request this is.
	if name, ok := libs.HeaderSetters.Lookup(fn); ok && j == name+1 {
		return true
	}
	if formatsNumber(fn) && len(outer) > 0 {
		if up, ok := outer[len(outer)-1].(*ast.CallExpr); ok && slices.Contains(up.Args, ast.Expr(call)) {
			return f.numberedBy(info, up, call, outer[:len(outer)-1])
		}
	}
	// log.Printf("attempt %d", attempt): a call whose results nothing
	// takes, with a ...any parameter.
	if len(outer) == 0 {
		return false
	}
	_, stmt := outer[len(outer)-1].(*ast.ExprStmt)
	sig := fn.Signature()
	if !stmt || !sig.Variadic() || j < sig.Params().Len()-1 {
		return false
	}
	last := sig.Params().At(sig.Params().Len() - 1).Type().(*types.Slice)
	return types.IsInterface(last.Elem())
}

// formatsNumber reports whether fn only spells a number as text
// (strconv.Itoa(attempt)), which then numbers what it is put in.
func formatsNumber(fn *types.Func) bool {
	if fn.Pkg() == nil || fn.Pkg().Path() != "strconv" {
		return false
	}
	switch fn.Name() {
	case "Itoa", "FormatInt", "FormatUint":
		return true
	}
	return false
}

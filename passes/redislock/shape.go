package redislock

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"strings"

	"github.com/idemlint/idemlint/passes/internal/astutil"
	"github.com/idemlint/idemlint/passes/internal/libs"
)

// A shaper renders how a key is built, so that keys built the same way in
// two functions compare equal as strings: constants by value, a field by
// its declaration, a package variable by name, a call of a function
// (lockKey(id), fmt.Sprintf) by the function and its arguments, a
// concatenation by its parts, a local variable assigned once by its value.
// A parameter is rendered by params: by its type when two functions are
// compared ("lock:"+key in TryLock and in Unlock), or by the argument a
// caller passes when a helper's key is seen from the call.
type shaper struct {
	info   *types.Info
	decl   *ast.FuncDecl
	params map[types.Object]shape

	// rendering holds the locals being rendered through their value: one
	// assigned once from itself (var k string; k = "lock:" + k) leads back.
	rendering map[*types.Var]bool
}

// shape is a rendered key; anchored says it holds something more than
// parameters (a constant, a field, a function), so that equal renderings
// name the same key family rather than "whatever the caller passed".
type shape struct {
	text     string
	anchored bool
}

// genericShaper renders fd's parameters by their types.
func genericShaper(info *types.Info, fd *ast.FuncDecl) *shaper {
	s := &shaper{info: info, decl: fd, params: map[types.Object]shape{}}
	for _, p := range declParams(info, fd) {
		if p != nil {
			s.params[p] = shape{text: "$" + p.Type().String()}
		}
	}
	return s
}

// identityShaper renders fd's parameters as themselves: two arguments are
// equal when they are the same variable.
func identityShaper(info *types.Info, fd *ast.FuncDecl) *shaper {
	s := &shaper{info: info, decl: fd, params: map[types.Object]shape{}}
	for _, p := range declParams(info, fd) {
		if p != nil {
			s.params[p] = shape{text: fmt.Sprintf("v%p", p)}
		}
	}
	return s
}

// declParams lists fd's parameters in order (nil for unnamed ones).
func declParams(info *types.Info, fd *ast.FuncDecl) []types.Object {
	var out []types.Object
	for _, f := range fd.Type.Params.List {
		if len(f.Names) == 0 {
			out = append(out, nil)
		}
		for _, n := range f.Names {
			out = append(out, info.Defs[n])
		}
	}
	return out
}

func (s *shaper) of(e ast.Expr) (shape, bool) { return s.render(e, 0) }

func (s *shaper) render(e ast.Expr, depth int) (shape, bool) {
	if e == nil || depth > 8 {
		return shape{}, false
	}
	e = ast.Unparen(e)
	if tv, ok := s.info.Types[e]; ok && tv.Value != nil {
		return shape{text: tv.Value.ExactString(), anchored: true}, true
	}
	switch x := e.(type) {
	case *ast.Ident:
		obj := s.info.Uses[x]
		if p, ok := s.params[obj]; ok {
			return p, true
		}
		v, ok := obj.(*types.Var)
		if !ok || v.Pkg() == nil {
			return shape{}, false
		}
		if v.Parent() == v.Pkg().Scope() {
			return shape{text: "g:" + v.Pkg().Path() + "." + v.Name(), anchored: true}, true
		}
		if defs := astutil.Assignments(s.info, s.decl, v); len(defs) == 1 && !s.rendering[v] {
			if _, multi := s.info.TypeOf(defs[0]).(*types.Tuple); !multi {
				if s.rendering == nil {
					s.rendering = map[*types.Var]bool{}
				}
				s.rendering[v] = true
				defer delete(s.rendering, v)
				return s.render(defs[0], depth+1)
			}
		}
	case *ast.SelectorExpr:
		if v, ok := s.info.ObjectOf(x.Sel).(*types.Var); ok && v.Pkg() != nil {
			if v.IsField() {
				return shape{text: fmt.Sprintf("f%p", v), anchored: true}, true
			}
			return shape{text: "g:" + v.Pkg().Path() + "." + v.Name(), anchored: true}, true
		}
	case *ast.CallExpr:
		if tv, ok := s.info.Types[x.Fun]; ok && tv.IsType() && len(x.Args) == 1 {
			return s.render(x.Args[0], depth+1) // string(id)
		}
		fn := libs.Callee(s.info, x)
		if fn == nil {
			return shape{}, false
		}
		parts := make([]string, len(x.Args))
		for i, a := range x.Args {
			p, ok := s.render(a, depth+1)
			if !ok {
				return shape{}, false
			}
			parts[i] = p.text
		}
		return shape{text: fn.FullName() + "(" + strings.Join(parts, ",") + ")", anchored: true}, true
	case *ast.BinaryExpr:
		if x.Op != token.ADD {
			return shape{}, false
		}
		l, ok1 := s.render(x.X, depth+1)
		r, ok2 := s.render(x.Y, depth+1)
		if !ok1 || !ok2 {
			return shape{}, false
		}
		return shape{text: l.text + "+" + r.text, anchored: l.anchored || r.anchored}, true
	}
	return shape{}, false
}

// keyShape renders the first key of c.
func (s *shaper) keyShape(c *command) (shape, bool) {
	if len(c.keys) == 0 {
		return shape{}, false
	}
	sh, ok := s.of(c.keys[0])
	return sh, ok && sh.anchored
}

package status

import (
	"go/ast"
	"go/constant"
	"go/types"
	"strings"

	"github.com/idemlint/idemlint/passes/internal/libs"
	"github.com/idemlint/idemlint/passes/internal/retrysite/site"
)

// Sentinels by status. A sender that turns a 404 into a sentinel of its
// package and every other failing status into an error it makes there:
//
//	if resp.StatusCode == http.StatusNotFound { return errNotFound }
//	return errors.Errorf("invalid server response: %v", resp.Status)
//
// lets its caller tell them apart (if errors.Is(err, errNotFound) {
// return err }, then retry the rest): RespFact.Sentinel names, for each
// sampled status, the sentinel every path returns, and RespFact.Fresh the
// statuses whose error is made on the spot and so is no sentinel. The
// simulation of the caller decides errors.Is(err, errNotFound) and err ==
// errNotFound by them.

// sentinelName returns pkgpath.Name of the package-level error variable e
// names (errNotFound, fs.ErrNotExist), or "".
func sentinelName(info *types.Info, e ast.Expr) string {
	id := site.NameOf(e)
	if id == nil {
		return ""
	}
	v, ok := info.Uses[id].(*types.Var)
	if !ok || v.Pkg() == nil || v.Parent() != v.Pkg().Scope() || !site.IsErrorType(v.Type()) {
		return ""
	}
	return v.Pkg().Path() + "." + v.Name()
}

// freshError reports whether e makes a new error that wraps nothing:
// errors.New, or fmt.Errorf (or github.com/pkg/errors' Errorf) with a
// constant format that has no %w. errors.Is finds no sentinel in it.
func freshError(info *types.Info, e ast.Expr) bool {
	call, ok := ast.Unparen(e).(*ast.CallExpr)
	if !ok {
		return false
	}
	fn := libs.Callee(info, call)
	if fn == nil || fn.Pkg() == nil {
		return false
	}
	switch path := fn.Pkg().Path(); {
	case path == "errors" && fn.Name() == "New", path == "github.com/pkg/errors" && fn.Name() == "New":
		return true
	case (path == "fmt" || path == "github.com/pkg/errors") && fn.Name() == "Errorf" && len(call.Args) > 0:
		tv, ok := info.Types[call.Args[0]]
		return ok && tv.Value != nil && tv.Value.Kind() == constant.String && !strings.Contains(constant.StringVal(tv.Value), "%w")
	}
	return false
}

// codeIndex returns the index of code among site.SampleCodes, or -1.
func codeIndex(code int64) int {
	for i, c := range site.SampleCodes {
		if c == code {
			return i
		}
	}
	return -1
}

// sentinelTest decides errors.Is(err, target) and err == target for the
// error of a sender whose fact tells the sentinel of each status.
func (s *sim) sentinelTest(errExpr, target ast.Expr, p *simPath) tri {
	name := sentinelName(s.info, target)
	id, ok := ast.Unparen(errExpr).(*ast.Ident)
	if name == "" || !ok {
		return unk
	}
	v := p.env[s.info.ObjectOf(id)]
	if v.kind != errStatus || v.from == nil {
		return unk
	}
	code := s.status()
	i := codeIndex(code)
	switch {
	case i < 0:
		return unk
	case v.nilMask.Has(code):
		return no // a nil error is no sentinel
	case v.from.Sentinel[i] == name:
		return yes
	case v.from.Sentinel[i] != "" || v.from.Fresh.Has(code):
		return no
	}
	return unk
}

// freshAs decides errors.As(err, &target) for the error of a sender on a
// status whose error it made on the spot (RespFact.Fresh): an
// errors.New or fmt.Errorf error is none of the program's error types,
// and a nil one matches nothing.
func (s *sim) freshAs(errExpr ast.Expr, p *simPath) tri {
	id, ok := ast.Unparen(errExpr).(*ast.Ident)
	if !ok {
		return unk
	}
	v := p.env[s.info.ObjectOf(id)]
	if v.kind != errStatus || v.from == nil {
		return unk
	}
	if code := s.status(); v.nilMask.Has(code) || v.from.Fresh.Has(code) {
		return no
	}
	return unk
}

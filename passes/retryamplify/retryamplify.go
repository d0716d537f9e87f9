package retryamplify

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"sort"

	"golang.org/x/tools/go/analysis"

	"github.com/idemlint/idemlint/passes/internal/astutil"
	"github.com/idemlint/idemlint/passes/internal/libs"
	"github.com/idemlint/idemlint/passes/internal/report"
	"github.com/idemlint/idemlint/passes/internal/retrysite"
)

// Analyzer reports retries nested in retries.
var Analyzer = &analysis.Analyzer{
	Name:      "retryamplify",
	Doc:       Doc,
	URL:       "https://github.com/idemlint/idemlint#retryamplify",
	Requires:  []*analysis.Analyzer{retrysite.Analyzer},
	Run:       run,
	FactTypes: []analysis.Fact{new(RetriesFact)},
}

// RetriesFact marks a function that retries something when called: it
// holds a retry site, or calls a function that does. Attempts is the
// attempt count of that retry when it is a constant, else 0.
type RetriesFact struct {
	Attempts int
}

func (*RetriesFact) AFact() {}
func (f *RetriesFact) String() string {
	return fmt.Sprintf("retries(attempts=%d)", f.Attempts)
}

func run(pass *analysis.Pass) (any, error) {
	sites := pass.ResultOf[retrysite.Analyzer].(*retrysite.Result).Sites
	off := retriesSwitchedOff(pass)
	var live []*retrysite.Site
	for _, s := range sites {
		if s.Kind == retrysite.Client && off[astutil.RootObject(pass.TypesInfo, s.Node.(*ast.CallExpr).Fun)] {
			continue
		}
		live = append(live, s)
	}
	local := learn(pass, live)
	for _, outer := range live {
		checkOuter(pass, outer, live, local)
	}
	return nil, nil
}

// inner is something an outer site's attempt enters that retries.
type inner struct {
	pos, end token.Pos
	attempts int
	via      *types.Func // set when entered through a call of a function that retries
}

func checkOuter(pass *analysis.Pass, outer *retrysite.Site, sites []*retrysite.Site, local map[*types.Func]*RetriesFact) {
	var found []inner
	for _, s := range sites {
		if s != outer && outer.InAttempt(s.Node) && !contains(s.Node, outer.Node) {
			in := inner{pos: s.Node.Pos(), end: s.Node.End(), attempts: attempts(pass.TypesInfo, s)}
			if s.Kind == retrysite.Loop {
				in.end = in.pos + token.Pos(len("for"))
			}
			found = append(found, in)
		}
	}
	if outer.Op.Body != nil {
		ast.Inspect(outer.Op.Body, func(n ast.Node) bool {
			call, ok := n.(*ast.CallExpr)
			if !ok || !outer.InAttempt(call) {
				return true
			}
			if fn := libs.Callee(pass.TypesInfo, call); fn != nil {
				if f := retriesFact(pass, local, fn); f != nil {
					found = append(found, inner{pos: call.Pos(), end: call.End(), attempts: f.Attempts, via: fn})
				}
			}
			return true
		})
	} else if outer.Op.Func != nil {
		if f := retriesFact(pass, local, outer.Op.Func); f != nil {
			found = append(found, inner{pos: outer.Node.Pos(), end: outer.Node.End(), attempts: f.Attempts, via: outer.Op.Func})
		}
	}
	if len(found) == 0 {
		return
	}
	sort.Slice(found, func(i, j int) bool { return found[i].pos < found[j].pos })
	in := found[0]
	d := analysis.Diagnostic{Pos: in.pos, End: in.end, Message: message(attempts(pass.TypesInfo, outer), in.attempts)}
	if in.via != nil {
		d.Related = []analysis.RelatedInformation{{Pos: in.via.Pos(), Message: in.via.Name() + " retries"}}
	}
	report.Report(pass, d)
}

func message(outer, inner int) string {
	count := "the attempts multiply"
	if outer > 0 && inner > 0 {
		count = fmt.Sprintf("%d x %d = %d calls when the dependency keeps failing", outer, inner, outer*inner)
	}
	return fmt.Sprintf("retry inside a retry: every outer attempt runs the inner retry again, so %s; retry at one layer only", count)
}

func contains(outer, n ast.Node) bool { return outer.Pos() <= n.Pos() && n.End() <= outer.End() }

// learn exports a RetriesFact for each function of the package that holds
// a retry site or calls a function that retries, and returns them.
func learn(pass *analysis.Pass, sites []*retrysite.Site) map[*types.Func]*RetriesFact {
	local := map[*types.Func]*RetriesFact{}
	var decls []*ast.FuncDecl
	for _, f := range pass.Files {
		for _, d := range f.Decls {
			if fd, ok := d.(*ast.FuncDecl); ok && fd.Body != nil {
				decls = append(decls, fd)
			}
		}
	}
	for _, fd := range decls {
		fn, _ := pass.TypesInfo.Defs[fd.Name].(*types.Func)
		for _, s := range sites {
			if fn != nil && contains(fd, s.Node) && local[fn] == nil {
				local[fn] = &RetriesFact{Attempts: attempts(pass.TypesInfo, s)}
			}
		}
	}
	// Callers of functions that retry retry too: to a fixpoint, so
	// recursion and calls to functions declared later are covered.
	for changed := true; changed; {
		changed = false
		for _, fd := range decls {
			fn, _ := pass.TypesInfo.Defs[fd.Name].(*types.Func)
			if fn == nil || local[fn] != nil {
				continue
			}
			ast.Inspect(fd.Body, func(n ast.Node) bool {
				if _, lit := n.(*ast.FuncLit); lit || local[fn] != nil {
					return false
				}
				if call, ok := n.(*ast.CallExpr); ok {
					if callee := libs.Callee(pass.TypesInfo, call); callee != nil && callee != fn {
						if f := retriesFact(pass, local, callee); f != nil {
							local[fn] = &RetriesFact{Attempts: f.Attempts}
							changed = true
						}
					}
				}
				return true
			})
		}
	}
	for fn, f := range local {
		pass.ExportObjectFact(fn, f)
	}
	return local
}

func retriesFact(pass *analysis.Pass, local map[*types.Func]*RetriesFact, fn *types.Func) *RetriesFact {
	if f := local[fn]; f != nil {
		return f
	}
	var f RetriesFact
	if fn.Pkg() != nil && fn.Pkg() != pass.Pkg && pass.ImportObjectFact(fn, &f) {
		return &f
	}
	return nil
}

// retriesSwitchedOff finds the go-retryablehttp clients whose RetryMax is
// set to 0: they send once.
func retriesSwitchedOff(pass *analysis.Pass) map[types.Object]bool {
	out := map[types.Object]bool{}
	isZeroRetryMax := func(key ast.Expr, value ast.Expr) bool {
		id, ok := key.(*ast.Ident)
		if !ok || id.Name != "RetryMax" {
			return false
		}
		v, ok := pass.TypesInfo.ObjectOf(id).(*types.Var)
		if !ok || !v.IsField() || v.Pkg() == nil || v.Pkg().Path() != libs.RetryableHTTP {
			return false
		}
		return intValue(pass.TypesInfo, value) == 0
	}
	for _, f := range pass.Files {
		ast.Inspect(f, func(n ast.Node) bool {
			as, ok := n.(*ast.AssignStmt)
			if !ok || len(as.Lhs) != len(as.Rhs) {
				return true
			}
			for i, l := range as.Lhs {
				if sel, ok := l.(*ast.SelectorExpr); ok && isZeroRetryMax(sel.Sel, as.Rhs[i]) {
					out[astutil.RootObject(pass.TypesInfo, sel.X)] = true
				}
				ast.Inspect(as.Rhs[i], func(n ast.Node) bool {
					if kv, ok := n.(*ast.KeyValueExpr); ok && isZeroRetryMax(kv.Key, kv.Value) {
						out[astutil.RootObject(pass.TypesInfo, l)] = true
					}
					return true
				})
			}
			return true
		})
	}
	delete(out, nil)
	return out
}

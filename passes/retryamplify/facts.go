package retryamplify

import (
	"fmt"
	"go/ast"
	"go/types"

	"github.com/idemlint/idemlint/passes/internal/astutil"
)

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

// maxAttempts bounds the worst cases a fact records; beyond it (or with a
// count that is not constant) the fact says 0, unknown.
const maxAttempts = 1 << 20

// learn exports a RetriesFact for each function of the package that holds
// a retry site or calls a function that retries, with its worst case: a
// site's attempts times the worst inner retry its attempts reach.
func (a *amplifier) learn() {
	decls := a.decls
	// Membership first, to a fixpoint (calls of functions declared later,
	// recursion); then the worst cases, in a few rounds.
	for changed := true; changed; {
		changed = false
		for _, d := range decls {
			if a.local[d.Func] == nil && a.retries(d) {
				a.local[d.Func] = &RetriesFact{}
				changed = true
			}
		}
	}
	for range 3 {
		for _, d := range decls {
			if f := a.local[d.Func]; f != nil {
				f.Attempts = a.worst(d)
			}
		}
	}
	for fn, f := range a.local {
		a.pass.ExportObjectFact(fn, f)
	}
}

// retries reports whether d holds a retry site or calls a function that
// retries (outside function literals, which run when called).
func (a *amplifier) retries(d astutil.Decl) bool {
	if len(a.inDecl[d.FuncDecl]) > 0 {
		return true
	}
	found := false
	ast.Inspect(d.Body, func(n ast.Node) bool {
		if _, lit := n.(*ast.FuncLit); lit || found {
			return false
		}
		if call, ok := n.(*ast.CallExpr); ok {
			if fn, f := a.retryingCallee(call); f != nil && fn != d.Func {
				found = true
			}
		}
		return true
	})
	return found
}

// worst is the most attempts a call of d can make when everything fails.
func (a *amplifier) worst(d astutil.Decl) int {
	best := 0
	for _, s := range a.inDecl[d.FuncDecl] {
		n := attempts(a.pass.TypesInfo, s)
		if ins := a.inners(s); len(ins) > 0 {
			n = product(n, ins[0].attempts)
		}
		best = max(best, n)
	}
	ast.Inspect(d.Body, func(n ast.Node) bool {
		if _, lit := n.(*ast.FuncLit); lit {
			return false
		}
		if call, ok := n.(*ast.CallExpr); ok {
			if fn, f := a.retryingCallee(call); f != nil && fn != d.Func {
				best = max(best, f.Attempts)
			}
		}
		return true
	})
	return best
}

func product(a, b int) int {
	if a <= 0 || b <= 0 || a*b > maxAttempts {
		return 0
	}
	return a * b
}

func (a *amplifier) fact(fn *types.Func) *RetriesFact {
	if f := a.local[fn]; f != nil {
		return f
	}
	var f RetriesFact
	if fn.Pkg() != nil && fn.Pkg() != a.pass.Pkg && a.pass.ImportObjectFact(fn, &f) {
		return &f
	}
	return nil
}

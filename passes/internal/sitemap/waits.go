package sitemap

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"slices"
	"strings"
	"time"

	"github.com/idemlint/idemlint/passes/internal/astutil"
	"github.com/idemlint/idemlint/passes/internal/libs"
	"github.com/idemlint/idemlint/passes/internal/retrysite"
)

// wait says what a site waits between attempts: for a loop, the delay of
// the waits retrysite found on its retry path; for a library helper, the
// policy it is given, which its family judges. The driver sets jitter and
// cap to "no" where nojitter reported them.
func (d *describer) wait(s *retrysite.Site, category string) Wait {
	switch category {
	case "failure-path":
		if b := d.backoffs[s.Node]; b != nil {
			return d.loopWait(b)
		}
		return d.loopWait(s)
	case "loop", "goto", "recursion":
		return d.loopWait(s)
	case "library":
		return d.policyWait(s)
	case "helper":
		if s.Library.Name != "" {
			return d.policyWait(s)
		}
		return Wait{Delay: "as the helper waits", Jitter: "unknown"}
	case "client":
		return Wait{Delay: "by the client", Jitter: "unknown"}
	}
	return Wait{Delay: "by the framework"}
}

func (d *describer) loopWait(s *retrysite.Site) Wait {
	waits := s.Waits
	if len(waits) == 0 {
		// <-tick.C on the retry path: the ticker's period is the wait.
		res := d.pass.ResultOf[retrysite.Analyzer].(*retrysite.Result)
		waits, _ = res.TickerWaits(d.pass.TypesInfo, s)
	}
	if len(waits) == 0 && s.Failover {
		return Wait{Delay: "failover: the next target at once"}
	}
	if len(waits) == 0 {
		return Wait{Delay: "none"}
	}
	// The first wait on the retry path is the one a reader looks for; a
	// loop with several lists them in its reports.
	w := waits[0]
	out := Wait{At: d.at(w.Pos()), Jitter: "unknown"}
	idx, jittered := d.waitParam(s, w)
	if jittered {
		out.Jitter = "yes"
	}
	if idx < 0 || idx >= len(w.Args) {
		out.Delay = "computed by " + d.code(w.Fun)
		return out
	}
	arg := w.Args[idx]
	if dur, ok := constDuration(d.pass.TypesInfo, arg); ok {
		out.Delay, out.Grows = "constant "+dur.String(), "no"
		if !jittered {
			out.Jitter = "no"
		}
		return out
	}
	out.Delay = "computed: " + d.code(arg)
	grows, capped, random := d.delayShape(s, arg)
	out.Grows = yesUnknown(grows)
	if grows && capped {
		out.Capped = "yes"
	}
	if random {
		out.Jitter = "yes"
	}
	return out
}

// waitParam returns the index of a wait's delay argument (-1 when the
// wait computes its own), and whether the wait jitters it itself.
func (d *describer) waitParam(s *retrysite.Site, w *ast.CallExpr) (int, bool) {
	if h := s.WaitHelpers[w]; h != nil {
		return h.Param, h.Jittered
	}
	fn := libs.Callee(d.pass.TypesInfo, w)
	if _, ok := libs.Jitterers.Lookup(fn); ok {
		return 0, true
	}
	if i, ok := libs.Waits.Lookup(fn); ok {
		return i, false
	}
	if libs.Is(fn, "time", "NewTicker") {
		return 0, false
	}
	return -1, false
}

// delayShape reads a computed delay, and the values its variable is
// assigned in the function: whether it grows (a shift, a product, a
// power, d *= 2), has a cap (min) and a random part.
func (d *describer) delayShape(s *retrysite.Site, arg ast.Expr) (grows, capped, random bool) {
	info := d.pass.TypesInfo
	exprs := []ast.Expr{arg}
	if id, ok := ast.Unparen(arg).(*ast.Ident); ok {
		if v, ok := info.Uses[id].(*types.Var); ok {
			if b := d.index.Holding(s.Node); b != nil {
				exprs = append(exprs, d.index.Assignments(info, b, v)...)
				for n := range d.index.All(b) {
					if as, ok := n.(*ast.AssignStmt); ok && len(as.Lhs) == 1 && refersTo(info, as.Lhs[0], v) {
						grows = grows || as.Tok == token.MUL_ASSIGN || as.Tok == token.SHL_ASSIGN
					}
				}
			}
		}
	}
	for _, e := range exprs {
		ast.Inspect(e, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.BinaryExpr:
				grows = grows || n.Op == token.SHL || n.Op == token.MUL && !constantExpr(info, n)
			case *ast.CallExpr:
				fn := libs.Callee(info, n)
				random = random || libs.IsRandom(fn)
				grows = grows || libs.Is(fn, "math", "Pow")
				if id, ok := n.Fun.(*ast.Ident); ok && id.Name == "min" || libs.Is(fn, "math", "Min") {
					capped = true
				}
			}
			return true
		})
	}
	return grows, capped, random
}

// policyWait describes the policy a library helper is given. Its family
// judges it as nojitter does: a policy in view in which it finds nothing
// missing waits with jitter and a cap.
func (d *describer) policyWait(s *retrysite.Site) Wait {
	out := Wait{Delay: "library default", Jitter: "unknown"}
	if text := d.policyText(s); text != "" {
		out.Delay = "policy: " + text
	}
	if s.Policy != nil && len(s.Policy.Calls) > 0 {
		out.At = d.at(s.Policy.Calls[0].Pos())
	}
	fam := libs.FamilyByName(s.Library)
	if fam == nil || fam.NoJitter == nil {
		return out
	}
	fs, elsewhere := fam.NoJitter(s.Use(d.pass.TypesInfo))
	if len(fs) == 0 && !elsewhere {
		out.Jitter, out.Capped = "yes", "yes"
	}
	for _, f := range fs {
		if f.NoDelay {
			out.Delay = "none (" + out.Delay + ")"
		}
	}
	return out
}

// policyText is the code that builds a helper's policy and options.
func (d *describer) policyText(s *retrysite.Site) string {
	var parts []string
	var built ast.Node
	if s.Policy != nil && len(s.Policy.Calls) > 0 {
		built = s.Policy.Calls[0]
	} else if s.Policy != nil && len(s.Policy.Lits) > 0 {
		built = s.Policy.Lits[0]
	}
	if built != nil {
		parts = append(parts, d.code(built))
	}
	for _, o := range s.Options {
		if astutil.Contains(built, o) || slices.ContainsFunc(s.Options, func(p *ast.CallExpr) bool { return p != o && astutil.Contains(p, o) }) {
			continue // an option the retrier's constructor already shows
		}
		if len(parts) == 4 {
			parts = append(parts, "...")
			break
		}
		parts = append(parts, d.code(o))
	}
	return strings.Join(parts, ", ")
}

// constDuration is the value of a constant duration expression.
func constDuration(info *types.Info, e ast.Expr) (time.Duration, bool) {
	tv, ok := info.Types[e]
	if !ok || tv.Value == nil {
		return 0, false
	}
	n, exact := constant.Int64Val(constant.ToInt(tv.Value))
	return time.Duration(n), exact
}

func constantExpr(info *types.Info, e ast.Expr) bool {
	tv, ok := info.Types[e]
	return ok && tv.Value != nil
}

func refersTo(info *types.Info, e ast.Expr, v *types.Var) bool {
	id, ok := ast.Unparen(e).(*ast.Ident)
	return ok && info.ObjectOf(id) == v
}

func yesUnknown(b bool) string {
	if b {
		return "yes"
	}
	return "unknown"
}

package nojitter

import (
	"go/ast"
	"go/build"
	"go/token"
	"go/types"
	"path/filepath"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/idemlint/idemlint/passes/internal/bodies"
	"github.com/idemlint/idemlint/passes/internal/libs"
	"github.com/idemlint/idemlint/passes/internal/policy"
	"github.com/idemlint/idemlint/passes/internal/report"
	"github.com/idemlint/idemlint/passes/internal/retrysite"
	"github.com/idemlint/idemlint/passes/internal/ssautil"
)

// Analyzer reports retry backoff without jitter, without a cap, or with no
// delay at all.
var Analyzer = &analysis.Analyzer{
	Name:      "nojitter",
	Doc:       Doc,
	URL:       "https://github.com/idemlint/idemlint#nojitter",
	Requires:  []*analysis.Analyzer{retrysite.Analyzer, bodies.Analyzer, ssautil.Analyzer},
	Run:       run,
	FactTypes: []analysis.Fact{new(DelayFact), new(WaitsFact), new(NoJitterFact), new(ZeroDelayFact)},
}

const (
	msgNoJitter     = "retry delay has no jitter, so clients that failed together retry together; add a random part, e.g. d/2 + rand.N(d/2)"
	msgNoCapNoJiter = "retry delay grows without a cap and has no jitter; limit it with min(d, maxDelay) and add a random part, e.g. d/2 + rand.N(d/2)"
	msgNoCap        = "retry delay grows without a cap; limit it with min(d, maxDelay) before adding jitter"
	msgNoDelay      = "retry loop retries at once, with no delay between attempts; wait with capped, jittered exponential backoff before the next attempt"
	// msgBuiltNoJitter names the policy's field that adds jitter only when
	// it is not zero.
	msgBuiltNoJitter = "retry policy is built with %s zero, so its delays have no jitter and clients that failed together retry together; give %s a value that is not zero"
)

func run(pass *analysis.Pass) (any, error) {
	local := waiters(pass)
	builders := policy.NewBuilders(pass)
	ctors := exportNoJitter(pass, builders)
	res := pass.ResultOf[retrysite.Analyzer].(*retrysite.Result)
	sites := res.Sites
	// SSA is built only where there is a delay to follow: a wait in a retry
	// loop, or a function returning a duration whose fact callers need.
	shared := pass.ResultOf[ssautil.Analyzer].(*ssautil.SSA)
	shared.Acquire()
	defer shared.Release()
	funcs := shared.Funcs
	t := &tracer{pkg: pass.Pkg, funcs: funcs, throttleError: res.ThrottleError, facts: func(fn *types.Func) (DelayFact, bool) {
		var f DelayFact
		return f, pass.ImportObjectFact(fn, &f)
	}}
	// A constant delay is judged from the syntax; SSA is built only when a
	// computed delay has not been judged before (waitcall.go).
	calls := newWaitJudge(pass, shared, t, sites, res.Backoffs, res.Recursions, res.Gotos)
	if !inGOROOT(pass) && computesDuration(pass) {
		exportDelayFacts(pass, shared, t)
	}
	for _, s := range sites {
		switch s.Kind {
		case retrysite.Loop:
			checkLoop(pass, s, local, calls, t)
		case retrysite.Helper, retrysite.UserHelper:
			checkPolicy(pass, s, ctors, builders)
			// The operation's own waits, where its library leaves the
			// delay to it (Terraform's RetryContext).
			judgeWaits(pass, s, calls, s.Waits, func(w *ast.CallExpr) ast.Node { return w })
		}
	}
	// A wait taken only after a failure, before the same attempt runs
	// again, in a loop whose success goes round too, is judged the same.
	for _, s := range res.Backoffs {
		checkLoop(pass, s, local, calls, t)
	}
	// A function that waits and calls itself after a failure: its wait
	// is judged like a loop's.
	for _, s := range res.Recursions {
		checkLoop(pass, s, local, calls, t)
	}
	// A goto back to a label after a failure is a retry loop.
	for _, s := range res.Gotos {
		checkLoop(pass, s, local, calls, t)
	}
	checkBuilt(pass, sites)
	checkZeroDelays(pass, sites)
	checkDelayers(pass, funcs, t)
	checkWrapped(pass)
	return nil, nil
}

func checkLoop(pass *analysis.Pass, s *retrysite.Site, local map[*types.Func]bool, calls *waitJudge, t *tracer) {
	if s.Failover {
		return // each round goes to another target (RULES.md, "Vocabulary")
	}
	waits := s.Waits
	var at map[*ast.CallExpr]ast.Node // where a wait's finding goes, when not at the wait call
	if len(waits) == 0 {
		res := pass.ResultOf[retrysite.Analyzer].(*retrysite.Result)
		waits, at = res.TickerWaits(pass.TypesInfo, s)
	}
	where := func(w *ast.CallExpr) ast.Node {
		if n := at[w]; n != nil {
			return n
		}
		return w
	}
	if len(waits) == 0 {
		answers := retrysite.AnswerSelects(s)
		for _, n := range s.RetryPath {
			if answers[n] {
				continue // case err := <-errs: the attempt's own answer
			}
			if blocksBesides(pass, n, local, s.Node) {
				return
			}
		}
		if waitsByAttempt(pass, s) {
			return
		}
		switch {
		case hotRetryIsSafe(pass.TypesInfo, s):
		case s.Label != nil:
			report.At(pass, s.Label, msgNoDelay) // a goto retry: at its label
		default:
			report.AtFor(pass, s.Node, msgNoDelay)
		}
		return
	}
	if acceptsOnly(pass.TypesInfo, s) {
		return
	}
	judgeWaits(pass, s, calls, waits, where)
}

// judgeWaits judges the delay of each wait of site s that follows a
// failed attempt, and reports at where(w) a delay without jitter or cap.
func judgeWaits(pass *analysis.Pass, s *retrysite.Site, calls *waitJudge, waits []*ast.CallExpr, where func(*ast.CallExpr) ast.Node) {
	for _, w := range waits {
		if randomlyTaken(pass.TypesInfo, s.Op.Body, w) {
			continue // if rand.Intn(10) == 0 { time.Sleep(d) }: the wait itself is random
		}
		if inner, idx, ok := computedWait(pass, s, w); ok {
			judgeComputed(pass, s, calls, where(w), inner, idx)
			continue
		}
		idx, ok := waitParam(pass, s, w)
		if !ok {
			continue
		}
		if idx < len(w.Args) && (isConstant(pass.TypesInfo, w.Args[idx]) || chosenConstant(pass.TypesInfo, s.Chosen[w])) {
			reportNoJitter(pass, where(w), w.Args[idx])
			continue
		}
		if idx >= len(w.Args) {
			continue
		}
		j := judgeOnce(pass, s, calls, w, idx)
		switch j.msg {
		case "":
		case msgNoJitter:
			if j.built.IsValid() {
				calls.reportBuilt(j, w)
				continue
			}
			if j.server {
				// Jittering the whole wait would cut the server's
				// Retry-After short: the fallback is the code to fix.
				report.Report(pass, analysis.Diagnostic{Pos: where(w).Pos(), End: where(w).End(), Message: j.msg, Related: j.via})
				continue
			}
			reportNoJitter(pass, where(w), w.Args[idx], j.via...)
		default:
			report.Report(pass, analysis.Diagnostic{Pos: where(w).Pos(), End: where(w).End(), Message: j.msg, Related: j.via})
		}
	}
}

// chosenConstant reports whether every failure path reaching a wait the
// schedule shares set its delay to a constant (d = time.Second under if
// err != nil): the retry waits that constant.
func chosenConstant(info *types.Info, vals []ast.Expr) bool {
	return len(vals) > 0 && !slices.ContainsFunc(vals, func(e ast.Expr) bool { return e == nil || !isConstant(info, e) })
}

// judgeOnce judges the delay argument idx of wait w once per run, and
// reads a growing delay as capped when the site makes few attempts.
func judgeOnce(pass *analysis.Pass, s *retrysite.Site, calls *waitJudge, w *ast.CallExpr, idx int) judgement {
	judged := judgedIn(pass.Fset)
	v, ok := judged.Load(w)
	if !ok {
		v = calls.judge(w, idx)
		judged.Store(w, v)
	}
	j := v.(judgement)
	if n := s.Attempts(pass.TypesInfo); n > 0 && n <= maxGrowthRounds {
		j.msg = grownAtMost(j.msg)
	}
	return j
}

// maxGrowthRounds is the largest constant number of attempts under which
// a delay that grows with each round counts as capped: doubling for at
// most 8 rounds stays within 128 times the first delay, as 1 << (n % 8)
// does (RULES.md: "grows without a cap" only of a delay that can exceed
// every constant; for i := range 4 { ...; sleep(d); d *= 2 } cannot).
const maxGrowthRounds = 8

// grownAtMost turns the message for a growing delay into the one for a
// delay that is capped: what is left is its missing jitter.
func grownAtMost(msg string) string {
	switch msg {
	case msgNoCapNoJiter:
		return msgNoJitter
	case msgNoCap:
		return ""
	}
	return msg
}

// waitParam returns the index of the argument of wait w that is its
// delay, and whether that delay is to be judged: a wait helper that
// computes its own wait from the argument (adds jitter, clamps it) is
// judged where it computes it; wait.Jitter is jittered by definition.
func waitParam(pass *analysis.Pass, s *retrysite.Site, w *ast.CallExpr) (int, bool) {
	if h := s.WaitHelpers[w]; h != nil {
		return h.Param, h.Param >= 0 && h.Exact && !h.Jittered
	}
	fn := libs.Callee(pass.TypesInfo, w)
	if _, jitter := libs.Jitterers.Lookup(fn); jitter {
		return 0, false
	}
	return libs.Waits.Lookup(fn)
}

// A judgement is the message to report for a traced delay ("" for none)
// and where the delay came from when that is not in the wait's own line
// (a field set in a constructor, a caller's argument).
type judgement struct {
	msg string
	via []analysis.RelatedInformation
	// server: a path of the wait takes the delay the server asked for
	// (serverdelay.go), so no fix is offered for the whole wait.
	server bool
	// built: the policy's builder, where the finding goes (gate.go),
	// and the field it gives zero.
	built      token.Pos
	builtField string
}

// judgeTraced traces the delay argument idx of a wait call c and judges it.
func judgeTraced(t *tracer, c *ssa.CallCommon, idx int) judgement {
	if c == nil {
		return judgement{}
	}
	args := c.Args
	if c.Signature().Recv() != nil && !c.IsInvoke() {
		args = args[1:] // t.Reset(d): the receiver comes first
	}
	if idx >= len(args) {
		return judgement{}
	}
	t.seen, t.via, t.server, t.built, t.builtField = map[ssa.Value]bool{}, nil, false, token.NoPos, ""
	d := t.trace(args[idx], 0)
	msg := ""
	switch {
	case d.opaque || d.server || d.random && (!d.grows || d.capped) || d.param && !d.grows:
	case d.grows && !d.capped && !d.random:
		msg = msgNoCapNoJiter
	case d.grows && !d.capped:
		msg = msgNoCap
	case !d.random:
		msg = msgNoJitter
	}
	if msg == "" {
		return judgement{}
	}
	return judgement{msg, t.via, t.server, t.built, t.builtField}
}

// reportNoJitter reports a wait whose delay has no random part, with a fix
// that turns d into equal jitter, d/2 + rand.N(d/2).
func reportNoJitter(pass *analysis.Pass, w ast.Node, arg ast.Expr, via ...analysis.RelatedInformation) {
	d := analysis.Diagnostic{Pos: w.Pos(), End: w.End(), Message: msgNoJitter, Related: via}
	if fix, ok := jitterFix(pass, arg); ok {
		d.SuggestedFixes = []analysis.SuggestedFix{fix}
	}
	report.Report(pass, d)
}

// computesDuration reports whether the package declares a function that
// returns a time.Duration (see returnsDelay) it computes with randomness or
// growth (a call of a random source, math.Pow, min, a shift or a product)
// or picks among durations: the
// functions a DelayFact says something useful about.
func computesDuration(pass *analysis.Pass) bool {
	for _, f := range pass.Files {
		for _, d := range f.Decls {
			fd, ok := d.(*ast.FuncDecl)
			if !ok || fd.Body == nil {
				continue
			}
			if fn, ok := pass.TypesInfo.Defs[fd.Name].(*types.Func); !ok || !returnsDelay(fn.Signature()) {
				continue
			}
			if computes(pass.TypesInfo, fd.Body) {
				return true
			}
		}
	}
	return false
}

func computes(info *types.Info, body *ast.BlockStmt) bool {
	found := false
	ast.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.BinaryExpr:
			found = found || n.Op == token.SHL || n.Op == token.MUL
			// A max or min of durations (timex.Max(a, b)): what it
			// returns is one of its arguments, judged at the call.
			switch n.Op {
			case token.GTR, token.LSS, token.GEQ, token.LEQ:
				found = found || isDuration(info.TypeOf(n.X))
			}
		case *ast.AssignStmt:
			found = found || n.Tok == token.SHL_ASSIGN || n.Tok == token.MUL_ASSIGN
		case *ast.CallExpr:
			fn := libs.Callee(info, n)
			found = found || libs.IsRandom(fn) || libs.Is(fn, "math", "Pow") || libs.Is(fn, "math", "Min")
			if id, ok := n.Fun.(*ast.Ident); ok && id.Name == "min" {
				found = true
			}
		}
		return !found
	})
	return found
}

// inGOROOT reports whether the package is the standard library's, which
// holds no retry delay helper: its duration arithmetic (package time) is
// not worth building SSA for on every run.
func inGOROOT(pass *analysis.Pass) bool {
	if len(pass.Files) == 0 {
		return false
	}
	root := filepath.Join(build.Default.GOROOT, "src") + string(filepath.Separator)
	return strings.HasPrefix(pass.Fset.Position(pass.Files[0].Package).Filename, root)
}

func isConstant(info *types.Info, e ast.Expr) bool {
	tv, ok := info.Types[e]
	return ok && tv.Value != nil
}

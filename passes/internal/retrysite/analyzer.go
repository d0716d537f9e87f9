package retrysite

import (
	"go/ast"
	"go/types"
	"reflect"
	"slices"
	"sort"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/cfg"

	"github.com/idemlint/idemlint/passes/internal/bodies"
	"github.com/idemlint/idemlint/passes/internal/libs"
	"github.com/idemlint/idemlint/passes/internal/retrysite/client"
	"github.com/idemlint/idemlint/passes/internal/retrysite/fails"
	"github.com/idemlint/idemlint/passes/internal/retrysite/lock"
	"github.com/idemlint/idemlint/passes/internal/retrysite/redelivery"
	"github.com/idemlint/idemlint/passes/internal/retrysite/site"
	"github.com/idemlint/idemlint/passes/internal/retrysite/status"
	"github.com/idemlint/idemlint/passes/internal/retrysite/wait"
)

// Analyzer finds the retry sites of a package and exports a site.HelperFact
// for each user-defined retry helper.
var Analyzer = &analysis.Analyzer{
	Name:       "retrysite",
	Doc:        "find retry sites: retry loops, retry helper calls, and requests sent through retrying clients",
	Run:        run,
	ResultType: reflect.TypeFor[*Result](),
	FactTypes:  []analysis.Fact{new(site.HelperFact), new(site.MakerFact), new(site.WaitFact), new(status.RespFact), new(status.NotSentFact), new(redelivery.JobOptsFact), new(redelivery.ActivityRunsFact), new(redelivery.AckFact), new(redelivery.ConsumerFact), new(client.ClientPassFact), new(client.ClientSendFact), new(client.RetryingClientFact), new(client.RetryingTransportFact), new(site.LockFact), new(fails.Fact), new(fails.PendingFact), new(fails.DoneNilFact), new(fails.FalseOnErrorFact), new(fails.NilOnErrorFact), new(fails.RetryFlagFact), new(fails.AttemptParamFact), new(fails.StoredErrFact), new(fails.ExitFact), new(fails.StopsOnDoneFact), new(status.ThrottleTypeFact)},
	Requires:   []*analysis.Analyzer{bodies.Analyzer},
}

func run(pass *analysis.Pass) (any, error) {
	f := &finder{
		info:    pass.TypesInfo,
		decls:   site.IndexDecls(pass.TypesInfo, pass.Files),
		helpers: map[*types.Func]*site.HelperFact{},
		makers:  map[*types.Func]*site.MakerFact{},
		loops:   map[*bodies.Body][]*Site{},
		pass:    pass,
		index:   pass.ResultOf[bodies.Analyzer].(*bodies.Index),
	}
	f.facts = status.NewRespFacts(pass, f.index)
	f.waits = wait.New(pass, f.index, f.decls, f.facts)
	f.clients = client.NewConfigs(pass, f.decls, f.index.Package())
	f.waits.Learn()
	f.facts.Learn(pass.Files)
	f.locks = lock.New(pass)
	f.locks.Learn(pass.Files)
	f.fails = fails.New(pass, f.index, f.decls)
	f.fails.Learn()
	f.waits.Pending = f.fails.Pending
	f.waits.StoredErr = f.fails.StoredErr
	f.waits.FalseOnError = f.fails.FalseOnError
	f.waits.Exits = f.fails.Exits
	f.waits.StoppedBy = func(body *ast.BlockStmt) ast.Node { return stoppedBy(f.info, f.fails, body) }
	if libs.DependsOn(pass.Pkg, "net/http") {
		f.learnRetryingTransports()
		f.clients.ExportRetryingClients()
	}
	// A helper may call another helper of the same package declared later:
	// find sites until the set of local helpers stops growing.
	var sites []*Site
	for range 8 {
		sites = f.sites()
		if learned, made := f.learnHelpers(pass.Files, sites), f.learnMakers(sites); !learned && !made {
			break
		}
	}
	// Handlers that a framework runs again are sites too, found once the
	// helpers are known (a handler is not a helper of its caller).
	if red := redelivery.Sites(pass, f.index, f.decls); len(red) > 0 {
		sites = append(sites, red...)
		sort.SliceStable(sites, func(i, j int) bool { return sites[i].Node.Pos() < sites[j].Node.Pos() })
	}
	throttles := status.LearnThrottleTypes(pass, f.index)
	for fn, fact := range f.helpers {
		if fd := f.decls[fn]; fd != nil {
			fact.Throttled = throttledOnly(f.info, fd, fact.Op, sites, throttles)
		}
	}
	unsent := status.LearnUnsent(pass, f.index)
	f.readPredicates(sites, unsent)
	f.learnRefused(sites) // marks the callers' sites as it learns
	for fn, fact := range f.helpers {
		pass.ExportObjectFact(fn, fact)
	}
	for fn, fact := range f.makers {
		pass.ExportObjectFact(fn, fact)
	}
	for _, s := range sites {
		s.Fail = status.SimulateFailure(pass.TypesInfo, s, f.facts.Lookup)
	}
	backoffs, failing := f.waits.FailureBackoffs(sites)
	// What a failure path retries is read as any retry loop's failure
	// test is (a 4xx turned into an error goes round on it).
	for _, s := range failing {
		s.Fail = status.SimulateFailure(pass.TypesInfo, s, f.facts.Lookup)
	}
	res := &Result{Backoffs: backoffs, FailureRetries: failing, clients: f.clients, facts: f.facts.Lookup, throttles: throttles, decls: f.decls, stored: f.fails.Stored()}
	// A poll of in-memory state repeats no operation on a dependency: its
	// wait is judged by nojitter, and no other analyzer sees a site.
	for _, s := range sites {
		if s.StatePoll {
			res.Backoffs = append(res.Backoffs, s)
		} else {
			res.Sites = append(res.Sites, s)
		}
	}
	sites = res.Sites
	res.Recursions = f.recursions()
	res.Gotos = f.gotoLoops()
	f.markFailovers(res.Sites)
	f.markFailovers(res.Gotos)
	// A recursive retry's failure test is read like a loop's: what a
	// self-call after a 404 retries, what it leaves open.
	for _, s := range res.Recursions {
		s.Fail = status.SimulateFailure(pass.TypesInfo, s, f.facts.Lookup)
	}
	for _, s := range res.Gotos { // status/gotofail.go
		s.Fail = status.SimulateFailure(pass.TypesInfo, s, f.facts.Lookup)
	}
	res.unsent = unsent
	if libs.DependsOn(pass.Pkg, libs.RetryableHTTP, libs.RestyV2) {
		res.ClientRetries = status.ClientConditions(pass.TypesInfo, f.index, f.facts.Lookup)
	}
	return res, nil
}

type finder struct {
	pass    *analysis.Pass
	index   *bodies.Index
	info    *types.Info
	decls   site.Decls
	clients *client.Configs
	helpers map[*types.Func]*site.HelperFact // helpers of this package
	makers  map[*types.Func]*site.MakerFact  // functions of this package returning a helper (makers.go)
	stored  map[*types.Var][]ast.Expr        // storedIn's answer
	waits   *wait.Waits                      // wait helpers of this package
	facts   *status.RespFacts
	locks   *lock.Locks  // functions that take a lock, and say whether they did
	fails   *fails.Fails // functions that never return a nil error
	// loops holds the loop sites of each body: they do not depend on the
	// helpers learned, so each round of the helper fixpoint reuses them.
	loops map[*bodies.Body][]*Site
	// returners are the functions returning a failure record
	// (records.go), found on first use.
	returners map[*types.Func]recordReturn
}

// sites lists the retry sites of the package's function bodies.
func (f *finder) sites() []*Site {
	var out []*Site
	for _, b := range f.index.Bodies {
		out = append(out, f.bodySites(b)...)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Node.Pos() < out[j].Node.Pos() })
	return out
}

// bodySites finds the sites of one function body, not counting the bodies
// of function literals inside it, which are bodies of their own.
func (f *finder) bodySites(b *bodies.Body) []*Site {
	loops, ok := f.loops[b]
	if !ok {
		loops = f.loopSites(b)
		f.loops[b] = loops
	}
	out := slices.Clip(loops)
	for _, c := range b.Calls {
		if s := f.callSite(b.Node, c.CallExpr, c.Callee); s != nil {
			out = append(out, s)
		} else if c.Callee == nil {
			if s := f.madeSite(b.Node, c.CallExpr); s != nil {
				out = append(out, s)
			}
		}
	}
	return out
}

// loopSites finds the retry loops of one body.
func (f *finder) loopSites(b *bodies.Body) []*Site {
	var out []*Site
	var g *cfg.CFG
	graph := func() *cfg.CFG { // built for the first loop that holds an attempt
		if g == nil {
			g = cfg.New(b.Block, mayReturn(f.info, f.fails.Exits))
		}
		return g
	}
	for _, loop := range b.Loops {
		if s := analyzeLoop(f.info, graph, loop, f.waits.Wait, f.waits.Iter, f.facts.Lookup, f.locks.Result, f.fails); s != nil {
			s.Encl = b.Node
			out = append(out, s)
		}
	}
	return out
}

// callSite returns the site of a call of a retry helper, user-defined
// helper or retrying client, or nil.
func (f *finder) callSite(encl ast.Node, call *ast.CallExpr, fn *types.Func) *Site {
	if fn == nil {
		return nil
	}
	// A retry library calling itself (its own wrappers and tests) is how
	// it is built, not a use of it.
	library := fn.Pkg() == f.pass.Pkg
	if h, ok := libs.RetryHelpers.Lookup(fn); ok && !library {
		if h.Op >= len(call.Args) {
			return nil
		}
		s := &Site{Kind: Helper, Node: call, Encl: encl, Helper: h, HelperFunc: fn, Library: libs.NameOf(fn),
			Op: site.ResolveOp(f.info, f.decls, call.Args[h.Op], encl)}
		resolveLibrary(f.info, s, call, encl)
		if fam := libs.FamilyOf(fn); fam != nil && fam.Retries != nil && !f.retries(fam, s) {
			return nil // an executor with no retry policy
		}
		if endsEveryTime(f.info, s.Op.Body) {
			return nil // every failure is returned as permanent
		}
		if pollsForExistence(f.info, s.Op.Body) {
			return nil // again only while what it reads is not there yet
		}
		s.Waits = opRetryWaits(f.info, s)
		return s
	}
	if fact := f.helperFact(fn); fact != nil && fact.Op < len(call.Args) {
		if fact.AgainOn > 0 && fact.AgainOn <= len(call.Args) && notFoundArg(f.info, call.Args[fact.AgainOn-1]) {
			return nil // retryOnCode("NoSuchBucket", f): a poll for the bucket to appear
		}
		s := &Site{Kind: UserHelper, Node: call, Encl: encl, UserHelper: fact, HelperFunc: fn,
			Op: site.ResolveOp(f.info, f.decls, call.Args[fact.Op], encl)}
		forwarded(f.info, s, call, encl)
		return s
	}
	if cfg := f.clients.ThroughClientParam(call, fn); cfg != nil {
		return &Site{Kind: Client, Node: call, Encl: encl, HelperFunc: fn, Client: cfg}
	}
	if library {
		return nil
	}
	if cfg := f.clients.SendConfig(call, encl); cfg != nil {
		return &Site{Kind: Client, Node: call, Encl: encl, HelperFunc: fn, Client: cfg}
	}
	return nil
}

func (f *finder) helperFact(fn *types.Func) *site.HelperFact {
	return site.FactOf(f.pass, f.helpers, fn)
}

// learnHelpers records the functions of the files that retry one of their
// function-typed parameters; it reports whether it learned a new one.
func (f *finder) learnHelpers(files []*ast.File, sites []*Site) bool {
	grew := false
	for _, file := range files {
		for _, decl := range file.Decls {
			fd, ok := decl.(*ast.FuncDecl)
			if !ok || fd.Body == nil {
				continue
			}
			fn, _ := f.info.Defs[fd.Name].(*types.Func)
			if fn == nil || f.helpers[fn] != nil {
				continue
			}
			if i := helperParam(f.info, fd, sites); i >= 0 {
				f.helpers[fn] = &site.HelperFact{Op: i, Pred: f.predParam(fd, sites), Forward: forwards(f.info, fd, sites), CtxOnly: ctxOnlyParam(f.info, fd, i, sites) + 1, AgainOn: againOn(f.info, fd, sites)}
				grew = true
			} else if i := conditionParam(f.info, fd); i >= 0 {
				f.helpers[fn] = &site.HelperFact{Op: i, Pred: -1, Condition: true}
				grew = true
			}
		}
	}
	return grew
}

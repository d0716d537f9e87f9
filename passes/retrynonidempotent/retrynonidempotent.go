package retrynonidempotent

import (
	"fmt"
	"github.com/idemlint/idemlint/passes/internal/astutil"
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/idemlint/idemlint/passes/internal/bodies"
	"github.com/idemlint/idemlint/passes/internal/ifaces"
	"github.com/idemlint/idemlint/passes/internal/libs"
	"github.com/idemlint/idemlint/passes/internal/retrysite"
	"github.com/idemlint/idemlint/passes/internal/ssautil"
)

// Analyzer reports non-idempotent requests retried without an idempotency
// key.
var Analyzer = &analysis.Analyzer{
	Name:      "retrynonidempotent",
	Doc:       Doc,
	URL:       "https://github.com/idemlint/idemlint#retrynonidempotent",
	Requires:  []*analysis.Analyzer{retrysite.Analyzer, bodies.Analyzer, ssautil.Analyzer},
	Run:       run,
	FactTypes: []analysis.Fact{new(SendsFact), new(SetsKeyFact), new(BuildsFact), new(FreshFact), new(SendsRequestFact), new(FieldSendsFact), new(KeyParamFact), new(HeadersFact)},
}

var (
	methods = listFlag{"POST", "PATCH"}
	headers = listFlag{"Idempotency-Key", "X-Idempotency-Key"}
)

func init() {
	Analyzer.Flags.Var(&methods, "methods", "comma-separated HTTP methods that are not idempotent")
	Analyzer.Flags.Var(&headers, "headers", "comma-separated header names that carry an idempotency key")
}

type analyzer struct {
	pass     *analysis.Pass
	sends    map[*types.Func]*SendsFact
	setsKey  map[*types.Func]*SetsKeyFact
	builds   map[*types.Func]*BuildsFact
	wrappers map[*types.Func]*SendsRequestFact
	fresh    map[*types.Func]bool
	std      bool // the package is part of the standard library
	index    *bodies.Index
	decls    []*bodies.Body                       // the declared functions with a body
	calls    func() map[token.Pos]*ssa.CallCommon // built on first use
	ssaFunc  func(*types.Func) *ssa.Function      // built on first use, maybe partial
	wantSSA  func(...*types.Func)                 // the functions ssaFunc will be asked for
	done     map[*ast.CallExpr]bool

	clients map[ast.Node]*retrysite.ClientConfig // sends through retrying clients

	headerFuncs map[*types.Func]*HeadersFact // functions returning header maps
	fieldHdrs   map[*types.Var]hmap          // map fields of the package, read once
	// reqFields are the request fields being followed to what the
	// package stores in them (storedRequests), against a field stored
	// from itself (c.req = c.req.Clone(ctx)).
	reqFields  map[*types.Var]bool
	fieldUsers map[*types.Var][]*bodies.Body // see usersOf
	keyArgs    map[paramKey]bool             // name parameters given a key by a call

	wrapBuf SendsRequestFact // sendOf's buffers for the facts of callees
	sendBuf SendsFact

	impls ifaces.Resolver // interface methods with one implementation

	// localLits are the function literals the declarations assign to a
	// local and only call (astutil.LocalCalls), built on first use: a
	// send in one is sent when its declaration runs.
	localLits map[*ast.FuncLit]bool
}

// localCall reports whether lit is one of a.localLits.
func (a *analyzer) localCall(lit *ast.FuncLit) bool {
	if a.localLits == nil {
		a.localLits = map[*ast.FuncLit]bool{}
		for _, d := range a.decls {
			for l := range astutil.LocalCalls(a.pass.TypesInfo, d.Node) {
				a.localLits[l] = true
			}
		}
	}
	return a.localLits[lit]
}

func run(pass *analysis.Pass) (any, error) {
	if !libs.DependsOn(pass.Pkg, "net/http") {
		exportFreshOnly(pass) // nothing here can send a request, but a key helper may live here
		return nil, nil
	}
	a := &analyzer{pass: pass, sends: map[*types.Func]*SendsFact{}, setsKey: map[*types.Func]*SetsKeyFact{},
		builds: map[*types.Func]*BuildsFact{}, wrappers: map[*types.Func]*SendsRequestFact{}, fresh: map[*types.Func]bool{}, done: map[*ast.CallExpr]bool{},
		std: inGoroot(pass), headerFuncs: map[*types.Func]*HeadersFact{}, fieldHdrs: map[*types.Var]hmap{}, keyArgs: map[paramKey]bool{}}
	a.impls.Program = pass.Pkg
	a.index = pass.ResultOf[bodies.Analyzer].(*bodies.Index)
	a.decls = a.index.Decls()
	sites := pass.ResultOf[retrysite.Analyzer].(*retrysite.Result)
	a.clients = map[ast.Node]*retrysite.ClientConfig{}
	for _, s := range sites.Sites {
		if s.Kind == retrysite.Client {
			a.clients[s.Node] = s.Client
		}
	}
	shared := pass.ResultOf[ssautil.Analyzer].(*ssautil.SSA)
	shared.Acquire()
	defer shared.Release()
	a.calls = shared.Calls
	a.ssaFunc, a.wantSSA = shared.PartialFunc, shared.Want
	a.learn(sites)
	for fn, f := range a.sends {
		a.exportWithInterfaces(fn, f)
	}
	for fn, f := range a.setsKey {
		a.exportWithInterfaces(fn, f)
	}
	for fn, f := range a.builds {
		pass.ExportObjectFact(fn, f)
	}
	for fn, f := range a.wrappers {
		pass.ExportObjectFact(fn, f)
	}
	for fn := range a.fresh {
		pass.ExportObjectFact(fn, new(FreshFact))
	}
	for fn, f := range a.headerFuncs {
		pass.ExportObjectFact(fn, f)
	}
	keyParams := a.learnKeyParams()
	for fn, f := range keyParams {
		a.exportWithInterfaces(fn, f)
	}
	fieldSends := a.learnFieldSends(sites)
	for fn, f := range fieldSends {
		pass.ExportObjectFact(fn, f)
	}
	a.check(sites)
	a.checkKeyParams(sites, keyParams)
	a.checkSDKTokens(sites.Sites)
	a.checkFieldSends(sites, fieldSends)
	return nil, nil
}

// exportWithInterfaces exports a method's fact on it and on the methods
// of the package's interfaces it alone implements: an importer read from
// export data (go vet) may not see an unexported implementation
// (mail.New returning a *httpMailer as a mail.Mailer), but it reads the
// fact on the interface method its call names.
func (a *analyzer) exportWithInterfaces(fn *types.Func, f analysis.Fact) {
	a.pass.ExportObjectFact(fn, f)
	if fn.Signature().Recv() == nil {
		return
	}
	for _, m := range a.impls.Stands(a.pass.Pkg, fn) {
		a.pass.ExportObjectFact(m, f)
	}
}

// learn computes the facts of the package's functions, repeating until
// helpers that call helpers declared later are known too.
func (a *analyzer) learn(sites *retrysite.Result) {
	// Header maps first: what the helpers returning them and the map
	// fields hold decides whether a send is keyed.
	for range 4 {
		changed := a.learnSetsKey()
		changed = a.learnFresh() || changed
		changed = a.learnHeaderFuncs() || changed
		clear(a.fieldHdrs)
		if !changed {
			break
		}
	}
	for changed := true; changed; {
		changed = false
		a.eachSend(func(lit *ast.FuncLit) bool { return isHelperOp(sites, lit) || a.localCall(lit) }, func(fn *types.Func, in *inspector, s *send) {
			// A function that sends a request with a key of its own choosing
			// (like stripe-go, which makes one per call) owns its
			// idempotency: its callers are not told about it.
			if a.sends[fn] != nil || s.keyed || !a.nonIdempotent(s.method) && s.methodParam < 0 {
				return
			}
			retried := retriedByProgram(a.retriedAt(sites, s.call)) || a.viaRetryingClient(s.call) || s.fact != nil && s.fact.Retried || s.retriedBy != nil
			// A constant POST retried here is reported here; the fact
			// still tells the callers, so a retry of a call of this
			// function (an ACME poll around a client method that retries
			// its POST) is reported at that call too.
			a.sends[fn] = &SendsFact{
				Method:       s.method,
				MethodParam:  s.methodParam,
				MethodField:  s.methodField,
				Retried:      retried,
				Where:        a.where(s),
				HeaderParams: s.keyParams,
			}

			changed = true
		})
		changed = a.learnSetsKey() || changed
		changed = a.learnFresh() || changed
		changed = a.learnBuilders() || changed
		changed = a.learnWrappers(sites) || changed
	}
}

// isHelperOp reports whether lit is the operation of a retry helper call:
// it runs, retried, when its declaration runs.
func isHelperOp(sites *retrysite.Result, lit *ast.FuncLit) bool {
	for _, s := range sites.Within(lit.Body.Pos()) {
		if s.Kind != retrysite.Loop && s.Op.Body == lit.Body {
			return true
		}
	}
	return false
}

// where is the position of the send itself, through facts.
func (a *analyzer) where(s *send) string {
	if s.fact != nil {
		return s.fact.Where
	}
	p := a.pass.Fset.Position(s.call.Pos())
	return fmt.Sprintf("%s:%d", baseName(p.Filename), p.Line)
}

func baseName(path string) string {
	return path[strings.LastIndexAny(path, `/\`)+1:]
}

// eachSend calls f for every send in every function declaration, and in
// the function literals inside them that lits picks. (A send in a literal
// runs when the literal is called, which is not when its declaration is.)
func (a *analyzer) eachSend(lits func(*ast.FuncLit) bool, f func(*types.Func, *inspector, *send)) {
	for _, d := range a.decls {
		in := a.inspector(d)
		for n, fn := range a.index.Each(d, lits) {
			if call, ok := n.(*ast.CallExpr); ok {
				if s := in.sendOf(call, fn); s != nil {
					f(d.Func, in, s)
				}
			}
		}
	}
}

// eachPackageLevelSend calls f for every send in the function literals of
// package-level declarations (var crawl = &cli.Command{Action: func(...)
// error { ... }}): a command's action retries like any function. No
// function holds them, so they teach no fact; they are only checked.
func (a *analyzer) eachPackageLevelSend(f func(*inspector, *send)) {
	for _, d := range a.index.Top {
		if d.Block != nil {
			continue // a declared function: eachSend's
		}
		in := &inspector{a: a, info: a.pass.TypesInfo, decl: d.Node, body: d}
		for n, fn := range a.index.All(d) {
			if call, ok := n.(*ast.CallExpr); ok {
				if s := in.sendOf(call, fn); s != nil {
					f(in, s)
				}
			}
		}
	}
}

// inspector returns the inspector of a declared function's body.
func (a *analyzer) inspector(d *bodies.Body) *inspector {
	return &inspector{a: a, info: a.pass.TypesInfo, decl: d.Node, body: d, sig: d.Func.Signature()}
}

// learnSetsKey finds functions that set a key header on a request
// parameter.
func (a *analyzer) learnSetsKey() bool {
	grew := false
	for _, d := range a.decls {
		if a.setsKey[d.Func] != nil {
			continue
		}
		in := a.inspector(d)
		params := d.Func.Signature().Params()
		for i := range params.Len() {
			p := params.At(i)
			if !isRequest(p.Type()) && !isHeaderMap(p.Type()) {
				continue
			}
			var s send
			if isRequest(p.Type()) {
				in.headersOf(&s, p)
			} else {
				// addKey(h, key): h.Set, h[...] =, maps.Copy into h.
				s.addHeaders(in.writes(func(e ast.Expr) bool {
					id, ok := ast.Unparen(e).(*ast.Ident)
					return ok && in.info.Uses[id] == p
				}, 0))
			}
			// A header map copied from another parameter may hold the key:
			// counted as setting it, as the fact has no condition.
			if s.keyed || len(s.keyParams) > 0 {
				a.setsKey[d.Func] = &SetsKeyFact{Param: i}
				grew = true
				break
			}
		}
	}
	return grew
}

func isHeader(t types.Type) bool {
	return libs.IsNamed(t, "net/http", "Header")
}

func (a *analyzer) nonIdempotent(method string) bool {
	for _, m := range methods {
		if strings.EqualFold(m, method) {
			return true
		}
	}
	return false
}

type keyMatch int

const (
	notKey keyMatch = iota
	isKey
	mayBeKey
)

// isKeyName reports whether a header name expression names a key header;
// a name that is not constant may.
func (a *analyzer) isKeyName(info *types.Info, e ast.Expr) keyMatch {
	tv, ok := info.Types[e]
	if !ok || tv.Value == nil || tv.Value.Kind() != constant.String {
		return mayBeKey
	}
	name := constant.StringVal(tv.Value)
	for _, h := range headers {
		if strings.EqualFold(h, name) {
			return isKey
		}
	}
	return notKey
}

// retriedByProgram reports whether a site of the program's own retries a
// send: a handler that a job queue or broker runs again is not a retry its
// callers make (code that calls a handler directly runs it once).
func retriedByProgram(sites []*retrysite.Site) bool {
	for _, s := range sites {
		if s.Kind != retrysite.Redelivery {
			return true
		}
	}
	return false
}

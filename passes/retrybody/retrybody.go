package retrybody

import (
	"go/ast"
	"go/types"
	"slices"

	"golang.org/x/tools/go/analysis"

	"github.com/idemlint/idemlint/passes/internal/astutil"
	"github.com/idemlint/idemlint/passes/internal/bodies"
	"github.com/idemlint/idemlint/passes/internal/libs"
	"github.com/idemlint/idemlint/passes/internal/report"
	"github.com/idemlint/idemlint/passes/internal/retrysite"
)

// Analyzer reports request bodies drained by the first attempt and response
// bodies left open by failed attempts.
var Analyzer = &analysis.Analyzer{
	Name:      "retrybody",
	Doc:       Doc,
	URL:       "https://github.com/idemlint/idemlint#retrybody",
	Requires:  []*analysis.Analyzer{retrysite.Analyzer, bodies.Analyzer},
	FactTypes: []analysis.Fact{new(BuilderFact), new(ResendsFact), new(SendsParamFact), new(BodyFieldFact)},
	Run:       run,
}

var checkRequest, checkResponse bool

func init() {
	Analyzer.Flags.BoolVar(&checkRequest, "request", true, "report request bodies made once and sent by every attempt")
	Analyzer.Flags.BoolVar(&checkResponse, "response", true, "report response bodies left open by failed attempts")
}

const (
	msgDrained  = "request body is read to the end by the first attempt, so the retries send it empty: the body is made once, outside the retry; build the request and its body inside the retry (or reset req.Body from req.GetBody)"
	msgLeaked   = "response body is not closed when the attempt fails on its status, so every retry leaks a connection; close resp.Body before the next attempt"
	msgLeakedOK = "response body is not closed when reading the response fails and the attempt is retried, so every retry leaks a connection; close resp.Body before the next attempt"
	bodyArgPost = 2 // http.Post(url, contentType, body)
)

func run(pass *analysis.Pass) (any, error) {
	if !libs.ImportsAny(pass.Pkg, "net/http") {
		return nil, nil
	}
	b := &builders{pass: pass, index: pass.ResultOf[bodies.Analyzer].(*bodies.Index), local: map[*types.Func]*BuilderFact{}}
	b.learn()
	ss := &senders{pass: pass, index: b.index}
	ss.learn()
	bf := &bodyFields{pass: pass, index: b.index, builders: b, senders: ss}
	bf.learn()
	rs := &resends{pass: pass, local: map[*types.Func]*ResendsFact{}, direct: map[*types.Func]bool{}}
	leaked := map[*ast.CallExpr]bool{}
	res := pass.ResultOf[retrysite.Analyzer].(*retrysite.Result)
	// A function that calls itself again after a failure sends, in the
	// next call, the parameters it was given: a body reader or a request
	// it did not build is sent again, drained.
	// A goto retry (retry: ...; goto retry) sends again what it sent.
	for _, s := range slices.Concat(res.Sites, res.Recursions, res.Gotos) {
		// A response left open on the way to the next target of a single
		// pass over a list is not one a retry left open (RULES.md counts
		// failover for retrynonidempotent and retryamplify only).
		if checkResponse && s.Fail != nil && !s.OnePass() {
			for _, l := range s.Fail.Leaks {
				if leaked[l.Send] {
					continue
				}
				leaked[l.Send] = true
				if l.OnStatus {
					report.At(pass, l.Send, msgLeaked)
				} else {
					report.At(pass, l.Send, msgLeakedOK)
				}
			}
		}
		// A redelivered handler runs again from its start: a body built
		// in it is built anew, and there is no retry path of its own.
		if s.Op.Body == nil || s.Op.Func != nil || s.Kind == retrysite.Redelivery {
			continue
		}
		c := &checker{pass: pass, site: s, builders: b, resends: rs, senders: ss, bodyFields: bf}
		ast.Inspect(s.Op.Body, func(n ast.Node) bool {
			call, ok := n.(*ast.CallExpr)
			// The call that goes round (a recursion's call back, of
			// itself or of the helper that waits) is the retry, not a
			// send of its attempt.
			if ok && s.InAttempt(call) && call != s.Node {
				c.send(call)
			}
			return true
		})
	}
	rs.finish(&checker{pass: pass, builders: b})
	return nil, nil
}

type checker struct {
	pass     *analysis.Pass
	site     *retrysite.Site
	builders *builders
	resends  *resends
	senders  *senders
	// bodyFields knows the functions that send the reader their options
	// carry (bodyfield.go).
	bodyFields *bodyFields
	sendCall   *ast.CallExpr // the send whose request drained follows
}

// send checks one call of the retry's operation.
func (c *checker) send(call *ast.CallExpr) {
	info := c.pass.TypesInfo
	fn := libs.Callee(info, call)
	if c.bodyFields != nil {
		if f := c.bodyFields.lookup(fn); f != nil && f.Param < len(call.Args) {
			if checkRequest && c.optionsDrained(call.Args[f.Param], f.Field) {
				report.At(c.pass, call, msgDrained) // HTTPDoWithOptionsE(t, options)
			}
			return
		}
	}
	row, ok := libs.Sends.Lookup(fn)
	if f := c.senders.lookup(fn); !ok && f != nil && f.Param < len(call.Args) {
		if checkRequest {
			c.request(call, call.Args[f.Param]) // c.doRequest(req, &out)
		}
		return
	}
	if !ok || fn.Pkg().Path() != "net/http" {
		return // go-retryablehttp rewinds its bodies; resty rebuilds them
	}
	if checkRequest {
		switch {
		case row.RequestArg >= 0 && row.RequestArg < len(call.Args):
			c.request(call, call.Args[row.RequestArg])
		case row.Method == "POST" && libs.NameOf(fn).Name == "Post" && len(call.Args) > row.RequestArg+bodyArgPost:
			if c.stale(call.Args[len(call.Args)-1]) {
				report.At(c.pass, call, msgDrained)
			}
		}
	}
}

// request reports a request sent by every attempt whose body was made
// outside the retry.
func (c *checker) request(call *ast.CallExpr, req ast.Expr) {
	c.sendCall = call
	if c.drained(req, 0, map[*types.Var]bool{}) {
		report.At(c.pass, call, msgDrained)
	}
}

// drained reports whether a request sent by an attempt carries a body made
// outside the retry: the request was built there (by net/http or a builder
// of the program) with a body, or its Body was set there, or it is a copy
// (req.WithContext, req.Clone) of such a request, which shares its body;
// or it was built inside around a reader made outside. following holds the
// locals being followed: req, orig = orig, req leads back to one. The
// depth keeps the paths through many such locals few.
func (c *checker) drained(req ast.Expr, depth int, following map[*types.Var]bool) bool {
	info := c.pass.TypesInfo
	if depth > 4 {
		return false
	}
	if orig := copied(info, req); orig != nil {
		return c.drained(orig, depth+1, following)
	}
	id, ok := ast.Unparen(req).(*ast.Ident)
	if !ok {
		return false
	}
	v, ok := info.Uses[id].(*types.Var)
	if !ok || following[v] || c.resetsBody(v) {
		return false
	}
	following[v] = true
	defer delete(following, v)
	// req, err = build(...) at the top of each round: what req was given
	// outside (a first request, sent before the loop) is not resent.
	rebuilt := depth == 0 && c.rebuiltBefore(v, c.sendCall)
	if !rebuilt && c.bodySetOutside(v) {
		return true
	}
	if depth == 0 && c.resends != nil && v.Parent() != nil && len(astutil.Assignments(info, c.site.Encl, v)) == 0 {
		c.resends.note(c.site.Encl, v) // a request parameter, sent as given
	}
	if depth == 0 && c.callerSendsBody(v) {
		return true
	}
	for _, def := range astutil.Assignments(info, c.site.Encl, v) {
		if orig := copied(info, def); orig != nil {
			if c.drained(orig, depth+1, following) {
				return true
			}
			continue
		}
		build, ok := ast.Unparen(def).(*ast.CallExpr)
		if !ok {
			continue
		}
		body, internal, ok := c.builders.bodyArg(build)
		if !ok {
			continue
		}
		inside := c.site.Op.Contains(build.Pos())
		if rebuilt && !inside {
			continue
		}
		switch {
		case internal:
			if !inside {
				return true
			}
		case !inside && !isNoBody(info, body) && !c.rewinds(body), inside && c.stale(body):
			return true
		}
	}
	return false
}

// rebuiltBefore reports whether the request variable v is assigned by a
// statement of the retry's own body that comes before the one holding the
// send: every round builds the request again before sending it, whatever
// it was given outside (a first request sent before the loop).
func (c *checker) rebuiltBefore(v *types.Var, send *ast.CallExpr) bool {
	body := c.site.Op.Body
	if send == nil || body == nil || c.site.Kind != retrysite.Loop {
		return false
	}
	for _, st := range body.List {
		if st.Pos() <= send.Pos() && send.End() <= st.End() {
			return false // reached the send first
		}
		if as, ok := st.(*ast.AssignStmt); ok && len(astutil.AssignedValues(c.pass.TypesInfo, as, v, nil)) > 0 {
			return true
		}
	}
	return false
}

// copied returns req in req.WithContext(ctx) or req.Clone(ctx): a copy of
// a request that shares its body.
func copied(info *types.Info, e ast.Expr) ast.Expr {
	call, ok := ast.Unparen(e).(*ast.CallExpr)
	if !ok {
		return nil
	}
	sel, ok := call.Fun.(*ast.SelectorExpr)
	if !ok || sel.Sel.Name != "WithContext" && sel.Sel.Name != "Clone" || !isRequest(info.TypeOf(sel.X)) {
		return nil
	}
	return sel.X
}

// bodySetOutside reports whether v.Body is given a reader outside the
// retry (req.Body = io.NopCloser(bytes.NewReader(b)) before the loop).
func (c *checker) bodySetOutside(v *types.Var) bool {
	info := c.pass.TypesInfo
	return astutil.Some(c.site.Encl, func(n ast.Node) bool {
		as, ok := n.(*ast.AssignStmt)
		if !ok || c.site.Op.Contains(as.Pos()) || len(as.Lhs) != len(as.Rhs) {
			return false
		}
		for i, l := range as.Lhs {
			sel, ok := ast.Unparen(l).(*ast.SelectorExpr)
			if ok && sel.Sel.Name == "Body" && astutil.RootObject(info, sel.X) == v && !isNoBody(info, as.Rhs[i]) {
				return true
			}
		}
		return false
	})
}

// stale reports whether a body reader was made outside the retry: a
// variable (or field) none of whose values is made inside it.
func (c *checker) stale(body ast.Expr) bool {
	info := c.pass.TypesInfo
	if isNoBody(info, body) {
		return false
	}
	switch x := ast.Unparen(body).(type) {
	case *ast.SelectorExpr:
		// r.Body of a request that came from outside (a handler's
		// incoming request): streamed once.
		root := astutil.RootObject(info, x.X)
		return x.Sel.Name == "Body" && isRequest(info.TypeOf(x.X)) && root != nil && !c.site.Op.Contains(root.Pos())
	case *ast.Ident:
		v, ok := info.Uses[x].(*types.Var)
		if !ok {
			return false
		}
		if c.rewinds(x) {
			return false
		}
		defs := astutil.Assignments(info, c.site.Encl, v)
		if len(defs) == 0 {
			return v.Parent() != nil && v.Parent() != types.Universe && !c.site.Op.Contains(v.Pos()) && libs.Reads(v.Type())
		}
		for _, d := range defs {
			if c.site.Op.Contains(d.Pos()) {
				return false
			}
		}
		return libs.Reads(v.Type())
	}
	return false
}

// resetsBody reports whether the retry's operation sets req.Body again (or
// calls req.GetBody to do so).
func (c *checker) resetsBody(v *types.Var) bool {
	info := c.pass.TypesInfo
	found := false
	ast.Inspect(c.site.Op.Body, func(n ast.Node) bool {
		sel, ok := n.(*ast.SelectorExpr)
		if ok && (sel.Sel.Name == "Body" || sel.Sel.Name == "GetBody") && astutil.RootObject(info, sel.X) == v {
			found = true
		}
		return !found
	})
	if found {
		return true
	}
	// The helper a relayed recursion waits in, outside the operation,
	// may reset the body of the request it is handed and sends back
	// (req.Body, err = req.GetBody()).
	for _, n := range c.site.RetryPath {
		if c.site.Op.Contains(n.Pos()) {
			continue
		}
		if astutil.Some(n, func(m ast.Node) bool {
			sel, ok := m.(*ast.SelectorExpr)
			return ok && (sel.Sel.Name == "Body" || sel.Sel.Name == "GetBody") && isRequest(info.TypeOf(sel.X))
		}) {
			return true
		}
	}
	return false
}

// rewinds reports whether the retry's operation seeks the body reader
// back (body.Seek(0, io.SeekStart) before each attempt): a bytes.Reader
// or a file made once and rewound is read from its start by every
// attempt.
func (c *checker) rewinds(body ast.Expr) bool {
	info := c.pass.TypesInfo
	id, ok := ast.Unparen(body).(*ast.Ident)
	if !ok || info.Uses[id] == nil {
		return false
	}
	v := info.Uses[id]
	return astutil.Some(c.site.Op.Body, func(n ast.Node) bool {
		call, ok := n.(*ast.CallExpr)
		if !ok {
			return false
		}
		sel, ok := call.Fun.(*ast.SelectorExpr)
		return ok && sel.Sel.Name == "Seek" && astutil.RootObject(info, sel.X) == v
	})
}

func isNoBody(info *types.Info, e ast.Expr) bool {
	if tv, ok := info.Types[e]; ok && tv.IsNil() {
		return true
	}
	sel, ok := ast.Unparen(e).(*ast.SelectorExpr)
	if !ok {
		return false
	}
	obj := info.Uses[sel.Sel]
	return obj != nil && obj.Pkg() != nil && obj.Pkg().Path() == "net/http" && obj.Name() == "NoBody"
}

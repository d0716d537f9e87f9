package retrysite

import (
	"github.com/idemlint/idemlint/passes/internal/libs"
	"go/ast"
	"go/token"
	"go/types"
	"maps"
	"slices"

	"github.com/idemlint/idemlint/passes/internal/astutil"
	"github.com/idemlint/idemlint/passes/internal/retrysite/fails"
	"github.com/idemlint/idemlint/passes/internal/retrysite/site"
)

// Failover over targets (RULES.md, "Vocabulary"): each round sends the
// same request to the next target that a method of the client draws,
// advancing the client's own position:
//
//	func (c *Client) nextEndpoint() string {
//		c.i = (c.i + 1) % len(c.endpoints)
//		return c.endpoints[c.i]
//	}
//	retry:
//		err := get(c.hc, c.nextEndpoint())
//		if err != nil && retries < 3 { retries++; goto retry }
//
// It stays a retry (a POST sent to the next replica after a timeout is
// the double charge), but its missing delay and its bound are not
// nojitter or unboundedretry hazards. So is a loop over a list of targets
// whose failure moves on to the next and whose success leaves (for _,
// broker := range brokers { conn, err := dial(broker); if err != nil {
// continue }; return conn }): only retrynonidempotent and retryamplify
// read it (RULES.md, "Vocabulary").

// rangesTargets reports whether loop ranges over the elements of a slice
// or an array (not a map, a channel or a string) and uses each element:
// the walk then decides whether a failure moves on and a success leaves.
func rangesTargets(info *types.Info, loop *ast.RangeStmt, fl *fails.Fails) bool {
	t := info.TypeOf(loop.X)
	if t == nil {
		return false // a package that did not type-check
	}
	switch t.Underlying().(type) {
	case *types.Slice, *types.Array:
	default:
		return false
	}
	id, ok := loop.Value.(*ast.Ident)
	if !ok || id.Name == "_" {
		return false
	}
	v := info.Defs[id]
	if v == nil {
		return false
	}
	// The element is what a call of the body is given, or the receiver
	// of a method it calls (issuer.Issue(ctx, csr)): the target.
	elem := map[types.Object]bool{v: true}
	given := astutil.Some(loop.Body, func(n ast.Node) bool {
		call, ok := n.(*ast.CallExpr)
		if !ok {
			return false
		}
		if sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr); ok && info.Selections[sel] != nil && site.MentionsAny(info, sel.X, elem) {
			return true
		}
		return slices.ContainsFunc(call.Args, func(a ast.Expr) bool {
			return site.MentionsAny(info, a, elem)
		})
	})
	// for _, dir := range dirs { os.Stat(...) }: a search. (Asked last: it
	// may read the bodies of the functions the loop calls.)
	return given && reachesNetwork(info, loop.Body, fl, map[*ast.BlockStmt]bool{})
}

// markFailovers sets Failover on the loop sites among sites whose
// attempt is given a target drawn in the round.
func (f *finder) markFailovers(sites []*Site) {
	for _, s := range sites {
		if s.Kind == Loop && s.Op.Body != nil {
			s.Failover = s.Failover || f.drawsTargets(s.Op.Body) || popsTargets(f.info, s.Op.Body) || drawsNextTarget(f.info, s.Op.Body)
		}
	}
}

// drawsTargets reports whether body calls a drawing method (draws) and
// hands what it returns, directly or through a variable, to another call,
// or calls, on the same receiver, a method that reads the field the draw
// wrote (cur, err := nc.selectNextServer(); ...; nc.createConn(), which
// dials nc.current).
func (f *finder) drawsTargets(body ast.Node) bool {
	drawn := map[types.Object]bool{}
	written := map[types.Object]map[*types.Var]bool{} // receiver: the fields its draws wrote
	var calls []*ast.CallExpr
	for n := range f.index.In(body, nil) {
		switch n := n.(type) {
		case *ast.AssignStmt:
			if len(n.Rhs) == 1 && (len(n.Lhs) == 1 || len(n.Lhs) == 2) {
				if call, ok := ast.Unparen(n.Rhs[0]).(*ast.CallExpr); ok && f.draws(call) != nil {
					if id, ok := n.Lhs[0].(*ast.Ident); ok {
						drawn[f.info.ObjectOf(id)] = true
					}
				}
			}
		case *ast.CallExpr:
			calls = append(calls, n)
			if fields := f.draws(n); fields != nil {
				if recv := site.ReceiverObject(f.info, n); recv != nil {
					if written[recv] == nil {
						written[recv] = map[*types.Var]bool{}
					}
					maps.Copy(written[recv], fields)
				}
			}
			for _, a := range n.Args {
				a = ast.Unparen(a)
				if call, ok := a.(*ast.CallExpr); ok && f.draws(call) != nil {
					return true
				}
				if id, ok := a.(*ast.Ident); ok && drawn[f.info.ObjectOf(id)] {
					return true
				}
			}
		}
	}
	for _, call := range calls {
		if fields := written[site.ReceiverObject(f.info, call)]; fields != nil && f.draws(call) == nil && f.readsFields(call, fields) {
			return true
		}
	}
	return false
}

// readsFields reports whether the method call invokes a method of the
// package whose body selects one of fields on its receiver.
func (f *finder) readsFields(call *ast.CallExpr, fields map[*types.Var]bool) bool {
	fd, recv := f.methodDecl(call)
	return fd != nil && astutil.Some(fd.Body, func(n ast.Node) bool {
		s, ok := n.(*ast.SelectorExpr)
		if !ok {
			return false
		}
		id, ok := ast.Unparen(s.X).(*ast.Ident)
		v, isVar := f.info.Uses[s.Sel].(*types.Var)
		return ok && isVar && f.info.Uses[id] == recv && fields[v]
	})
}

// methodDecl returns the declaration of the package's method that call
// invokes and its receiver variable, or nil.
func (f *finder) methodDecl(call *ast.CallExpr) (*ast.FuncDecl, types.Object) {
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if !ok {
		return nil, nil
	}
	fn, ok := f.info.Uses[sel.Sel].(*types.Func)
	if !ok || fn.Signature().Recv() == nil {
		return nil, nil
	}
	fd := f.decls[fn]
	if fd == nil || fd.Recv == nil || len(fd.Recv.List) != 1 || len(fd.Recv.List[0].Names) != 1 {
		return nil, nil
	}
	recv := f.info.Defs[fd.Recv.List[0].Names[0]]
	if recv == nil {
		return nil, nil
	}
	return fd, recv
}

// draws returns the fields of its receiver that call writes, when call,
// given no argument, calls a method of the package that writes a field of
// its receiver and returns a value (and perhaps an error): it hands out
// the next of something it keeps. Otherwise nil.
func (f *finder) draws(call *ast.CallExpr) map[*types.Var]bool {
	if len(call.Args) != 0 {
		return nil
	}
	fd, recv := f.methodDecl(call)
	if fd == nil {
		return nil
	}
	if !handsTarget(f.info.Defs[fd.Name].(*types.Func).Signature().Results()) {
		return nil
	}
	var fields map[*types.Var]bool
	write := func(e ast.Expr) {
		s, ok := ast.Unparen(e).(*ast.SelectorExpr)
		if !ok {
			return
		}
		id, ok := ast.Unparen(s.X).(*ast.Ident)
		if v, isVar := f.info.Uses[s.Sel].(*types.Var); ok && isVar && f.info.Uses[id] == recv {
			if fields == nil {
				fields = map[*types.Var]bool{}
			}
			fields[v] = true
		}
	}
	ast.Inspect(fd.Body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.IncDecStmt:
			write(n.X)
		case *ast.AssignStmt:
			if n.Tok != token.DEFINE {
				for _, l := range n.Lhs {
					write(l)
				}
			}
		}
		return true
	})
	return fields
}

// handsTarget reports whether results hand out a target, perhaps beside
// an error: an address, a URL, a client or a connection; a number drawn
// is a delay or a counter (b.Duration() of a backoff), an error the
// outcome of an attempt (b.connect()).
func handsTarget(res *types.Tuple) bool {
	switch {
	case res.Len() == 1:
	case res.Len() == 2 && site.IsErrorType(res.At(1).Type()):
	default:
		return false
	}
	t := res.At(0).Type()
	b, isBasic := t.Underlying().(*types.Basic)
	return !(isBasic && b.Info()&types.IsString == 0 || site.IsErrorType(t))
}

// popsTargets reports whether body reads the head of a list and drops it
// from the list (u := urls[0]; ...; urls = urls[1:]): each round goes to
// the next target, and the list's end bounds the rounds.
func popsTargets(info *types.Info, body ast.Node) bool {
	heads := map[types.Object]bool{} // lists whose first element is read
	popped := map[types.Object]bool{}
	ast.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.IndexExpr:
			if id, ok := ast.Unparen(n.X).(*ast.Ident); ok {
				if c, ok := astutil.IntConst(info, n.Index); ok && c == 0 {
					heads[info.Uses[id]] = true
				}
			}
		case *ast.AssignStmt:
			if len(n.Lhs) != 1 || len(n.Rhs) != 1 || n.Tok != token.ASSIGN {
				return true
			}
			id, ok := ast.Unparen(n.Lhs[0]).(*ast.Ident)
			sl, isSlice := ast.Unparen(n.Rhs[0]).(*ast.SliceExpr)
			if !ok || !isSlice || sl.Low == nil || sl.High != nil {
				return true
			}
			if x, ok := ast.Unparen(sl.X).(*ast.Ident); ok && info.Uses[x] == info.Uses[id] {
				if c, ok := astutil.IntConst(info, sl.Low); ok && c == 1 {
					popped[info.Uses[id]] = true
				}
			}
		}
		return true
	})
	for v := range popped {
		if v != nil && heads[v] {
			return true
		}
	}
	return false
}

// reachesNetwork reports whether body sends a request or opens a
// connection itself: a call returning an *http.Response (client.Do(req))
// or a net.Conn (a dial). A loop over paths or names that tries each
// until one exists is a search, not failover over targets.
func reachesNetwork(info *types.Info, body *ast.BlockStmt, fl *fails.Fails, seen map[*ast.BlockStmt]bool) bool {
	if seen[body] || len(seen) > 8 {
		return false
	}
	seen[body] = true
	return astutil.Some(body, func(n ast.Node) bool {
		call, ok := n.(*ast.CallExpr)
		if !ok {
			return false
		}
		if tup, ok := info.TypeOf(call).(*types.Tuple); ok {
			for v := range tup.Variables() {
				t := v.Type()
				if site.IsResponseType(t) || libs.IsNamed(t, "net", "Conn") || isConnection(t) {
					return true
				}
			}
		}
		// s.getFrom(ctx, u): a function of the package that sends.
		if fl != nil {
			if b := fl.LocalBody(call); b != nil {
				return reachesNetwork(info, b, fl, seen)
			}
			if b := fl.ImplementationBody(call); b != nil {
				return reachesNetwork(info, b, fl, seen)
			}
		}
		return false
	})
}

// isConnection reports whether t is a connection a network client library
// opens (amqp.DialConfig's *amqp.Connection): a named type that can be
// closed, of a package that imports net.
func isConnection(t types.Type) bool {
	if p, ok := t.(*types.Pointer); ok {
		t = p.Elem()
	}
	named, ok := types.Unalias(t).(*types.Named)
	if !ok || named.Obj().Pkg() == nil {
		return false
	}
	pkg := named.Obj().Pkg()
	if !slices.ContainsFunc(pkg.Imports(), func(p *types.Package) bool { return p.Path() == "net" }) {
		return false
	}
	obj, _, _ := types.LookupFieldOrMethod(types.NewPointer(named), false, pkg, "Close")
	_, isMethod := obj.(*types.Func)
	return isMethod
}

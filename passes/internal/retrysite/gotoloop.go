package retrysite

import (
	"go/ast"
	"go/token"

	"github.com/idemlint/idemlint/passes/internal/retrysite/site"
)

// A goto retry is a retry loop written with a label and a goto back to it
// (RULES.md, "Vocabulary": the failure path may reach the next iteration
// by a goto back):
//
//	retry:
//		resp, err := c.send(ctx, req)
//		if err != nil {
//			time.Sleep(time.Second)
//			goto retry
//		}
//
// Its Site has Kind Loop, Node the goto statement, Op the statements from
// the label to the one holding the goto, RetryPath the failure branch up
// to the goto, Waits the waits on it (none: a hot loop), and Bound the
// test that ends the retries while the operation keeps failing (a counter
// compared, on the way to the goto or in a test that returns; a context or
// a deadline checked), or nil. nojitter and unboundedretry judge it like a
// for loop.

// gotoLoops lists the goto retries of the package's functions, declared
// ones and function literals alike (a handler written as a closure retries
// with a goto as often as a method does). A label belongs to the function
// or literal it is written in, so each body is walked without entering the
// literals it holds: they are bodies of their own.
func (f *finder) gotoLoops() []*Site {
	var out []*Site
	for _, b := range f.index.Bodies {
		if b.Block == nil || !b.Gotos { // a goto jumps within its own body
			continue
		}
		encl := b.Node
		// One walk finds the labels and the labels gotos name; only those
		// are looked at (generated code labels many statements, and
		// looking for a goto after each was quadratic).
		type labeled struct {
			block *ast.BlockStmt
			at    int
			ls    *ast.LabeledStmt
		}
		var labels []labeled
		targets := map[string]bool{}
		ast.Inspect(b.Block, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.FuncLit:
				return false
			case *ast.BranchStmt:
				if n.Tok == token.GOTO && n.Label != nil {
					targets[n.Label.Name] = true
				}
			case *ast.BlockStmt:
				for i, st := range n.List {
					if ls, ok := st.(*ast.LabeledStmt); ok {
						labels = append(labels, labeled{n, i, ls})
					}
				}
			}
			return true
		})
		// The gotos of each block holding a label, found once for all
		// its labels (a generated state machine labels hundreds of the
		// statements of one block; looking for the gotos after each was
		// quadratic).
		gotos := map[*ast.BlockStmt]map[string][]blockGoto{}
		for _, l := range labels {
			name := l.ls.Label.Name
			if !targets[name] {
				continue
			}
			byLabel, ok := gotos[l.block]
			if !ok {
				byLabel = gotosOf(l.block)
				gotos[l.block] = byLabel
			}
			var jumps []blockGoto
			for _, g := range byLabel[name] {
				if g.at >= l.at {
					jumps = append(jumps, blockGoto{g.at - l.at, g.jump})
				}
			}
			if s := f.gotoLoop(encl, l.block.List[l.at:], l.ls, jumps); s != nil {
				out = append(out, s)
			}
		}
	}
	return out
}

// A blockGoto is a goto in the statement at of a block's list.
type blockGoto struct {
	at   int
	jump *ast.BranchStmt
}

// gotosOf returns the gotos of block's statements, outside function
// literals, by the label they name, in the order of the source.
func gotosOf(block *ast.BlockStmt) map[string][]blockGoto {
	out := map[string][]blockGoto{}
	for i, st := range block.List {
		ast.Inspect(st, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.FuncLit:
				return false
			case *ast.BranchStmt:
				if n.Tok == token.GOTO && n.Label != nil {
					out[n.Label.Name] = append(out[n.Label.Name], blockGoto{i, n})
				}
			}
			return true
		})
	}
	return out
}

// gotoLoop returns the site of a goto back to ls, the first of list, or
// nil when no goto jumps back to it from a failure branch. found are the
// gotos to ls in list, each with the index of the statement holding it.
func (f *finder) gotoLoop(encl ast.Node, list []ast.Stmt, ls *ast.LabeledStmt, found []blockGoto) *Site {
	// Every goto back to the label is a way round: a transport error and
	// a 5xx often jump back from two branches (retries--; goto retry).
	if len(found) == 0 {
		return nil
	}
	jumps := make([]*ast.BranchStmt, len(found))
	for i, g := range found {
		jumps[i] = g.jump
	}
	end := found[len(found)-1].at
	// The label holds the first statement (retry: if err := ...).
	region := append([]ast.Stmt{ls.Stmt}, list[1:end+1]...)
	var s *Site
	var failing []*ast.BranchStmt
	type way struct {
		jump    *ast.BranchStmt
		path    []ast.Node
		test    ast.Expr
		onFalse bool
	}
	var ways []way
	for _, jump := range jumps {
		if path, test, onFalse := f.failureBranchIn(region, jump); path != nil {
			ways = append(ways, way{jump, path, test, onFalse})
			continue
		}
		// A failure branch jumps ahead to a wait every way shares (if err
		// != nil { goto WAIT } ... WAIT: select { case <-time.After(d):
		// goto START }): its path runs on through the wait to the jump.
		for _, via := range forwardVia(region, jump) {
			if path, test, onFalse := f.failureBranchIn(region, via.jump); path != nil {
				ways = append(ways, way{jump, append(path, via.tail...), test, onFalse})
			}
		}
	}
	for _, w := range ways {
		jump, path, test, onFalse := w.jump, w.path, w.test, w.onFalse
		failing = append(failing, jump)
		if s == nil {
			body := &ast.BlockStmt{Lbrace: region[0].Pos(), List: region, Rbrace: region[len(region)-1].End()}
			s = &Site{Kind: Loop, Node: jump, Label: ls.Label, Encl: encl, Op: site.Operation{Body: body}, Attempt: []ast.Node{body}}
		}
		s.RetryPath = append(s.RetryPath, path...)
		s.Tests = append(s.Tests, test)
		s.RetryTests = append(s.RetryTests, test)
		if onFalse {
			if s.RetryOnFalse == nil {
				s.RetryOnFalse = map[ast.Expr]bool{}
			}
			s.RetryOnFalse[test] = true
		}
	}
	if s == nil {
		return nil
	}
	f.noteWaits(s)
	s.Bound = f.gotoBound(s.Op.Body, s, failing)
	return s
}

// gotoBound returns what ends a goto retry while the operation keeps
// failing: a condition on the way to each of its gotos that limits the
// attempts or asks a context or the time (if err != nil && attempt < 3 {
// attempt++; goto retry }), or what recursionBound finds in the
// statements (a test that returns, a select on ctx.Done(), a wait helper
// that stops with the context), or nil.
func (f *finder) gotoBound(body *ast.BlockStmt, s *Site, jumps []*ast.BranchStmt) ast.Node {
	b := newBounder(f.info, body, f.waits.Wait)
	var first ast.Node
	for _, jump := range jumps {
		bound := f.boundOnWayTo(b, body, s, jump)
		if bound == nil {
			return f.recursionBound(&ast.FuncDecl{Body: body}, s, nil, nil)
		}
		if first == nil {
			first = bound
		}
	}
	return first
}

// boundOnWayTo returns the condition of an if statement holding jump
// that limits the attempts, or nil.
func (f *finder) boundOnWayTo(b *bounder, body *ast.BlockStmt, s *Site, jump *ast.BranchStmt) ast.Node {
	var bound ast.Node
	ast.Inspect(body, func(n ast.Node) bool {
		if bound != nil {
			return false
		}
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.IfStmt:
			if n.Body.Pos() <= jump.Pos() && jump.End() <= n.Body.End() && (b.bounds(n.Cond) || initBounds(b, n.Init) || site.OnceFlag(f.info, n.Cond, s.Encl, body.Pos())) {
				bound = n.Cond
			}
		}
		return true
	})
	return bound
}

// forward is a goto ahead to the label of the statements tail, which hold
// a jump back.
type forward struct {
	jump *ast.BranchStmt
	tail []ast.Node
}

// forwardVia returns the gotos of region that jump ahead to a label of
// region whose statements, up to the one holding jump, run before jump.
func forwardVia(region []ast.Stmt, jump *ast.BranchStmt) []forward {
	for k, st := range region {
		ls, ok := st.(*ast.LabeledStmt)
		if !ok || k == 0 {
			continue
		}
		end := -1
		for j := k; j < len(region); j++ {
			if region[j].Pos() <= jump.Pos() && jump.End() <= region[j].End() {
				end = j
				break
			}
		}
		if end < 0 {
			continue
		}
		var out []forward
		for _, before := range region[:k] {
			for _, g := range gotosTo(before, ls.Label.Name) {
				out = append(out, forward{g, nodes(region[k : end+1])})
			}
		}
		return out
	}
	return nil
}

// gotosTo returns the gotos to label in st, outside function literals
// (a label belongs to its own function).
func gotosTo(st ast.Stmt, label string) []*ast.BranchStmt {
	var out []*ast.BranchStmt
	ast.Inspect(st, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.BranchStmt:
			if n.Tok == token.GOTO && n.Label != nil && n.Label.Name == label {
				out = append(out, n)
			}
		}
		return true
	})
	return out
}

package sitemap

import (
	"cmp"
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"slices"

	"github.com/idemlint/idemlint/passes/internal/retrysite"
)

// clientRows makes one row per retrying client: every AWS SDK operation,
// every gRPC call under a retry policy, every request through a
// retryablehttp client is a retry site, and a row each would bury the
// rest of the map. A client built in the package is its construction,
// with the number of calls made through it; one built out of sight (a
// parameter, a field set elsewhere) is grouped by its library and type.
func (d *describer) clientRows(sites []*retrysite.Site) []Site {
	var rows []*Site
	byKey := map[string]*Site{}
	var built map[token.Pos]ast.Node
	// A client built out of sight is placed at its first call in file
	// order, whatever order the sites came in (a package and its test
	// variant list them differently).
	sites = slices.Clone(sites)
	slices.SortStableFunc(sites, func(a, b *retrysite.Site) int {
		pa, pb := d.pass.Fset.Position(a.Node.Pos()), d.pass.Fset.Position(b.Node.Pos())
		if c := cmp.Compare(pa.Filename, pb.Filename); c != 0 {
			return c
		}
		return cmp.Compare(pa.Offset, pb.Offset)
	})
	for _, s := range sites {
		kind := clientKind(s)
		key := kind + "\x00" + receiverOf(d.pass.TypesInfo, s.Node)
		if s.Client.Built.IsValid() {
			key = fmt.Sprint(s.Client.Built)
		}
		row := byKey[key]
		if row == nil {
			at := s.Node
			if s.Client.Built.IsValid() {
				if built == nil {
					built = d.constructions()
				}
				if n := built[s.Client.Built]; n != nil {
					at = n
				}
			}
			r := d.row(at, "client", kind)
			r.Attempts = clientAttempts(s.Client.Attempts)
			if s.Client.CustomCheck {
				r.Attempts.From += " (a CheckRetry of its own)"
			}
			if !s.Client.Built.IsValid() {
				r.Attempts.From = "a client built out of sight"
			}
			r.Wait = d.wait(s, "client")
			row, byKey[key] = &r, &r
			rows = append(rows, row)
		} else if n := s.Client.Attempts; n != row.Attempts.Count && n > row.Attempts.Count {
			row.Attempts.Count, row.Attempts.Text = n, fmt.Sprintf("up to %d", n)
		}
		row.Calls++
		row.CallsAt = append(row.CallsAt, d.pos(s.Node.Pos()))
		if at := d.span(s.Node); at != row.Spans[0] {
			row.Spans = append(row.Spans, at)
		}
		for _, op := range d.repeats(s) {
			if !hasOp(row.Repeats, op) {
				row.Repeats = append(row.Repeats, op)
			}
		}
	}
	out := make([]Site, len(rows))
	for i, r := range rows {
		if readsHTTP(r.Repeats) {
			r.Wait.RetryAfter = "by the client"
		}
		out[i] = *r
	}
	return out
}

// constructions indexes the calls and literals of the package by
// position, to find the node at a client's Built position.
func (d *describer) constructions() map[token.Pos]ast.Node {
	out := map[token.Pos]ast.Node{}
	for n := range d.index.Package() {
		switch n.(type) {
		case *ast.CallExpr, *ast.CompositeLit:
			if out[n.Pos()] == nil {
				out[n.Pos()] = n
			}
		}
	}
	return out
}

// receiverOf names the type of the value a client call is made on.
func receiverOf(info *types.Info, n ast.Node) string {
	call, ok := n.(*ast.CallExpr)
	if !ok {
		return ""
	}
	if sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr); ok {
		if t := info.TypeOf(sel.X); t != nil {
			return t.String()
		}
	}
	return ""
}

func hasOp(ops []Op, op Op) bool {
	for _, o := range ops {
		if o.Kind == op.Kind && o.What == op.What && o.Via == op.Via {
			return true
		}
	}
	return false
}

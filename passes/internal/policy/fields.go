package policy

import (
	"go/ast"
	"go/types"

	"github.com/idemlint/idemlint/passes/internal/bodies"
)

// StoredIn returns, for a policy read from one struct field and nothing
// else unseen (backoff.Retry(op, c.backoff)), the field and what the
// package stores in it, merged with what the use itself adds around it:
// the values of the field in composite literals (&Client{backoff: b}) and
// assignments (c.backoff = b), each followed in the function that stores
// it. It returns nil when any stored value cannot be seen, or the package
// stores none (the field is set elsewhere).
func StoredIn(info *types.Info, index *bodies.Index, p *Policy) (*types.Var, *Policy) {
	if p.Complete || !p.OnlyFields || len(p.FromFields) != 1 {
		return nil, nil
	}
	field := p.FromFields[0]
	stored := New()
	stored.Merge(p)
	stored.Complete = true
	n := 0
	for _, b := range index.Top {
		d := b.Node
		for x := range index.All(b) {
			switch x := x.(type) {
			case *ast.KeyValueExpr:
				if id, ok := x.Key.(*ast.Ident); ok && info.Uses[id] == field {
					stored.Merge(Follow(info, x.Value, d))
					n++
				}
			case *ast.AssignStmt:
				for i, l := range x.Lhs {
					if sel, ok := l.(*ast.SelectorExpr); ok && info.Uses[sel.Sel] == field {
						if len(x.Lhs) != len(x.Rhs) {
							stored.incomplete()
							continue
						}
						stored.Merge(Follow(info, x.Rhs[i], d))
						n++
					}
				}
			}
		}
	}
	if n == 0 || !stored.Complete {
		return nil, nil
	}
	return field, stored
}

// Merge adds what builds q to p.
func (p *Policy) Merge(q *Policy) {
	p.Calls = append(p.Calls, q.Calls...)
	p.Lits = append(p.Lits, q.Lits...)
	for k, v := range q.Fields {
		p.Fields[k] = v
	}
	p.Complete = p.Complete && q.Complete
}

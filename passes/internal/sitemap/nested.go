package sitemap

import (
	"go/token"

	"github.com/idemlint/idemlint/passes/internal/retrysite"
)

// nested lists what retryamplify found that the site's attempts reach and
// that retries.
func (d *describer) nested(s *retrysite.Site) []Nested {
	if d.amp == nil {
		return nil
	}
	// A nested site and the call of the function holding it can be one
	// place: it is listed once, with what is known of it.
	var out []Nested
	at := map[token.Pos]int{}
	for _, in := range d.amp.Inners[s.Pos()] {
		n := Nested{At: d.pos(in.Pos), Attempts: in.Attempts, Via: fullName(in.Via)}
		i, seen := at[in.Pos]
		switch {
		case !seen:
			at[in.Pos] = len(out)
			out = append(out, n)
		case out[i].Attempts == 0:
			out[i].Attempts = n.Attempts
		}
	}
	return out
}

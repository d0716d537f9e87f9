package libs

import (
	"go/ast"
	"go/types"

	"golang.org/x/tools/go/analysis"
)

// jpillora/backoff. A policy is a Backoff literal whose Duration() gives
// each delay; its Jitter field is false by default, so every client waits
// the same delays. It has no retry helper: the loop that calls Duration()
// is the retry site, and the literal is judged wherever it is built.
const Jpillora = "github.com/jpillora/backoff"

var jpilloraFamily = &Family{
	Paths:   []string{Jpillora},
	Literal: jpilloraLiteral,
}

// jpilloraLiteral finds a Backoff literal that leaves Jitter off, and
// offers to set Jitter: true.
func jpilloraLiteral(info *types.Info, lit *ast.CompositeLit) []Finding {
	if !IsNamed(info.TypeOf(lit), Jpillora, "Backoff") {
		return nil
	}
	return jitterOff(info, lit, "false", "true",
		"backoff.Backoff leaves Jitter off (its default), so clients that failed together retry together; set Jitter: true",
		"has no jitter (backoff.Backoff leaves Jitter off)")
}

// jitterOff returns the finding of a policy literal whose Jitter field is
// left out or set to the constant off, with a fix that sets it to on;
// none when it is set to anything else (a variable is trusted) or the
// literal is positional.
func jitterOff(info *types.Info, lit *ast.CompositeLit, off, on, msg, why string) []Finding {
	text := "Jitter: " + on
	if len(lit.Elts) > 0 {
		text += ", "
	}
	edit := analysis.TextEdit{Pos: lit.Lbrace + 1, End: lit.Lbrace + 1, NewText: []byte(text)}
	for _, e := range lit.Elts {
		kv, ok := e.(*ast.KeyValueExpr)
		if !ok {
			return nil // positional: every field is written
		}
		if id, isID := kv.Key.(*ast.Ident); isID && id.Name == "Jitter" {
			if tv := info.Types[kv.Value]; tv.Value == nil || tv.Value.ExactString() != off {
				return nil // set, or set from configuration
			}
			edit = analysis.TextEdit{Pos: kv.Value.Pos(), End: kv.Value.End(), NewText: []byte(on)}
		}
	}
	return []Finding{{At: lit, Msg: msg, Why: why,
		Fixes: []analysis.SuggestedFix{{Message: "set Jitter: " + on, TextEdits: []analysis.TextEdit{edit}}},
	}}
}

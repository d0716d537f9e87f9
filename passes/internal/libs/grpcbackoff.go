package libs

import (
	"go/ast"
	"go/types"

	"golang.org/x/tools/go/analysis"
)

// GRPCBackoff is grpc-go's connection backoff package. Its Config
// (BaseDelay, Multiplier, Jitter, MaxDelay) decides how a client
// connection waits before it reconnects: internal/backoff.Exponential
// multiplies the delay, caps it at MaxDelay and then spreads it by
// ±Jitter. backoff.DefaultConfig has Jitter 0.2; a Config literal that
// leaves Jitter out, or sets it to 0, reconnects every client that lost
// the server at the same moments (LIBRARIES.md, gRPC).
const GRPCBackoff = "google.golang.org/grpc/backoff"

var grpcBackoffFamily = &Family{
	Paths:   []string{GRPCBackoff},
	Literal: grpcBackoffLiteral,
}

// grpcBackoffLiteral finds a backoff.Config literal without jitter, and
// offers DefaultConfig's.
func grpcBackoffLiteral(info *types.Info, lit *ast.CompositeLit) []Finding {
	if !IsNamed(info.TypeOf(lit), GRPCBackoff, "Config") {
		return nil
	}
	if len(lit.Elts) > 0 {
		if _, keyed := lit.Elts[0].(*ast.KeyValueExpr); !keyed {
			return nil // positional: every field is written
		}
	}
	text := "Jitter: 0.2"
	if len(lit.Elts) > 0 {
		text += ", "
	}
	edit := analysis.TextEdit{Pos: lit.Lbrace + 1, End: lit.Lbrace + 1, NewText: []byte(text)}
	for _, e := range lit.Elts {
		kv := e.(*ast.KeyValueExpr)
		if id, isID := kv.Key.(*ast.Ident); isID && id.Name == "Jitter" {
			if tv := info.Types[kv.Value]; tv.Value == nil || tv.Value.ExactString() != "0" {
				return nil // set, or set from configuration
			}
			edit = analysis.TextEdit{Pos: kv.Value.Pos(), End: kv.Value.End(), NewText: []byte("0.2")}
		}
	}
	return []Finding{{At: lit,
		Msg:   "backoff.Config leaves Jitter at 0, so connections that broke together reconnect together; set Jitter: 0.2, as backoff.DefaultConfig does",
		Why:   "has no jitter (backoff.Config leaves Jitter at 0)",
		Fixes: []analysis.SuggestedFix{{Message: "set Jitter: 0.2", TextEdits: []analysis.TextEdit{edit}}},
	}}
}

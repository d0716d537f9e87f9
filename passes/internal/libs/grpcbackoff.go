package libs

import (
	"go/ast"
	"go/types"
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
	return jitterOff(info, lit, "0", "0.2",
		"backoff.Config leaves Jitter at 0, so connections that broke together reconnect together; set Jitter: 0.2, as backoff.DefaultConfig does",
		"has no jitter (backoff.Config leaves Jitter at 0)")
}

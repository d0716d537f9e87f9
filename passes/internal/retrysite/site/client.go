package site

import (
	"go/token"

	"github.com/idemlint/idemlint/passes/internal/libs"
)

// ClientConfig is how a retrying client is configured, read once where the
// client is built and followed through the variables, struct fields and
// constructor functions that carry it to the call that sends.
type ClientConfig struct {
	// Attempts is how many times the client sends a request that keeps
	// failing, when its retry count is a constant we can see, else 0.
	Attempts int
	// Off says the client sends once: go-retryablehttp with RetryMax 0, a
	// resty client without a constant SetRetryCount above zero (a count
	// read from configuration may well be zero).
	Off bool
	// CustomCheck says the retry decision was replaced (go-retryablehttp's
	// CheckRetry): the client retries what its author chose.
	CustomCheck bool
	// Std says the send goes through an *http.Client that wraps the
	// retrying client (go-retryablehttp's StandardClient, a retrying
	// transport).
	Std bool
	// Default says the client retries on its library's defaults, set by
	// nothing the program wrote: an AWS SDK client with the SDK's own
	// retryer (or built out of sight). Inside a redelivered handler such
	// a retry is not counted (RULES.md, "Redelivery").
	Default bool
	// Built is where the client is built, when it is in this package.
	Built token.Pos
	// GRPC is set on a gRPC connection, or a generated client made on
	// one, while it is followed (client/grpcclient.go); a call's site has the
	// attempts of the method it sends instead.
	GRPC *GRPCConn
}

// GRPCConn is how a gRPC client connection retries a call (libs/grpc.go):
// read from its dial options where it is built, and carried, like an HTTP
// client's configuration, through variables, struct fields, constructor
// functions and the generated clients made on it.
type GRPCConn struct {
	// Config holds the default service config's retry policies, nil when
	// there is none, or none that can be read.
	Config *libs.ServiceConfig
	// MaxCalls is the channel's cap on maxAttempts (5 unless
	// WithMaxCallAttempts raises it), or 0 when it is not a constant.
	MaxCalls int
	// NoRetry is set by WithDisableRetry.
	NoRetry bool
	// Unary and Stream are the attempts of a retry interceptor on the
	// connection's unary and streaming calls: 0 off (the default), -1 a
	// count with no real limit.
	Unary, Stream int
}

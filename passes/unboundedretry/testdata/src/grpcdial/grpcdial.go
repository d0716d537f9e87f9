// Package grpcdial builds gRPC connections with go-grpc-middleware's
// retry interceptor.
package grpcdial

import (
	"math"
	"time"

	"github.com/grpc-ecosystem/go-grpc-middleware/v2/interceptors/retry"
	"google.golang.org/grpc"
)

// unlimited is as good as no limit: the interceptor retries until the
// call's context ends.
const unlimited = math.MaxUint32

var forever = retry.WithMax(unlimited) // want `retry.WithMax\(unlimited\) sets no real limit`

func Inventory(addr string) (*grpc.ClientConn, error) {
	return grpc.NewClient(addr, grpc.WithUnaryInterceptor(retry.UnaryClientInterceptor(
		forever, retry.WithBackoff(retry.BackoffExponentialWithJitterBounded(100*time.Millisecond, 0.2, 5*time.Second)),
	)))
}

// Look-alikes: a few attempts, the default (off), a count from
// configuration.

type Config struct{ Retries uint }

func Catalog(addr string, cfg Config) (*grpc.ClientConn, error) {
	return grpc.NewClient(addr, grpc.WithChainUnaryInterceptor(
		retry.UnaryClientInterceptor(retry.WithMax(5)),
		retry.UnaryClientInterceptor(),
		retry.UnaryClientInterceptor(retry.WithMax(cfg.Retries)),
	))
}

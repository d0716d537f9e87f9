// Package grpcdial builds gRPC connections with go-grpc-middleware's
// retry interceptor.
package grpcdial

import (
	"time"

	"github.com/grpc-ecosystem/go-grpc-middleware/v2/interceptors/retry"
	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
)

func Inventory(addr string) (*grpc.ClientConn, error) {
	return grpc.NewClient(addr, grpc.WithUnaryInterceptor(retry.UnaryClientInterceptor(
		retry.WithMax(4),
		retry.WithBackoff(retry.BackoffExponential(100*time.Millisecond)), // want `retry.BackoffExponential has no jitter and no cap`
	)))
}

// streamOptions is shared by the stream interceptors of the package.
var streamOptions = []retry.CallOption{
	retry.WithMax(3),
	retry.WithBackoff(retry.BackoffLinear(time.Second)), // want `retry.BackoffLinear waits the same delay with no jitter`
}

func Orders(addr string) (*grpc.ClientConn, error) {
	return grpc.NewClient(addr, grpc.WithStreamInterceptor(retry.StreamClientInterceptor(streamOptions...)))
}

// Look-alikes: the jittered backoffs, and the interceptor's default
// (BackoffLinearWithJitter, 50 ms, 10 %).

func Catalog(addr string) (*grpc.ClientConn, error) {
	return grpc.NewClient(addr, grpc.WithChainUnaryInterceptor(
		retry.UnaryClientInterceptor(retry.WithMax(3), retry.WithBackoff(retry.BackoffExponentialWithJitterBounded(100*time.Millisecond, 0.2, 2*time.Second))),
		retry.UnaryClientInterceptor(retry.WithMax(2), retry.WithBackoff(retry.BackoffLinearWithJitter(time.Second, 0.1))),
		retry.UnaryClientInterceptor(retry.WithMax(2), retry.WithCodes(codes.Unavailable)),
	))
}

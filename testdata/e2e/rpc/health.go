// Package rpc checks a backend's health over gRPC, with the health
// service's generated client (grpc_health_v1). The connection retries
// Check by itself through its default service config; a retry
// interceptor retries the streaming Watch.
package rpc

import (
	"context"
	"math/rand/v2"
	"time"

	"github.com/grpc-ecosystem/go-grpc-middleware/v2/interceptors/retry"
	"google.golang.org/grpc"
	"google.golang.org/grpc/credentials/insecure"
	healthpb "google.golang.org/grpc/health/grpc_health_v1"
)

// serviceConfig retries Check up to 3 times; List has an entry of its
// own with no retry policy.
const serviceConfig = `{"methodConfig": [
  {"name": [{"service": "grpc.health.v1.Health", "method": "Check"}],
   "retryPolicy": {"maxAttempts": 3, "initialBackoff": "0.1s", "maxBackoff": "1s",
                   "backoffMultiplier": 2, "retryableStatusCodes": ["UNAVAILABLE"]}},
  {"name": [{"service": "grpc.health.v1.Health", "method": "List"}], "timeout": "1s"}
]}`

type Checker struct {
	health healthpb.HealthClient
}

func Dial(addr string) (*Checker, error) {
	conn, err := grpc.NewClient(addr,
		grpc.WithTransportCredentials(insecure.NewCredentials()),
		grpc.WithDefaultServiceConfig(serviceConfig),
		grpc.WithStreamInterceptor(retry.StreamClientInterceptor(
			retry.WithMax(4),
			retry.WithBackoff(retry.BackoffExponential(50*time.Millisecond)),
		)),
	)
	if err != nil {
		return nil, err
	}
	return &Checker{health: healthpb.NewHealthClient(conn)}, nil
}

// pause is the wait between two attempts.
const pause = 200 * time.Millisecond

// WaitServing retries Check, which the connection retries: 5 x 3 calls.
func (c *Checker) WaitServing(ctx context.Context, service string) error {
	var err error
	for attempt := 0; attempt < 5; attempt++ {
		if _, err = c.health.Check(ctx, &healthpb.HealthCheckRequest{Service: service}); err == nil {
			return nil
		}
		time.Sleep(pause/2 + rand.N(pause/2))
	}
	return err
}

// Services retries List, which the connection sends once: silent.
func (c *Checker) Services(ctx context.Context) (int, error) {
	var err error
	for attempt := 0; attempt < 3; attempt++ {
		var resp *healthpb.HealthListResponse
		if resp, err = c.health.List(ctx, &healthpb.HealthListRequest{}); err == nil {
			return len(resp.GetStatuses()), nil
		}
		time.Sleep(pause/2 + rand.N(pause/2))
	}
	return 0, err
}

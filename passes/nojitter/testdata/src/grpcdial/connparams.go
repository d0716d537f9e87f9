package grpcdial

import (
	"time"

	"google.golang.org/grpc"
	"google.golang.org/grpc/backoff"
)

// Ingest reconnects after 15 s, 30 s, ... 300 s: the same moments for
// every agent that lost the collector.
func Ingest(addr string) (*grpc.ClientConn, error) {
	return grpc.NewClient(addr,
		grpc.WithConnectParams(grpc.ConnectParams{
			Backoff: backoff.Config{ // want `backoff.Config leaves Jitter at 0`
				BaseDelay:  15 * time.Second,
				Multiplier: 2,
				MaxDelay:   300 * time.Second,
			},
		}))
}

// IngestZero sets the jitter to nothing.
func IngestZero(addr string) (*grpc.ClientConn, error) {
	cfg := backoff.Config{BaseDelay: time.Second, Multiplier: 1.6, Jitter: 0, MaxDelay: time.Minute} // want `backoff.Config leaves Jitter at 0`
	return grpc.NewClient(addr, grpc.WithConnectParams(grpc.ConnectParams{Backoff: cfg}))
}

// IngestJittered keeps DefaultConfig's jitter and changes the rest.
func IngestJittered(addr string, jitter float64) (*grpc.ClientConn, error) {
	cfg := backoff.DefaultConfig
	cfg.MaxDelay = 300 * time.Second
	spread := backoff.Config{BaseDelay: time.Second, Multiplier: 1.6, Jitter: jitter, MaxDelay: time.Minute}
	_ = spread
	return grpc.NewClient(addr, grpc.WithConnectParams(grpc.ConnectParams{Backoff: cfg}))
}

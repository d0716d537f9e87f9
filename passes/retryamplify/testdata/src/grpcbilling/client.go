// Package grpcbilling talks to the payments service over gRPC. Its
// connection retries Charge by itself, through the default service
// config's retryPolicy.
package grpcbilling

import (
	"context"
	"errors"
	"time"

	"google.golang.org/grpc"

	"paymentspb"
)

// serviceConfig retries Charge only: GetCharge has a method entry of its
// own without a retry policy, which wins over the service entry.
const serviceConfig = `{
  "methodConfig": [
    {
      "name": [{"service": "pay.v1.Payments", "method": "Charge"}],
      "retryPolicy": {
        "maxAttempts": 4,
        "initialBackoff": "0.1s",
        "maxBackoff": "1s",
        "backoffMultiplier": 2,
        "retryableStatusCodes": ["UNAVAILABLE"]
      }
    },
    {
      "name": [{"service": "pay.v1.Payments", "method": "GetCharge"}],
      "timeout": "2s"
    }
  ]
}`

type Client struct {
	conn *grpc.ClientConn
	pb   paymentspb.PaymentsClient
}

func Dial(addr string) (*Client, error) {
	opts := []grpc.DialOption{grpc.WithDefaultServiceConfig(serviceConfig)}
	conn, err := grpc.NewClient(addr, opts...)
	if err != nil {
		return nil, err
	}
	return &Client{conn: conn, pb: paymentspb.NewPaymentsClient(conn)}, nil
}

// Charge is sent once by the program, and up to four times by the
// connection.
func (c *Client) Charge(ctx context.Context, amount int64) (string, error) { // want Charge:`retries\(attempts=4\)`
	ch, err := c.pb.Charge(ctx, &paymentspb.ChargeRequest{Amount: amount})
	if err != nil {
		return "", err
	}
	return ch.ID, nil
}

// Lookup sends GetCharge, which the config does not retry.
func (c *Client) Lookup(ctx context.Context, id string) (string, error) {
	ch, err := c.pb.GetCharge(ctx, &paymentspb.GetChargeRequest{ID: id})
	if err != nil {
		return "", err
	}
	return ch.ID, nil
}

// ChargeTwice retries a call the connection already retries.
func (c *Client) ChargeTwice(ctx context.Context, amount int64) error { // want ChargeTwice:`retries\(attempts=12\)`
	req := &paymentspb.ChargeRequest{Amount: amount}
	var err error
	for attempt := 0; attempt < 3; attempt++ {
		if _, err = c.pb.Charge(ctx, req); err == nil { // want `3 x 4 = 12 calls when the dependency keeps failing`
			return nil
		}
		time.Sleep(time.Duration(attempt+1) * 100 * time.Millisecond)
	}
	return err
}

var errNotFound = errors.New("not found")

// WaitForCharge polls GetCharge, which the connection sends once.
func (c *Client) WaitForCharge(ctx context.Context, id string) error { // want WaitForCharge:`retries\(attempts=5\)`
	for attempt := 0; attempt < 5; attempt++ {
		if _, err := c.pb.GetCharge(ctx, &paymentspb.GetChargeRequest{ID: id}); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return errNotFound
}

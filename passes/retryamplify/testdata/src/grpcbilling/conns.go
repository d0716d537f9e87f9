package grpcbilling

import (
	"context"
	"fmt"
	"time"

	"github.com/grpc-ecosystem/go-grpc-middleware/v2/interceptors/retry"
	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"

	"paymentspb"
)

// Ledger's connection retries every method of every service: the entry
// with an empty name is the default. The cap is raised to 6.
type Ledger struct{ pb paymentspb.PaymentsClient }

const anyMethod = `{"methodConfig":[{"name":[{}],"retryPolicy":{"maxAttempts":6,"initialBackoff":"0.2s","maxBackoff":"2s","backoffMultiplier":1.5,"retryableStatusCodes":["UNAVAILABLE","ABORTED"]}}]}`

func NewLedger(addr string) (*Ledger, error) {
	conn, err := grpc.NewClient(addr, grpc.WithDefaultServiceConfig(anyMethod), grpc.WithMaxCallAttempts(8))
	if err != nil {
		return nil, err
	}
	return &Ledger{pb: paymentspb.NewPaymentsClient(conn)}, nil
}

func (l *Ledger) Sync(ctx context.Context, id string) error { // want Sync:`retries\(attempts=12\)`
	var err error
	for i := 0; i < 2; i++ {
		if _, err = l.pb.GetCharge(ctx, &paymentspb.GetChargeRequest{ID: id}); err == nil { // want `2 x 6 = 12 calls`
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

// capped keeps gRPC's cap of 5 attempts: the config asks for 9.
func capped(addr string) paymentspb.PaymentsClient {
	cfg := fmt.Sprintf(`{"methodConfig":[{"name":[{"service":"pay.v1.Payments"}],"retryPolicy":{"maxAttempts":%d,"initialBackoff":"0.1s","maxBackoff":"1s","backoffMultiplier":2,"retryableStatusCodes":["UNAVAILABLE"]}}]}`, 9)
	conn, _ := grpc.NewClient(addr, grpc.WithDefaultServiceConfig(cfg))
	return paymentspb.NewPaymentsClient(conn)
}

func Refund(ctx context.Context, addr string) error { // want Refund:`retries\(attempts=15\)`
	pb := capped(addr)
	var err error
	for i := 0; i < 3; i++ {
		if _, err = pb.Charge(ctx, &paymentspb.ChargeRequest{Amount: -1}); err == nil { // want `3 x 5 = 15 calls`
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

// configured reads maxAttempts from configuration: it retries (a valid
// policy has at least 2), but how often is not known.
func configured(addr string, attempts int) paymentspb.PaymentsClient {
	cfg := fmt.Sprintf(`{"methodConfig":[{"name":[{"service":"pay.v1.Payments"}],"retryPolicy":{"maxAttempts":%d,"initialBackoff":"0.1s","maxBackoff":"1s","backoffMultiplier":2,"retryableStatusCodes":["UNAVAILABLE"]}}]}`, attempts)
	conn, _ := grpc.NewClient(addr, grpc.WithDefaultServiceConfig(cfg))
	return paymentspb.NewPaymentsClient(conn)
}

func Capture(ctx context.Context, addr string, n int) error { // want Capture:`retries\(attempts=0\)`
	pb := configured(addr, n)
	var err error
	for i := 0; i < 3; i++ {
		if _, err = pb.Charge(ctx, &paymentspb.ChargeRequest{Amount: 1}); err == nil { // want `so the attempts multiply`
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

// Look-alikes: connections that send each call once.

// invalid has maxAttempts 1: grpc refuses the config.
const invalid = `{"methodConfig":[{"name":[{"service":"pay.v1.Payments"}],"retryPolicy":{"maxAttempts":1,"initialBackoff":"0.1s","maxBackoff":"1s","backoffMultiplier":2,"retryableStatusCodes":["UNAVAILABLE"]}}]}`

func quiet(addr string) []paymentspb.PaymentsClient {
	var out []paymentspb.PaymentsClient
	if conn, err := grpc.NewClient(addr, grpc.WithDefaultServiceConfig(invalid)); err == nil {
		out = append(out, paymentspb.NewPaymentsClient(conn))
	}
	if conn, err := grpc.NewClient(addr, grpc.WithDefaultServiceConfig(anyMethod), grpc.WithDisableRetry()); err == nil {
		out = append(out, paymentspb.NewPaymentsClient(conn))
	}
	return out
}

func Settle(ctx context.Context, addr string) error { // want Settle:`retries\(attempts=3\)`
	var err error
	for _, pb := range quiet(addr) {
		for i := 0; i < 3; i++ {
			if _, err = pb.Charge(ctx, &paymentspb.ChargeRequest{Amount: 1}); err == nil {
				break
			}
			time.Sleep(time.Second)
		}
	}
	return err
}

// Interceptors: go-grpc-middleware's retry interceptor is off until
// WithMax is given, on the interceptor or on the call.

func intercepted(addr string) paymentspb.PaymentsClient {
	conn, _ := grpc.NewClient(addr, grpc.WithChainUnaryInterceptor(
		retry.UnaryClientInterceptor(retry.WithMax(3), retry.WithCodes(codes.Unavailable)),
	))
	return paymentspb.NewPaymentsClient(conn)
}

func defaulted(addr string) paymentspb.PaymentsClient {
	ri := retry.UnaryClientInterceptor(retry.WithCodes(codes.Unavailable))
	conn, _ := grpc.NewClient(addr, grpc.WithUnaryInterceptor(ri))
	return paymentspb.NewPaymentsClient(conn)
}

func Authorize(ctx context.Context, addr string) error { // want Authorize:`retries\(attempts=6\)`
	pb := intercepted(addr)
	var err error
	for i := 0; i < 2; i++ {
		if _, err = pb.Charge(ctx, &paymentspb.ChargeRequest{Amount: 1}); err == nil { // want `2 x 3 = 6 calls`
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

// Void turns the interceptor off for its call.
func Void(ctx context.Context, addr string) error { // want Void:`retries\(attempts=2\)`
	pb := intercepted(addr)
	var err error
	for i := 0; i < 2; i++ {
		if _, err = pb.Charge(ctx, &paymentspb.ChargeRequest{Amount: 0}, retry.Disable()); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

// Hold goes through an interceptor left at its default, WithMax(0), and
// through the stream side of one that retries unary calls only.
func Hold(ctx context.Context, addr string) error { // want Hold:`retries\(attempts=2\)`
	pb, other := defaulted(addr), intercepted(addr)
	var err error
	for i := 0; i < 2; i++ {
		if _, err = pb.Charge(ctx, &paymentspb.ChargeRequest{Amount: 0}); err == nil {
			if _, err = other.Watch(ctx, &paymentspb.GetChargeRequest{}); err == nil {
				return nil
			}
		}
		time.Sleep(time.Second)
	}
	return err
}

// Boost turns the default interceptor on for its call.
func Boost(ctx context.Context, addr string) error { // want Boost:`retries\(attempts=8\)`
	pb := defaulted(addr)
	var err error
	for i := 0; i < 2; i++ {
		if _, err = pb.Charge(ctx, &paymentspb.ChargeRequest{Amount: 0}, retry.WithMax(4)); err == nil { // want `2 x 4 = 8 calls`
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

// Once sends one call through the retrying connection, outside any loop.
func Once(ctx context.Context, addr string) error { // want Once:`retries\(attempts=3\)`
	_, err := intercepted(addr).Charge(ctx, &paymentspb.ChargeRequest{Amount: 1})
	return err
}

// streaming retries server streams: Watch is retried, Upload (a client
// stream, which the interceptor refuses to retry) is not.
func streaming(addr string) paymentspb.PaymentsClient {
	conn, _ := grpc.NewClient(addr, grpc.WithStreamInterceptor(retry.StreamClientInterceptor(retry.WithMax(3))))
	return paymentspb.NewPaymentsClient(conn)
}

func Follow(ctx context.Context, addr, id string) error { // want Follow:`retries\(attempts=6\)`
	pb := streaming(addr)
	var err error
	for i := 0; i < 2; i++ {
		if _, err = pb.Watch(ctx, &paymentspb.GetChargeRequest{ID: id}); err == nil { // want `2 x 3 = 6 calls`
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

func Batch(ctx context.Context, addr string) error { // want Batch:`retries\(attempts=2\)`
	pb := streaming(addr)
	var err error
	for i := 0; i < 2; i++ {
		if _, err = pb.Upload(ctx); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

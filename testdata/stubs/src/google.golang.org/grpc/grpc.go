// Package grpc is a stub of google.golang.org/grpc v1.85.0: the client
// connection, its dial options and call options.
package grpc

import (
	"context"
	"time"

	"google.golang.org/grpc/backoff"
)

type ClientConnInterface interface {
	Invoke(ctx context.Context, method string, args any, reply any, opts ...CallOption) error
	NewStream(ctx context.Context, desc *StreamDesc, method string, opts ...CallOption) (ClientStream, error)
}

type ClientConn struct{}

func (cc *ClientConn) Invoke(ctx context.Context, method string, args, reply any, opts ...CallOption) error {
	return nil
}

func (cc *ClientConn) NewStream(ctx context.Context, desc *StreamDesc, method string, opts ...CallOption) (ClientStream, error) {
	return nil, nil
}

func (cc *ClientConn) Close() error { return nil }

type StreamDesc struct {
	StreamName    string
	ServerStreams bool
	ClientStreams bool
}

type ClientStream interface {
	SendMsg(m any) error
	RecvMsg(m any) error
	CloseSend() error
}

type ServerStreamingClient[Res any] interface {
	Recv() (*Res, error)
	ClientStream
}

type ClientStreamingClient[Req any, Res any] interface {
	Send(*Req) error
	CloseAndRecv() (*Res, error)
	ClientStream
}

type DialOption interface{ apply() }

type CallOption interface{ before() error }

type UnaryInvoker func(ctx context.Context, method string, req, reply any, cc *ClientConn, opts ...CallOption) error

type UnaryClientInterceptor func(ctx context.Context, method string, req, reply any, cc *ClientConn, invoker UnaryInvoker, opts ...CallOption) error

type Streamer func(ctx context.Context, desc *StreamDesc, cc *ClientConn, method string, opts ...CallOption) (ClientStream, error)

type StreamClientInterceptor func(ctx context.Context, desc *StreamDesc, cc *ClientConn, method string, streamer Streamer, opts ...CallOption) (ClientStream, error)

func NewClient(target string, opts ...DialOption) (*ClientConn, error) { return nil, nil }

func Dial(target string, opts ...DialOption) (*ClientConn, error) { return nil, nil }

func DialContext(ctx context.Context, target string, opts ...DialOption) (*ClientConn, error) {
	return nil, nil
}

func WithDefaultServiceConfig(s string) DialOption             { return nil }
func WithMaxCallAttempts(n int) DialOption                     { return nil }
func WithDisableRetry() DialOption                             { return nil }
func WithUnaryInterceptor(f UnaryClientInterceptor) DialOption { return nil }
func WithChainUnaryInterceptor(interceptors ...UnaryClientInterceptor) DialOption {
	return nil
}
func WithStreamInterceptor(f StreamClientInterceptor) DialOption { return nil }
func WithChainStreamInterceptor(interceptors ...StreamClientInterceptor) DialOption {
	return nil
}
func WithBlock() DialOption                     { return nil }
func WaitForReady(waitForReady bool) CallOption { return nil }

// ConnectParams sets how a connection is re-established (dialoptions.go).
type ConnectParams struct {
	Backoff           backoff.Config
	MinConnectTimeout time.Duration
}

func WithConnectParams(p ConnectParams) DialOption { return nil }

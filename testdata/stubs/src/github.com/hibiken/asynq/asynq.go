// Package asynq is a stub of github.com/hibiken/asynq v0.26.0.
package asynq

import (
	"context"
	"errors"
	"time"
)

type Task struct{ typename string }

func NewTask(typename string, payload []byte, opts ...Option) *Task { return &Task{typename} }
func (t *Task) Type() string                                        { return t.typename }
func (t *Task) Payload() []byte                                     { return nil }
func (t *Task) ResultWriter() *ResultWriter                         { return nil }

type ResultWriter struct{}

func (w *ResultWriter) TaskID() string { return "" }

type Option interface{ String() string }

type opt struct{}

func (opt) String() string { return "" }

func MaxRetry(n int) Option            { return opt{} }
func Queue(name string) Option         { return opt{} }
func Timeout(d time.Duration) Option   { return opt{} }
func Unique(ttl time.Duration) Option  { return opt{} }
func TaskID(id string) Option          { return opt{} }
func ProcessIn(d time.Duration) Option { return opt{} }

type TaskInfo struct{ ID string }

type Client struct{}

type RedisClientOpt struct{ Addr string }

func NewClient(r RedisClientOpt) *Client                                { return &Client{} }
func (c *Client) Enqueue(task *Task, opts ...Option) (*TaskInfo, error) { return nil, nil }
func (c *Client) EnqueueContext(ctx context.Context, task *Task, opts ...Option) (*TaskInfo, error) {
	return nil, nil
}

type Handler interface {
	ProcessTask(context.Context, *Task) error
}

type HandlerFunc func(context.Context, *Task) error

func (fn HandlerFunc) ProcessTask(ctx context.Context, task *Task) error { return fn(ctx, task) }

type MiddlewareFunc func(Handler) Handler

type ServeMux struct{}

func NewServeMux() *ServeMux                                                                { return &ServeMux{} }
func (mux *ServeMux) Handle(pattern string, handler Handler)                                {}
func (mux *ServeMux) HandleFunc(pattern string, handler func(context.Context, *Task) error) {}
func (mux *ServeMux) Use(mws ...MiddlewareFunc)                                             {}
func (mux *ServeMux) ProcessTask(ctx context.Context, task *Task) error                     { return nil }

type Config struct{ Concurrency int }

type Server struct{}

func NewServer(r RedisClientOpt, cfg Config) *Server { return &Server{} }
func (srv *Server) Run(handler Handler) error        { return nil }

var (
	SkipRetry  = errors.New("skip retry for the task")
	RevokeTask = errors.New("revoke task")
)

func GetTaskID(ctx context.Context) (id string, ok bool) { return "", false }
func GetRetryCount(ctx context.Context) (n int, ok bool) { return 0, false }

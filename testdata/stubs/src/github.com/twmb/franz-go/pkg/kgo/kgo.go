// Package kgo is a stub of github.com/twmb/franz-go/pkg/kgo v1.22.3.
package kgo

import "context"

type Record struct {
	Key, Value []byte
	Topic      string
	Partition  int32
	Offset     int64
}

type Fetches []Fetch
type Fetch struct{}

func (fs Fetches) EachRecord(fn func(*Record))             {}
func (fs Fetches) Records() []*Record                      { return nil }
func (fs Fetches) Errors() []error                         { return nil }
func (fs Fetches) IsClientClosed() bool                    { return false }
func (fs Fetches) EachError(fn func(string, int32, error)) {}

type Opt interface{ apply() }

type Client struct{}

func NewClient(opts ...Opt) (*Client, error)                                   { return &Client{}, nil }
func (cl *Client) PollFetches(ctx context.Context) Fetches                     { return nil }
func (cl *Client) PollRecords(ctx context.Context, maxPollRecords int) Fetches { return nil }
func (cl *Client) CommitRecords(ctx context.Context, rs ...*Record) error      { return nil }
func (cl *Client) CommitUncommittedOffsets(ctx context.Context) error          { return nil }
func (cl *Client) MarkCommitRecords(rs ...*Record)                             {}
func (cl *Client) Close()                                                      {}

// Package pubsub is a stub of cloud.google.com/go/pubsub v1.50.1, whose
// Message is the same type as v2's.
package pubsub

import (
	"context"

	ipubsub "cloud.google.com/go/internal/pubsub"
)

type Message = ipubsub.Message

type Client struct{}

func NewClient(ctx context.Context, projectID string) (*Client, error) { return &Client{}, nil }
func (c *Client) Subscription(id string) *Subscription                 { return &Subscription{} }

type Subscription struct{}

func (s *Subscription) Receive(ctx context.Context, f func(context.Context, *Message)) error {
	return nil
}

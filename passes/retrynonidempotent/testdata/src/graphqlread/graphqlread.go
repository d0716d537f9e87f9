// Package graphqlread retries GraphQL operations. A GraphQL client sends
// a query as a POST, but the query only reads: retrying it is safe. A
// mutation is a write sent the same way, and still a hazard.
package graphqlread

import (
	"context"
	"time"

	graphql "github.com/hasura/go-graphql-client"
)

type prices struct {
	Today []float64
}

// fetchPrices retries a query: silent.
func fetchPrices(ctx context.Context, c *graphql.Client) (prices, error) {
	var res prices
	var err error
	for attempt := 0; attempt < 3; attempt++ {
		if err = c.Query(ctx, &res, nil); err == nil {
			return res, nil
		}
		time.Sleep(time.Second)
	}
	return res, err
}

// setMode retries a mutation: the write may run twice.
func setMode(ctx context.Context, c *graphql.Client, mode string) error { // want setMode:`sends unkeyed POST \(retried=true\)`
	var res struct{ OK bool }
	var err error
	for attempt := 0; attempt < 3; attempt++ {
		if err = c.Mutate(ctx, &res, map[string]any{"mode": mode}); err == nil { // want `POST request is retried without an Idempotency-Key header`
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

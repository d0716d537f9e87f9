package rlocks

import (
	"context"
	"testing"

	"github.com/redis/go-redis/v9"
)

// A test fixture seeds a key and then runs the code under test: not a lock.
func TestDeliverSkipsDelivered(t *testing.T) {
	ctx := context.Background()
	rdb := redis.NewClient(&redis.Options{})
	rdb.SetNX(ctx, "delivered:42", 1, 0)
	e := &Exports{rdb: rdb}
	if err := e.Deliver(ctx, "42", func() error { t.Fatal("sent twice"); return nil }); err != nil {
		t.Fatal(err)
	}
}

// Package demo holds one retry hazard for each idemlint analyzer. Run
// idemlint on it from the repository root:
//
//	go run ./cmd/idemlint -C testdata/demo ./...
package demo

import (
	"bytes"
	"context"
	"database/sql"
	"errors"
	"net/http"
	"time"

	"github.com/redis/go-redis/v9"
)

// Charge retries a payment POST without an Idempotency-Key (retrynonidempotent),
// with the same request body every time (retrybody), and a fixed delay
// (nojitter).
func Charge(ctx context.Context, c *http.Client, payload []byte) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, "https://pay.example.com/charges", bytes.NewReader(payload))
	if err != nil {
		return err
	}
	for attempt := 0; attempt < 3; attempt++ {
		resp, err := c.Do(req)
		if err == nil {
			return resp.Body.Close()
		}
		time.Sleep(time.Second)
	}
	return errors.New("charge failed")
}

// Poll retries forever (unboundedretry), retries 4xx answers that cannot
// succeed (retryclienterror) and leaks the body of each failed response.
func Poll(c *http.Client) *http.Response {
	for {
		resp, err := c.Get("https://api.example.com/status")
		if err == nil && resp.StatusCode == http.StatusOK {
			return resp
		}
		time.Sleep(2 * time.Second)
	}
}

// Sync retries Charge, which retries too (retryamplify).
func Sync(ctx context.Context, c *http.Client) error {
	var err error
	for i := 0; i < 3; i++ {
		if err = Charge(ctx, c, nil); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

// Register checks, then inserts: two concurrent sign-ups both insert
// (selectinsert).
func Register(ctx context.Context, db *sql.DB, email string) error {
	var id int64
	err := db.QueryRowContext(ctx, "SELECT id FROM users WHERE email = $1", email).Scan(&id)
	if errors.Is(err, sql.ErrNoRows) {
		_, err = db.ExecContext(ctx, "INSERT INTO users (email) VALUES ($1)", email)
	}
	return err
}

// Once guards work with a Redis lock that has no expiry and is released by
// a plain DEL (redislock).
func Once(ctx context.Context, rdb *redis.Client, id string, work func() error) error {
	ok, err := rdb.SetNX(ctx, "lock:"+id, "1", 0).Result()
	if err != nil || !ok {
		return err
	}
	defer rdb.Del(ctx, "lock:"+id)
	return work()
}

// want package:`waits Client.CASJittered`

// Package casread updates a key by compare-and-swap: read it, decode it,
// let the caller change it, write it back if nobody else did. A failed
// read, decode or write goes round at once, and so does a lost swap.
// The decoder makes a value of the bytes it is given (it reads no
// stream), the value the callback changes is declared afresh each round,
// and the swap's answer flag is the attempt's, not a stream's.
package casread

import (
	"context"
	"math/rand/v2"
	"time"
)

type Codec interface {
	Decode([]byte) (any, error)
	Encode(any) ([]byte, error)
}

type TxnResult struct{ Succeeded bool }

type Store interface {
	Get(ctx context.Context, key string) ([]byte, int64, error)
	Swap(ctx context.Context, key string, rev int64, value []byte) (*TxnResult, error)
}

type Client struct {
	store      Store
	codec      Codec
	maxRetries int
}

func (c *Client) CAS(ctx context.Context, key string, f func(in any) (out any, retry bool, err error)) error {
	var rev int64
	var lastErr error
	for i := 0; i < c.maxRetries; i++ { // want `retry loop retries at once`
		raw, version, err := c.store.Get(ctx, key)
		if err != nil {
			lastErr = err
			continue
		}
		var value any
		if len(raw) > 0 {
			value, err = c.codec.Decode(raw)
			if err != nil {
				lastErr = err
				continue
			}
			rev = version
		}
		var retry bool
		value, retry, err = f(value)
		if err != nil {
			if !retry {
				return err
			}
			lastErr = err
			continue
		}
		if value == nil {
			return nil
		}
		buf, err := c.codec.Encode(value)
		if err != nil {
			lastErr = err
			continue
		}
		result, err := c.store.Swap(ctx, key, rev, buf)
		if err != nil {
			lastErr = err
			continue
		}
		if !result.Succeeded {
			continue
		}
		return nil
	}
	return lastErr
}

// CASJittered waits a random while before it tries again: silent.
func (c *Client) CASJittered(ctx context.Context, key string, value []byte) error {
	var lastErr error
	for i := 0; i < c.maxRetries; i++ {
		if i > 0 {
			time.Sleep(time.Duration(rand.Int64N(int64(100 * time.Millisecond))))
		}
		_, rev, err := c.store.Get(ctx, key)
		if err != nil {
			lastErr = err
			continue
		}
		result, err := c.store.Swap(ctx, key, rev, value)
		if err != nil {
			lastErr = err
			continue
		}
		if !result.Succeeded {
			continue
		}
		return nil
	}
	return lastErr
}

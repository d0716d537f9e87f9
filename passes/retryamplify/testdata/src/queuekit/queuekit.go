// Package queuekit holds the ledger client the queue workers call; its
// Post retries a failed call three times.
package queuekit

import (
	"context"
	"errors"
	"math/rand"
	"time"
)

type Ledger struct {
	post func(ctx context.Context, body []byte) error
}

// Post retries a failed post three times with jittered pauses.
func (l *Ledger) Post(ctx context.Context, body []byte) error { // want Post:`retries\(attempts=3\)`
	var err error
	for attempt := 0; attempt < 3; attempt++ {
		if err = l.post(ctx, body); err == nil {
			return nil
		}
		time.Sleep(time.Duration(100+rand.Intn(100*(attempt+1))) * time.Millisecond)
	}
	return err
}

// Decode parses a message body; it sends nothing and does not retry.
func Decode(body []byte) (string, error) {
	if len(body) == 0 {
		return "", errors.New("empty body")
	}
	return string(body), nil
}

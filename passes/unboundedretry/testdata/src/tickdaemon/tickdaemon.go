// Package tickdaemon reconnects on a ticker while its connection is
// missing: a retry loop, bounded only when something can stop it.
package tickdaemon

import (
	"context"
	"errors"
	"log"
	"time"
)

type Conn struct{}

func dial() (*Conn, error) { return nil, errors.New("refused") }

type Bus struct{ conn *Conn }

// Forever reconnects on every tick after a failure and nothing stops it.
func (b *Bus) Forever() {
	ticker := time.NewTicker(5 * time.Second)
	for { // want `retry loop can run forever`
		<-ticker.C
		if b.conn == nil {
			c, err := dial()
			if err != nil {
				log.Println(err)
				continue
			}
			b.conn = c
		}
	}
}

// UntilDone stops with its context.
func (b *Bus) UntilDone(ctx context.Context) {
	ticker := time.NewTicker(5 * time.Second)
	for {
		select {
		case <-ctx.Done():
			return
		case <-ticker.C:
			if b.conn == nil {
				c, err := dial()
				if err != nil {
					continue
				}
				b.conn = c
			}
		}
	}
}

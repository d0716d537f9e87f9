// Package receivetimeout: a receive given how long to wait returns
// nats.ErrTimeout when nothing arrived: going round on it waits for the
// next message, while every real error returns.
package receivetimeout

import (
	"encoding/json"
	"time"

	"github.com/nats-io/nats.go"
)

type event struct{ Service string }

func next(sub *nats.Subscription) (*event, error) {
	var ev event
	for {
		m, err := sub.NextMsg(time.Minute)
		if err != nil && err == nats.ErrTimeout {
			continue
		} else if err != nil {
			return nil, err
		}
		if err := json.Unmarshal(m.Data, &ev); err != nil {
			return nil, err
		}
		return &ev, nil
	}
}

// A request that timed out got no answer: it failed, and the loop sends
// it again forever.
func ask(nc *nats.Conn) (*nats.Msg, error) {
	for { // want `retry loop can run forever`
		m, err := nc.Request("svc.ask", nil, time.Second)
		if err == nats.ErrTimeout {
			time.Sleep(time.Second)
			continue
		}
		return m, err
	}
}

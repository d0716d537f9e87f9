// Package clampcleanup rejoins a voice channel, clamping its delay and
// sending a reset after each failed join.
package clampcleanup

import (
	"log"
	"time"
)

type Conn interface{ WriteJSON(v any) error }

type Session struct {
	ready bool
	ws    Conn
}

func (s *Session) Join(guild, channel string) error { return nil }

type Voice struct {
	s              *Session
	guild, channel string
}

// Reconnect never gives up: the clamp on the delay (if wait > 600) is no
// bound, and the reset sent after a failed join, logged either way, does
// not make the join a success.
func (v *Voice) Reconnect() {
	wait := time.Duration(1)
	for { // want `retry loop can run forever`
		<-time.After(wait * time.Second)
		wait *= 2
		if wait > 600 {
			wait = 600
		}
		if !v.s.ready {
			continue
		}
		if err := v.s.Join(v.guild, v.channel); err == nil {
			return
		}
		err := v.s.ws.WriteJSON(struct{}{})
		if err != nil {
			log.Print(err)
		}
	}
}

// ReconnectFew gives up after ten tries.
func (v *Voice) ReconnectFew() {
	wait := time.Duration(1)
	for tries := 0; ; tries++ {
		if tries >= 10 {
			return
		}
		<-time.After(wait * time.Second)
		wait = min(wait*2, 600)
		if err := v.s.Join(v.guild, v.channel); err == nil {
			return
		}
		if err := v.s.ws.WriteJSON(struct{}{}); err != nil {
			log.Print(err)
		}
	}
}

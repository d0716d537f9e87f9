package failpaths

import (
	"bufio"
	"encoding/json"
	"log"
	"testing"
)

// Regressions: loops found reported on public repositories whose failure
// paths retry nothing.

func decode(b []byte) ([]byte, error) { return b, nil }

// BenchmarkDecode does its work b.N times, success or not (a benchmark in
// kafka-go's snappy tests).
func BenchmarkDecode(b *testing.B) {
	enc := []byte("x")
	for n := 0; n < b.N; n++ {
		_, err := decode(enc)
		if err != nil {
			b.Error("decoding error: ", err)
		}
	}
}

// BenchmarkQuery runs its query as long as the benchmark asks for more (a
// benchmark in alertmanager's silences).
func BenchmarkQuery(b *testing.B) {
	b.RunParallel(func(pb *testing.PB) {
		for pb.Next() {
			out, err := decode(nil)
			if err != nil {
				b.Error(err)
			}
			if len(out) != 0 {
				b.Errorf("got %d", len(out))
			}
		}
	})
}

// Lines decodes each line a scanner reads (minio-go's bucket
// notifications): a bad line is skipped.
func Lines(sc *bufio.Scanner, out chan<- error) {
	for sc.Scan() {
		var v map[string]any
		if err := json.Unmarshal(sc.Bytes(), &v); err != nil {
			out <- err
			continue
		}
		log.Print(v)
	}
}

type Conn struct{}

func (c *Conn) ReadMessage() (int, []byte, error) { return 0, nil, nil }

func readEvent(c *Conn) (string, []byte, error) {
	_, b, err := c.ReadMessage()
	return "message", b, err
}

// Events reads the next event of a connection through a helper (the
// websocket handler of slack-go's test server): a bad one is skipped.
func Events(c *Conn) {
	for {
		kind, m, err := readEvent(c)
		if err != nil {
			log.Printf("read error: %s", err)
			continue
		}
		log.Print(kind, m)
	}
}

type session struct{ dst *Conn }

func (s *session) forward(buf []byte) (bool, error) {
	_, b, err := s.dst.ReadMessage()
	copy(buf, b)
	return false, err
}

func (s *session) send(payload []byte) error { return nil }

// Forward reads each packet into a buffer made before the loop (a
// tunnel's datagram session): the call fills it with the next packet, and
// a bad one is skipped.
func (s *session) Forward() {
	buf := make([]byte, 1500)
	for {
		if closed, err := s.forward(buf); err != nil {
			log.Print(err)
			if closed {
				return
			}
		}
	}
}

// Resend sends the same payload again at once after a failure: its
// buffer holds data, not room for the next packet.
func (s *session) Resend(payload []byte) {
	for { // want `retry loop retries at once`
		if err := s.send(payload); err != nil {
			log.Print(err)
			continue
		}
		log.Print("sent")
	}
}

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

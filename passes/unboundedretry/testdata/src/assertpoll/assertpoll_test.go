// Package assertpoll: a test polls until a scan ends and leaves on the
// first error, tested with assert.NoError, which is true when the call
// succeeded.
package assertpoll

import (
	"errors"
	"net"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
)

func activeScans() ([]string, error) { return nil, errors.New("down") }

func TestScan(t *testing.T) {
	for {
		scans, err := activeScans()
		if !assert.NoError(t, err, "getting active scans") {
			break
		}
		if len(scans) == 0 {
			break
		}
		time.Sleep(100 * time.Millisecond)
	}
}

// Dialling until the server listens goes round on a failed dial, and
// nothing ends it.
func TestListening(t *testing.T) {
	for { // want `retry loop can run forever`
		conn, err := net.Dial("tcp", "127.0.0.1:2022")
		if assert.NoError(t, err) {
			conn.Close()
			break
		}
		time.Sleep(100 * time.Millisecond)
	}
}

package assertpoll

import (
	"errors"
	"net"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

var errNotFound = errors.New("not found")

func readChanges(token string) ([]string, string, error) { return nil, token, errors.New("down") }

// TestPages reads the change log page by page until it runs out: any other
// error ends the test at require.NoError, so no failure goes round.
func TestPages(t *testing.T) {
	var token string
	var err error
	for {
		_, token, err = readChanges(token)
		if err != nil {
			if errors.Is(err, errNotFound) {
				break
			}
		}
		require.NoError(t, err)
		require.NotEmpty(t, token)
	}
}

// TestWait waits for a server through require's bound assertions: only a
// successful dial goes on.
func TestWait(t *testing.T) {
	r := require.New(t)
	for {
		conn, err := net.Dial("tcp", "127.0.0.1:2022")
		r.NoError(err)
		conn.Close()
		time.Sleep(100 * time.Millisecond)
	}
}

// TestRedial logs a failed dial with require.Error's opposite and goes
// round: the failure is retried, and nothing ends it.
func TestRedial(t *testing.T) {
	for { // want `retry loop can run forever`
		conn, err := net.Dial("tcp", "127.0.0.1:2022")
		if err != nil {
			time.Sleep(100 * time.Millisecond)
			continue
		}
		require.Error(t, conn.Close())
		return
	}
}

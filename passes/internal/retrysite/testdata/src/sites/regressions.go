package sites

import (
	"bytes"
	"errors"
	"syscall"
	"testing"
)

// Loops found in the standard library that look like retries but are not.
// Each is named after where it was found.

var errBufferFull = errors.New("buffer full")

type fragReader struct{}

func (r *fragReader) ReadSlice(delim byte) ([]byte, error) { return nil, nil }

// bufio.(*Reader).collectFragments: the failure path keeps the partial
// result and reads on.
func collectFragments(b *fragReader) (full [][]byte, err error) {
	for {
		frag, e := b.ReadSlice('\n')
		if e == nil {
			break
		}
		if e != errBufferFull {
			err = e
			break
		}
		full = append(full, bytes.Clone(frag))
	}
	return full, err
}

type wrapper interface{ Unwrap() error }

// errors.Is: walking a chain feeds each result into the next call.
func is(err, target error) bool {
	for {
		if err == target {
			return true
		}
		x, ok := err.(wrapper)
		if !ok {
			return false
		}
		err = x.Unwrap()
		if err == nil {
			return false
		}
	}
}

func candidate(counter uint8) ([]byte, error) { return []byte{counter}, nil }
func newKey(s []byte) (int, error)            { return 0, nil }

// crypto/hpke: each attempt tries the next candidate, derived from the
// counter.
func deriveKey() (int, error) {
	var counter uint8
	for counter < 4 {
		s, err := candidate(counter)
		if err != nil {
			return 0, err
		}
		k, err := newKey(s)
		if err != nil {
			counter++
			continue
		}
		return k, nil
	}
	return 0, errors.New("no key")
}

type entries struct{}

func (e *entries) Next() (*int, error) { return nil, nil }

// debug/dwarf tests: t.Fatal ends the test, it does not go round again.
func readAll(t *testing.T, r *entries) {
	for {
		e, err := r.Next()
		if err != nil {
			t.Fatal(err)
		}
		if e == nil {
			break
		}
	}
}

type candidateSource struct{}

func (candidateSource) Read(b []byte)    {}
func millerRabin(b []byte) (bool, error) { return false, nil }

// crypto/internal/fips140/rsa: each attempt tests a new random candidate.
func prime(drbg candidateSource) []byte {
	b := make([]byte, 64)
	for {
		drbg.Read(b)
		ok, err := millerRabin(b)
		if err != nil {
			continue
		}
		if ok {
			return b
		}
	}
}

func connect() error { return nil }

// net: EINTR asks for the system call again at once.
func connectEINTR() error {
	for {
		err := connect()
		if err == syscall.EINTR {
			continue
		}
		return err
	}
}

var errConflict = errors.New("conflict")

// A sentinel compared with == is a failure test like errors.Is.
func sentinel() error {
	for i := 0; i < 3; i++ { // want `retry loop bounded=true waits=0 op=body`
		err := connect()
		if err == errConflict {
			continue
		}
		return err
	}
	return nil
}

type profileBuilder struct{}

func (*profileBuilder) addData(data []uint64) error { return nil }
func readChunk() (data []uint64, eof bool)          { return nil, false }

// A consumer that keeps the first error and goes on with the next chunk
// (runtime/pprof's profileWriter): a chunk that was added fine goes round
// too, so this is not a retry of a failed attempt.
func consumeChunks(b *profileBuilder) error {
	var err error
	for {
		data, eof := readChunk()
		if e := b.addData(data); e != nil && err == nil {
			err = e
		}
		if eof {
			break
		}
	}
	return err
}

// The same shape where only a failure goes round is a retry loop.
func retryUntilAdded(b *profileBuilder, data []uint64) {
	for { // want `retry loop bounded=false waits=0 op=body`
		if e := b.addData(data); e != nil && data != nil {
			continue
		}
		break
	}
}

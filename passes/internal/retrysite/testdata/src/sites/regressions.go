package sites

import (
	"bytes"
	"errors"
	"io"
	"strings"
	"sync/atomic"
	"syscall"
	"testing"
	"time"
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

var errNoMessages, errTimeout = errors.New("no messages"), errors.New("timeout")

type pullSub struct{ ch chan int }

func (s *pullSub) next() (int, error) { return <-s.ch, nil }
func checkMsg(v int) (bool, error)    { return true, nil }
func sendReq() error                  { return nil }

// A batch fetch (nats.go's JetStream Fetch): it goes on while every step
// succeeds, collecting messages; a timeout with nothing collected yet is
// cleared and the wait goes on. Not a retry loop: success goes round.
func fetchBatch(s *pullSub, batch int) ([]int, error) {
	var msgs []int
	noWait := true
	err := sendReq()
	for err == nil && len(msgs) < batch {
		var v int
		v, err = s.next()
		if err == nil {
			var usr bool
			usr, err = checkMsg(v)
			if err == nil && usr {
				msgs = append(msgs, v)
			} else if noWait && errors.Is(err, errNoMessages) && len(msgs) == 0 {
				noWait = false
				err = sendReq()
			} else if errors.Is(err, errTimeout) && len(msgs) == 0 {
				err = nil
			}
		}
	}
	return msgs, err
}

type recordReader interface{ ReadRecord() (int, error) }

type multiRecordReader struct {
	batches []recordReader
	index   int
}

// Moving on to the next batch at the end of one (kafka-go's
// multiRecordReader) runs a different reader each time: the counter is a
// field.
func (m *multiRecordReader) ReadRecord() (int, error) {
	for {
		if m.index == len(m.batches) {
			return 0, io.EOF
		}
		r, err := m.batches[m.index].ReadRecord()
		if err == nil {
			return r, nil
		}
		if !errors.Is(err, io.EOF) {
			return 0, err
		}
		m.index++
	}
}

type attemptsClient struct{ attempts int }

// A field can count attempts too.
func (c *attemptsClient) send() error {
	for c.attempts < 3 { // want `retry loop bounded=true waits=0 op=body`
		if err := connect(); err == nil {
			return nil
		}
		c.attempts++
	}
	return errors.New("gave up")
}

// A quit channel closed by someone else, or a timeout held in a variable,
// ends the retries like a context.
func untilQuit(quit chan struct{}) {
	for { // want `retry loop bounded=true waits=1 op=body`
		if err := connect(); err == nil {
			return
		}
		select {
		case <-quit:
			return
		case <-time.After(time.Second):
		}
	}
}

func untilTimeout() {
	timeout := time.After(2 * time.Second)
	for { // want `retry loop bounded=true waits=0 op=body`
		select {
		case <-timeout:
			return
		default:
			if err := connect(); err == nil {
				return
			}
		}
	}
}

// A receive that does not leave the loop bounds nothing.
func tickRetry(tick <-chan time.Time) {
	for { // want `retry loop bounded=false waits=0 op=body`
		<-tick
		if err := connect(); err == nil {
			return
		}
	}
}

type dbConfig map[string]int

func createDB(cfg dbConfig) error { return nil }
func portTaken(err error) bool    { return true }

// The next candidate goes into the request through a map element (go-redis'
// fault injector tries the next port): not a retry of the same request.
func createOnFreePort(port int) error {
	cfg := dbConfig{}
	for attempt := 0; attempt < 10; attempt++ {
		cfg["port"] = port
		err := createDB(cfg)
		if err == nil || !portTaken(err) {
			return err
		}
		port++
	}
	return errors.New("no free port")
}

type netConn struct{}

func (netConn) Write(b []byte) (int, error) { return 0, nil }
func dialConn() (netConn, error)            { return netConn{}, nil }

// Dial with retries, then write once and return the write's error: a
// retry loop of the dial.
func dialThenWrite(b []byte) error {
	for i := 0; i < 3; i++ { // want `retry loop bounded=true waits=1 op=body`
		conn, err := dialConn()
		if err != nil {
			time.Sleep(time.Second)
			continue
		}
		_, err = conn.Write(b)
		return err
	}
	return errors.New("no connection")
}

type broker struct{}

func (*broker) findCoordinator() error { return nil }

type kafkaClient struct{ stopFlag int32 }

func (c *kafkaClient) leastLoaded() *broker { return nil }
func (c *kafkaClient) deregister(b *broker) {}

// Each iteration asks the next broker (sarama's findCoordinator): a
// failover over candidates, not a retry of one request.
func (c *kafkaClient) coordinator() error {
	for b := c.leastLoaded(); b != nil; b = c.leastLoaded() {
		if err := b.findCoordinator(); err != nil {
			c.deregister(b)
			continue
		}
		return nil
	}
	return errors.New("no broker")
}

// A stop flag someone else sets ends the reconnects (go-nsq's consumer).
func (c *kafkaClient) reconnect() {
	for { // want `retry loop bounded=true waits=1 op=body`
		time.Sleep(time.Second)
		if atomic.LoadInt32(&c.stopFlag) == 1 {
			break
		}
		if err := connect(); err != nil {
			continue
		}
		break
	}
}

var retryEnabled = true

// A setting read on every attempt bounds nothing.
func (c *kafkaClient) reconnectIfEnabled() {
	for { // want `retry loop bounded=false waits=1 op=body`
		time.Sleep(time.Second)
		if !retryEnabled {
			return
		}
		if err := connect(); err == nil {
			return
		}
	}
}

// A timeout that grows with the attempt does not make each attempt a
// different operation.
func growingTimeout() error {
	for i, d := 0, time.Second; i < 3; i, d = i+1, d*2 { // want `retry loop bounded=true waits=0 op=body`
		if err := connectWithin(d); err == nil {
			return nil
		}
	}
	return errors.New("gave up")
}

func connectWithin(d time.Duration) error { return nil }

// A lookup that walks up the domain after each failure tries a different
// name each time: it is not a retry loop.
func walkUp(domain string) (string, error) {
	var errs error
	for {
		i := strings.Index(domain, ".")
		if i < 0 {
			break
		}
		if err := lookupZone(domain); err == nil {
			return domain, nil
		} else {
			errs = errors.Join(errs, err)
		}
		domain = domain[i+1:]
	}
	return "", errs
}

func lookupZone(string) error { return nil }

// An SDK client's endpoint failover (huaweicloud-sdk-go-v3's
// HcHttpClient): each failure moves a shared index to the next endpoint
// of the list, and the request is built for that endpoint.
type failoverClient struct {
	endpoints     []string
	endpointIndex int32
}

func (c *failoverClient) build() (string, error) {
	return c.endpoints[atomic.LoadInt32(&c.endpointIndex)], nil
}

func (c *failoverClient) invoke(url string) error { return nil }

func (c *failoverClient) Invoke() error {
	for {
		url, err := c.build()
		if err != nil {
			return err
		}
		err = c.invoke(url)
		if err == nil {
			return nil
		}
		if atomic.LoadInt32(&c.endpointIndex) < int32(len(c.endpoints)-1) {
			atomic.AddInt32(&c.endpointIndex, 1)
		} else {
			return err
		}
	}
}

// A schedule of delays kept in fields is a retry: the index walks delays,
// not targets.
type scheduled struct {
	delays []time.Duration
	step   int
}

func (s *scheduled) call() error { return nil }

func (s *scheduled) Run() error {
	for { // want "retry loop"
		err := s.call()
		if err == nil {
			return nil
		}
		if s.step >= len(s.delays) {
			return err
		}
		time.Sleep(s.delays[s.step])
		s.step++
	}
}

type logStore struct{ first uint64 }

func (s *logStore) firstIndex() (uint64, error) { return s.first, nil }
func (s *logStore) getLog(i uint64, out *string) error {
	if i == 0 {
		return errors.New("truncated")
	}
	return nil
}

// oldestLog reads the oldest entry again only when the first index moved
// since the read that failed (a truncate between the two calls): the
// same read is never repeated, so this is no retry.
func oldestLog(s *logStore) (string, error) {
	var l string
	var lastFailIdx uint64
	var lastErr error
	for {
		first, err := s.firstIndex()
		if err != nil {
			return l, err
		}
		if first == lastFailIdx {
			return l, lastErr
		}
		if err = s.getLog(first, &l); err == nil {
			return l, nil
		}
		lastFailIdx = first
		lastErr = err
	}
}

// Without the guard the failed read goes round with the same index.
func oldestLogUnguarded(s *logStore) (string, error) {
	var l string
	for { // want `retry loop bounded=false waits=0 op=body`
		first, err := s.firstIndex()
		if err != nil {
			return l, err
		}
		if err = s.getLog(first, &l); err == nil {
			return l, nil
		}
	}
}

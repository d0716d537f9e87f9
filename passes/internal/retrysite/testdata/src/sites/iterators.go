package sites

import (
	"context"
	"crypto/x509"
	"encoding/pem"
	"errors"
	"fmt"
	"io"
	"iter"
	"net/http"
	"strings"
)

// A chat agent that runs a conversation turn by turn and offers the turns
// as a range-over-func iterator. yield(turn, err) hands each turn and its
// error to the consumer; going round after it takes the next turn, it does
// not try the same one again: no retry site.

type turn struct{ text string }

type model struct{}

func (m *model) reply(ctx context.Context, history []string) (*turn, error) { return &turn{}, nil }

type agentState struct {
	finished bool
	maxTurns int
	turns    int
	history  []string
	last     *turn
	err      error
	llm      *model
}

type agent struct{ agentState }

func (a *agent) callTools(ctx context.Context, t *turn) (*string, error) { return nil, nil }

func (a *agent) nextTurn(ctx context.Context) (*turn, error) {
	if a.finished {
		return nil, nil
	}
	if a.maxTurns > 0 && a.turns >= a.maxTurns {
		a.finished = true
		return a.last, nil
	}
	if a.last != nil {
		results, err := a.callTools(ctx, a.last)
		if err != nil {
			a.err = err
			return nil, err
		}
		if results == nil {
			a.finished = true
			return a.last, nil
		}
		a.history = append(a.history, *results)
	}
	a.turns++
	t, err := a.llm.reply(ctx, a.history)
	if err != nil {
		a.err = err
		return nil, fmt.Errorf("next turn: %w", err)
	}
	a.last = t
	a.history = append(a.history, t.text)
	return t, nil
}

func (a *agent) Turns(ctx context.Context) iter.Seq2[*turn, error] {
	return func(yield func(*turn, error) bool) {
		for {
			t, err := a.nextTurn(ctx)
			a.err = err
			if t == nil {
				if err != nil {
					yield(nil, err)
				}
				return
			}
			if !yield(t, err) {
				return
			}
		}
	}
}

type pageIter struct {
	c    *http.Client
	left int
}

func (it *pageIter) Next() (string, error) {
	if it.left == 0 {
		return "", errors.New("done")
	}
	it.left--
	resp, err := it.c.Get("http://example.com/page")
	if err != nil {
		return "", err
	}
	resp.Body.Close()
	return "page", nil
}

// drainEach drains a new iterator each round until it reports its end: the
// inner loop's error ends a stream read, and the outer loop establishes
// nothing that could fail, so it repeats no failed attempt.
func drainEach(n int) {
	for i := 0; i < n; i++ {
		it := &pageIter{c: http.DefaultClient, left: 3}
		for {
			if _, err := it.Next(); err != nil {
				break
			}
		}
	}
}

// Each round decodes the next PEM block of what the last round left
// (value = rest): a parse that fails moves on to the next block.
func firstCert(value []byte) (*x509.Certificate, error) {
	for {
		block, rest := pem.Decode(value)
		value = rest
		if block == nil {
			break
		}
		cert, err := x509.ParseCertificate(block.Bytes)
		if err == nil {
			return cert, nil
		}
	}
	return nil, errors.New("no certificate")
}

// Look-alike: a tuple decoded in the round from what does not change
// (the same URL, split): the same request every round.
func fetchUntilParsed(c *http.Client, raw string) ([]byte, error) {
	for { // want `retry loop bounded=false waits=0 op=body`
		url, _, _ := strings.Cut(raw, "#")
		body, err := getOnce(c, url)
		if err == nil {
			return body, nil
		}
	}
}

func getOnce(c *http.Client, url string) ([]byte, error) {
	resp, err := c.Get(url)
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	return io.ReadAll(resp.Body)
}

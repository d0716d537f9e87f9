package sites

import (
	"context"
	"fmt"
	"iter"
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

package site

import (
	"fmt"
	"go/ast"
	"go/token"

	"github.com/idemlint/idemlint/passes/internal/libs"
)

// Redelivered describes a Redelivery site: code that a job queue or message
// broker runs again for the same task or message (RULES.md, "Redelivery").
type Redelivered struct {
	F *libs.Framework
	// Attempts is how many times the framework runs the handler for one
	// unit when it keeps failing, first run included; 0 means no limit.
	Attempts int
	// From and Until bound the code that runs again: what follows the
	// receive of a message and precedes its acknowledgement (kafka-go's
	// CommitMessages, a Delivery's Ack). NoPos leaves that end open.
	From, Until token.Pos
	// Naks says that the handler asks the broker for a redelivery itself
	// (msg.Nak()): its failures are retried (redelivery/redelivery_nak.go).
	Naks bool
	// FailNaks says that the consumer helper of the program that runs the
	// handler asks for a redelivery when it fails: returns an error, or
	// false (redelivery/redelivery_consumer.go).
	FailNaks bool
	// Skips are the failure branches that leave the message without an
	// acknowledgement where the broker then delivers it again
	// (redelivery/redelivery_skip.go): its failures are retried too.
	Skips []ast.Node
	// Worker is set for a function of the program that is handed a
	// delivered message and acknowledges it itself (w.handle(ctx, m),
	// started by a receive loop or a worker goroutine): a return from it
	// ends no consumer session.
	Worker bool
}

// Runs says how often the handler runs: "up to 26 runs", "with no limit".
func (r *Redelivered) Runs() string {
	if r.Attempts > 0 {
		return fmt.Sprintf("up to %d runs", r.Attempts)
	}
	return "with no limit by default"
}

// Describe names the handler: "an asynq task handler".
func (r *Redelivered) Describe() string {
	return r.F.Article + " " + r.F.Name + " " + r.F.Handler
}

func (r *Redelivered) Covers(pos token.Pos) bool {
	return (r.From == token.NoPos || r.From <= pos) && (r.Until == token.NoPos || pos < r.Until)
}

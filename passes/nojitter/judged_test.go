package nojitter

import (
	"go/token"
	"testing"
)

// Judgements are per run: a run sees its own, and another run (another
// FileSet) starts with none.
func TestJudgedPerRun(t *testing.T) {
	a, b := token.NewFileSet(), token.NewFileSet()
	judgedIn(a).Store("wait", "msg")
	if first, again := judgedIn(a), judgedIn(a); first != again {
		t.Error("one run, two caches")
	}
	if _, ok := judgedIn(b).Load("wait"); ok {
		t.Error("a judgement leaked into another run")
	}
}

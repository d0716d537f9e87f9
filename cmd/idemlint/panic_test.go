package main_test

import (
	"fmt"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"

	"github.com/idemlint/idemlint/analysistest"
)

// panicModule is a dependency whose POST a package that imports it
// retries: the importer's report needs the dependency's facts.
func panicModule(t *testing.T) string {
	return module(t, map[string]string{
		// The nonce keeps go vet from answering from its cache, which does
		// not know the environment variable that makes the analyzer panic.
		"dep/dep.go": fmt.Sprintf(`package dep

import (
	"net/http"
	"strings"
	"time"
)

// nonce %d

func Charge(c *http.Client) error {
	_, err := c.Post("https://pay.example.com/charges", "application/json", strings.NewReader("{}"))
	return err
}

func Retry(n int, f func() error) error {
	var err error
	for i := 0; i < n; i++ {
		if err = f(); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}
`, time.Now().UnixNano()),
		"use/use.go": `package use

import (
	"net/http"

	"example.com/review/dep"
)

func Pay(c *http.Client) error {
	return dep.Retry(3, func() error { return dep.Charge(c) })
}
`,
	})
}

// TestPanicCostsOnePackage makes an analyzer panic on one package: the
// run says so in one line and exits 3, and the package that imports it is
// still analyzed and reported (its report needs the facts the other
// analyzers export on the dependency), standalone and under go vet.
func TestPanicCostsOnePackage(t *testing.T) {
	bin := analysistest.Binary(t)
	dir := panicModule(t)
	useReport := "use/use.go:10:44: POST request is retried without an Idempotency-Key header"
	line := "idemlint: internal error: nojitter panicked on package example.com/review/dep"
	env := []string{"IDEMLINT_PANIC_ON=nojitter@example.com/review/dep", "IDEMLINT_CACHE=" + t.TempDir()}

	t.Run("standalone", func(t *testing.T) {
		r := analysistest.Exec(t, dir, env, bin, "./...")
		assert.Equal(t, 3, r.Code, r.Stderr)
		assert.Contains(t, r.Stderr, line)
		assert.NotContains(t, r.Stderr, "goroutine ")
		assert.Contains(t, r.Stdout, useReport)
		assert.NotContains(t, r.Stdout, "dep/dep.go:22:3", "the analyzer's reports on the package it failed on are lost")

		// What the failed run found was not cached: without the panic,
		// the same cache gives the dependency's reports.
		r = analysistest.Exec(t, dir, env[1:], bin, "./...")
		assert.Equal(t, 1, r.Code, r.Stderr)
		assert.Contains(t, r.Stdout, "dep/dep.go:22:3: retry delay has no jitter")
		assert.Contains(t, r.Stdout, useReport)
	})

	t.Run("go vet", func(t *testing.T) {
		r := analysistest.Exec(t, dir, env[:1], "go", "vet", "-vettool="+bin, "./...")
		assert.Contains(t, r.Stderr, line)
		assert.NotContains(t, r.Stderr, "goroutine ")
		assert.Contains(t, r.Stderr, useReport)
		assert.Equal(t, 1, r.Code)
	})
}

package main_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/idemlint/idemlint/analysistest"
)

// TestOddPackages runs idemlint on code that has broken other analyzers:
// generics, cgo, a very large generated file. It must report what it
// should and never fail.
func TestOddPackages(t *testing.T) {
	bin := analysistest.Binary(t)

	t.Run("generics", func(t *testing.T) {
		dir := module(t, map[string]string{"g.go": `package g

import "net/http"

// Retry is a generic user-defined retry helper.
func Retry[T any](attempts int, op func() (T, error)) (T, error) {
	var v T
	var err error
	for i := 0; i < attempts; i++ {
		if v, err = op(); err == nil {
			return v, nil
		}
	}
	return v, err
}

func Charge(c *http.Client) (*http.Response, error) {
	return Retry[*http.Response](3, func() (*http.Response, error) {
		return c.Post("http://example.com", "text/plain", nil)
	})
}
`})
		r := analysistest.Exec(t, dir, nil, bin, "./...")
		assert.Contains(t, r.Stdout, "g.go:19:10: POST request is retried without an Idempotency-Key header")
		assert.Contains(t, r.Stdout, "g.go:9:2: retry loop retries at once")
		assert.Equal(t, 1, r.Code, r.Stderr)
	})

	t.Run("cgo", func(t *testing.T) {
		dir := module(t, map[string]string{"c.go": `package c

// #include <stdlib.h>
import "C"

func op() error { return nil }

func Hot() {
	for {
		if err := op(); err == nil {
			return
		}
		C.free(nil)
	}
}
`})
		r := analysistest.Exec(t, dir, []string{"CGO_ENABLED=1"}, bin, "./...")
		assert.NotContains(t, r.Stderr, "panic")
		assert.Contains(t, r.Stdout, "c.go:9:2: retry loop")
	})

	t.Run("broken dependency", func(t *testing.T) {
		// broken does not type-check; hot imports it and type-checks: it
		// is analyzed and reported, and the run exits 3 for broken.
		dir := module(t, map[string]string{
			"broken/broken.go": "package broken\n\nfunc Op() error { return nil }\n\nfunc Bad() int { return \"x\" }\n",
			"hot/hot.go": `package hot

import "example.com/review/broken"

func Retry() {
	for {
		if err := broken.Op(); err == nil {
			return
		}
	}
}
`})
		r := analysistest.Exec(t, dir, nil, bin, "./...")
		assert.Equal(t, 3, r.Code, r.Stderr)
		assert.Contains(t, r.Stderr, "broken.go:5:")
		assert.Contains(t, r.Stdout, "hot.go:6:2: retry loop")
	})

	t.Run("import that cannot be loaded", func(t *testing.T) {
		// gone names a package no module provides (a module the proxy
		// does not serve): use's only errors are that import and a name
		// it qualifies. The rest of use type-checks, and is analyzed.
		dir := module(t, map[string]string{
			"use/use.go": `package use

import (
	"time"

	"example.com/review/gone"
)

func op() error { return nil }

func Notify() { gone.Send() }

func Retry() {
	for {
		if err := op(); err == nil {
			return
		}
		time.Sleep(time.Second)
	}
}
`})
		r := analysistest.Exec(t, dir, nil, bin, "./...")
		assert.Equal(t, 3, r.Code, r.Stderr)
		assert.Contains(t, r.Stderr, "example.com/review/gone")
		assert.NotContains(t, r.Stderr, "internal error")
		assert.Contains(t, r.Stdout, "use.go:18:3: retry delay has no jitter")
	})

	t.Run("versioned import that cannot be loaded", func(t *testing.T) {
		// The package gone/v2 declares gone: with no package loaded, the
		// type checker says "undefined: gone" of its uses, a name the
		// path's last element (v2) does not give.
		dir := module(t, map[string]string{
			"use/use.go": `package use

import (
	"time"

	"example.com/review/gone/v2"
)

func op() error { return nil }

var handler = gone.NewHandler

func Retry() {
	for {
		if err := op(); err == nil {
			return
		}
		time.Sleep(time.Second)
	}
}
`})
		r := analysistest.Exec(t, dir, nil, bin, "./...")
		assert.Equal(t, 3, r.Code, r.Stderr)
		assert.Contains(t, r.Stdout, "use.go:18:3: retry delay has no jitter")
	})

	t.Run("broken signature in a dependency", func(t *testing.T) {
		// machine does not type-check, so the values its functions return
		// have no type, and neither do their fields: the type checker
		// reports nothing in use, the SSA builder and the loop walks meet
		// nil types there. A loop over such a field crashed retrysite; the
		// SSA of such code crashed nojitter.
		dir := module(t, map[string]string{
			"machine/machine.go": "package machine\n\nfunc ListActive() ([]*Missing, error) { return nil, nil }\n\nfunc Client() *Missing { return nil }\n\nfunc Delay() Missing { return nil }\n",
			"use/use.go": `package use

import (
	"net/http"
	"time"

	"example.com/review/machine"
)

func op() error { return nil }

func Each() error {
	machines, err := machine.ListActive()
	if err != nil {
		return err
	}
	for _, machine := range machines {
		for _, service := range machine.Config.Services {
			_ = service
			if err := op(); err != nil {
				continue
			}
		}
	}
	return nil
}

func Send(c *http.Client) error {
	n := machine.Client()
	time.Sleep(machine.Delay() * n.Factor)
	for i := 0; i < 3; i++ {
		resp, err := c.Post("http://example.com/pay", "text/plain", nil)
		if err != nil {
			time.Sleep(time.Second)
			continue
		}
		return resp.Body.Close()
	}
	return nil
}
`})
		r := analysistest.Exec(t, dir, nil, bin, "./...")
		assert.NotContains(t, r.Stderr, "internal error")
		assert.Equal(t, 3, r.Code, r.Stderr)
		assert.Contains(t, r.Stdout, "use.go:32:16: POST request is retried without an Idempotency-Key header")
	})

	t.Run("huge generated file", func(t *testing.T) {
		var b strings.Builder
		b.WriteString("// Code generated by a test. DO NOT EDIT.\n\npackage huge\n\nimport \"time\"\n\nfunc op() error { return nil }\n")
		for i := range 20000 {
			fmt.Fprintf(&b, "\nfunc F%d() {\n\tfor {\n\t\tif err := op(); err == nil {\n\t\t\treturn\n\t\t}\n\t\ttime.Sleep(time.Second)\n\t}\n}\n", i)
		}
		dir := module(t, map[string]string{"huge.go": b.String()})
		r := analysistest.Exec(t, dir, nil, bin, "./...")
		assert.Equal(t, 0, r.Code, "generated files are not reported: %s", r.Stderr)
		assert.Empty(t, r.Stdout)
	})
}

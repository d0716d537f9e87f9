package main_test

import (
	"encoding/json"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/idemlint/idemlint/analysistest"
)

// soakRuns are large real modules of the end-to-end module's build list,
// a few related ones a run, named by path prefix: each run analyzes the
// packages of the module's dependencies under those prefixes (their own
// tests would import modules outside the build list), and the whole of
// the modules named by patterns, which load from the build list (a
// package of theirs that imports a module outside it fails to load: exit
// status 3).
var soakRuns = []struct {
	name     string
	prefixes []string
	patterns []string
}{
	{"aws-sdk-go-v2", []string{"github.com/aws/"}, []string{"github.com/aws/aws-sdk-go-v2/..."}},
	{"grpc", []string{"google.golang.org/grpc", "github.com/grpc-ecosystem/", "google.golang.org/protobuf"}, []string{"google.golang.org/grpc/..."}},
	{"temporal", []string{"go.temporal.io/"}, []string{"go.temporal.io/sdk/..."}},
	{"redis-sql", []string{"github.com/redis/", "github.com/jackc/", "gorm.io/", "github.com/jinzhu/", "github.com/jmoiron/", "github.com/gomodule/"}, nil},
	{"queues", []string{"github.com/hibiken/", "github.com/riverqueue/", "github.com/ThreeDotsLabs/"}, nil},
	{"brokers", []string{"github.com/IBM/", "github.com/twmb/", "github.com/nats-io/", "github.com/rabbitmq/", "github.com/segmentio/", "cloud.google.com/go/pubsub"}, nil},
	{"retry-libraries", []string{"github.com/cenkalti/", "github.com/avast/", "github.com/failsafe-go/", "github.com/hashicorp/", "github.com/sethvargo/"}, nil},
}

// soakPackages lists the dependencies of the end-to-end module whose
// import paths start with one of prefixes.
func soakPackages(t *testing.T, deps []string, prefixes []string) []string {
	var out []string
	for _, p := range deps {
		for _, pre := range prefixes {
			if strings.HasPrefix(p, pre) {
				out = append(out, p)
				break
			}
		}
	}
	require.NotEmpty(t, out, "no dependency under %v", prefixes)
	return out
}

// TestSoak runs idemlint, standalone, over large real code: the standard
// library, golang.org/x/tools, and the SDKs, clients, queues and brokers
// the end-to-end module imports, and fails on a crash, a panic or an
// internal error. A crash loses every report of a user's run, so a new
// shape of code that sends a walk round forever must fail here rather
// than on their repository. It takes a few minutes and several GB, so it
// runs with IDEMLINT_SOAK=1 (.ci/run sets it):
//
//	IDEMLINT_SOAK=1 go test ./cmd/idemlint -run Soak -timeout 30m -v
func TestSoak(t *testing.T) {
	if os.Getenv("IDEMLINT_SOAK") != "1" {
		t.Skip("set IDEMLINT_SOAK=1 to run idemlint over large real packages")
	}
	bin := analysistest.Binary(t)
	dl := analysistest.Exec(t, ".", nil, "go", "mod", "download", "-json", "golang.org/x/tools@v0.52.0")
	require.Equal(t, 0, dl.Code, dl.Stderr)
	var mod struct{ Dir string }
	require.NoError(t, json.Unmarshal([]byte(dl.Stdout), &mod))

	type run struct {
		name, dir string
		args      []string
	}
	list := analysistest.Exec(t, e2e, nil, "go", "list", "-deps", "./...")
	require.Equal(t, 0, list.Code, list.Stderr)
	deps := strings.Fields(list.Stdout)
	runs := []run{{"std", ".", []string{"std"}}, {"x/tools", ".", []string{"-C", mod.Dir, "./..."}}}
	for _, r := range soakRuns {
		args := append([]string{"-test=false"}, soakPackages(t, deps, r.prefixes)...)
		runs = append(runs, run{r.name, e2e, append(args, r.patterns...)})
	}
	for _, r := range runs {
		t.Run(r.name, func(t *testing.T) {
			start := time.Now()
			res := analysistest.Exec(t, r.dir, []string{"IDEMLINT_CACHE=off"}, bin, append([]string{"-json"}, r.args...)...)
			t.Logf("%s: exit %d in %.1f s, %d reports", r.name, res.Code, time.Since(start).Seconds(), strings.Count(res.Stdout, `"posn"`))
			for _, bad := range []string{"panic", "fatal error", "goroutine ", "internal error"} {
				assert.NotContains(t, res.Stderr, bad)
			}
			assert.Contains(t, []int{0, 1, 3}, res.Code, clipLines(res.Stderr, 20))
		})
	}
}

// clipLines keeps the first n lines of s.
func clipLines(s string, n int) string {
	lines := strings.SplitN(s, "\n", n+1)
	if len(lines) > n {
		lines[n] = "..."
	}
	return strings.Join(lines, "\n")
}

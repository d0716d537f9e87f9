package passes

import (
	"context"
	"runtime/pprof"
	"sync/atomic"

	"golang.org/x/tools/go/analysis"
)

// labelling, once set by LabelProfiles, makes every run of an analyzer
// carry the profiler labels analyzer and package.
var labelling atomic.Bool

// LabelProfiles makes the CPU samples of each analyzer's run carry its
// name and its package's path (pprof labels analyzer and package), so a
// profile tells which analyzer, and on which packages, the analysis
// spends: `go tool pprof -tags` or `-tagfocus analyzer=nojitter`. It is
// for profiling runs only: a label set per action costs a little.
func LabelProfiles() { labelling.Store(true) }

// labelled runs run under the labels of a and pass, when profiling.
func labelled(a *analysis.Analyzer, pass *analysis.Pass, run func(*analysis.Pass) (any, error)) (res any, err error) {
	if !labelling.Load() {
		return run(pass)
	}
	pprof.Do(context.Background(), pprof.Labels("analyzer", a.Name, "package", pass.Pkg.Path()), func(context.Context) {
		res, err = run(pass)
	})
	return res, err
}

package main

import (
	"fmt"
	"os"
	"runtime"
	"runtime/pprof"

	"github.com/idemlint/idemlint/passes"
)

// startProfile writes a CPU profile to path until the returned function is
// called (IDEMLINT_CPUPROFILE=path idemlint ./...). Its samples in the
// analysis carry the labels analyzer and package (passes.LabelProfiles).
func startProfile(path string) (stop func()) {
	passes.LabelProfiles()
	f, err := os.Create(path)
	if err != nil {
		fmt.Fprintf(os.Stderr, "idemlint: %v\n", err)
		return func() {}
	}
	if err := pprof.StartCPUProfile(f); err != nil {
		fmt.Fprintf(os.Stderr, "idemlint: %v\n", err)
		f.Close()
		return func() {}
	}
	return func() {
		pprof.StopCPUProfile()
		f.Close()
	}
}

// profileHeap writes, when IDEMLINT_MEMPROFILE names a file, a heap profile
// there (IDEMLINT_MEMPROFILE=path idemlint ./...). It is called once the
// analysis is done and its graph still live: the in-use view then shows
// what the peak is made of, the alloc views what the run allocated in all.
func profileHeap() {
	path := os.Getenv("IDEMLINT_MEMPROFILE")
	if path == "" {
		return
	}
	f, err := os.Create(path)
	if err != nil {
		fmt.Fprintf(os.Stderr, "idemlint: %v\n", err)
		return
	}
	defer f.Close()
	runtime.GC()
	if err := pprof.Lookup("allocs").WriteTo(f, 0); err != nil {
		fmt.Fprintf(os.Stderr, "idemlint: %v\n", err)
	}
}

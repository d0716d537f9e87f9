package main

import (
	"go/ast"
	"runtime/debug"

	"golang.org/x/tools/go/packages"
)

// analysisGCPercent is the collector's pace while the analyzers run on a
// program that is mostly dependencies.
const analysisGCPercent = 50

// paceAnalysis sets the collector's pace for the analysis of a loaded
// program and returns what restores it. Loading leaves the whole program
// live, and at the default pace the next collection waits for the heap to
// double: on an application, whose dependencies Releasing drops one by
// one as the analysis goes, that collection came late or never, and the
// peak was the loaded program plus all the analysis allocated (lego: 3.4
// GB, against 2.7 GB for loading alone). Collecting at half the growth
// frees the dropped dependencies while their memory is still wanted, at
// little cost, since what is live shrinks as the run goes. When the roots
// hold most of the syntax (std, where every package is a root and is kept
// to the end) the live heap does not shrink, and a faster pace only costs
// marking it more often: the default stays.
func paceAnalysis(roots []*packages.Package) (restore func()) {
	if !mostlyDependencies(roots) {
		return func() {}
	}
	old := debug.SetGCPercent(analysisGCPercent)
	return func() { debug.SetGCPercent(old) }
}

// mostlyDependencies reports whether the files of the packages the roots
// import, and not of the roots themselves, are more than half of what was
// loaded, by size (a file parsed for a root and for its test variant, or a
// package and its variants under test, counts once).
func mostlyDependencies(roots []*packages.Package) bool {
	seen := map[*ast.File]bool{}
	size := func(p *packages.Package) int64 {
		n := int64(0)
		for _, f := range p.Syntax {
			if f == nil || seen[f] || p.Fset == nil {
				continue
			}
			seen[f] = true
			if tf := p.Fset.File(f.FileStart); tf != nil {
				n += int64(tf.Size())
			}
		}
		return n
	}
	var own, deps int64
	for _, r := range roots {
		own += size(r)
	}
	packages.Visit(roots, nil, func(p *packages.Package) { deps += size(p) })
	return deps > own
}

package ssautil

import (
	"go/token"
	"go/types"
	"reflect"
	"sync"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"
)

// Analyzer gives the analyzers of a package one SSA form to share. Its
// Result builds nothing until an analyzer asks: unlike requiring buildssa,
// which builds SSA for every package a run touches (every dependency under
// go vet), SSA is built only for the packages that hold something to
// follow, and at most once for all the analyzers that follow it.
var Analyzer = &analysis.Analyzer{
	Name:       "idemlintssa",
	Doc:        "build the SSA form of a package on demand, once for every analyzer that asks",
	Run:        func(pass *analysis.Pass) (any, error) { return &SSA{pass: pass}, nil },
	ResultType: reflect.TypeFor[*SSA](),
}

// SSA is a package's SSA form, built the first time it is asked for. Its
// methods are safe to call from analyzers running at the same time. An
// analyzer holds it between Acquire and Release: the form is dropped when
// no analyzer holds it, since the driver keeps every Result until the run
// ends and the SSA of every package would add to the peak memory.
type SSA struct {
	pass *analysis.Pass

	mu      sync.Mutex
	holders int
	funcs   []*ssa.Function
	built   bool
	calls   map[token.Pos]*ssa.CallCommon
	byObj   map[*types.Func]*ssa.Function
	// parts and wanted serve PartialFunc (partial.go).
	parts  []*partial
	wanted map[*types.Func]bool
}

// Acquire notes an analyzer that may ask for the SSA form.
func (s *SSA) Acquire() {
	s.mu.Lock()
	s.holders++
	s.mu.Unlock()
}

// Release notes that the analyzer is done with it; the last one drops it.
func (s *SSA) Release() {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.holders--; s.holders <= 0 {
		s.holders = 0
		s.funcs, s.built, s.calls, s.byObj = nil, false, nil, nil
		s.parts, s.wanted = nil, nil
	}
}

// Funcs returns the package's source functions, declared and literal, in
// source order.
func (s *SSA) Funcs() []*ssa.Function {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.funcsLocked()
}

func (s *SSA) funcsLocked() []*ssa.Function {
	if !s.built {
		s.funcs, s.built = build(s.pass), true
		s.parts = nil // every question is asked of the full form now
	}
	return s.funcs
}

// Calls returns the calls of Funcs by the position of their opening
// parenthesis (see CallsByPos).
func (s *SSA) Calls() map[token.Pos]*ssa.CallCommon {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.calls == nil {
		s.calls = CallsByPos(s.funcsLocked())
	}
	return s.calls
}

// Func returns the SSA function of a function declared in the package, or
// nil.
func (s *SSA) Func(fn *types.Func) *ssa.Function {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.funcLocked(fn)
}

func (s *SSA) funcLocked(fn *types.Func) *ssa.Function {
	if s.byObj == nil {
		s.byObj = map[*types.Func]*ssa.Function{}
		for _, f := range s.funcsLocked() {
			if obj, ok := f.Object().(*types.Func); ok {
				s.byObj[obj] = f
			}
		}
	}
	return s.byObj[fn]
}

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
// methods are safe to call from analyzers running at the same time.
type SSA struct {
	pass *analysis.Pass

	funcsOnce sync.Once
	funcs     []*ssa.Function

	callsOnce sync.Once
	calls     map[token.Pos]*ssa.CallCommon

	byObjOnce sync.Once
	byObj     map[*types.Func]*ssa.Function
}

// Funcs returns the package's source functions, declared and literal, in
// source order.
func (s *SSA) Funcs() []*ssa.Function {
	s.funcsOnce.Do(func() { s.funcs = build(s.pass) })
	return s.funcs
}

// Calls returns the calls of Funcs by the position of their opening
// parenthesis (see CallsByPos).
func (s *SSA) Calls() map[token.Pos]*ssa.CallCommon {
	s.callsOnce.Do(func() { s.calls = CallsByPos(s.Funcs()) })
	return s.calls
}

// Func returns the SSA function of a function declared in the package, or
// nil.
func (s *SSA) Func(fn *types.Func) *ssa.Function {
	s.byObjOnce.Do(func() {
		s.byObj = map[*types.Func]*ssa.Function{}
		for _, f := range s.Funcs() {
			if obj, ok := f.Object().(*types.Func); ok {
				s.byObj[obj] = f
			}
		}
	})
	return s.byObj[fn]
}

// Command noop is a go/analysis driver with one analyzer that does nothing
// and exports no facts: the driver then reads the dependencies of the
// packages from compiled export data instead of loading them from source.
// It shows what a run costs when no Facts flow between packages, the cost
// idemlint's second run on unchanged code is measured against.
package main

import (
	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/singlechecker"
)

var analyzer = &analysis.Analyzer{
	Name: "noop",
	Doc:  "do nothing: the cost of loading and type-checking the packages named, without their dependencies' sources",
	Run:  func(*analysis.Pass) (any, error) { return nil, nil },
}

func main() { singlechecker.Main(analyzer) }

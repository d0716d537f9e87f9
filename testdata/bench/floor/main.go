// Command floor loads and type-checks packages from source with
// go/packages, as idemlint's standalone driver does, and does nothing else:
// the floor idemlint's own cost is measured against.
package main

import (
	"fmt"
	"os"

	"golang.org/x/tools/go/packages"
)

func main() {
	cfg := &packages.Config{Mode: packages.LoadAllSyntax, Tests: true}
	pkgs, err := packages.Load(cfg, os.Args[1:]...)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	n := 0
	packages.Visit(pkgs, nil, func(*packages.Package) { n++ })
	fmt.Fprintln(os.Stderr, "loaded", n, "packages")
}

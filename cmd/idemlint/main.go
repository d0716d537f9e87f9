// Command idemlint finds retry and idempotency hazards in Go code.
//
// Standalone:
//
//	idemlint [flags] [packages]
//
// As a vet tool:
//
//	go vet -vettool=$(command -v idemlint) [flags] [packages]
//
// Run `idemlint -help` for the flags.
package main

import (
	"os"
	"strings"

	"golang.org/x/tools/go/analysis/unitchecker"

	"github.com/idemlint/idemlint/passes"
)

func main() {
	if invokedByGoVet(os.Args[1:]) {
		// A panic costs one package's reports: go vet prints the line the
		// analyzer writes, and the vet run of the package that failed
		// still exits 0 or 1 with the other analyzers' reports.
		all := passes.All()
		passes.Recovering(all, os.Stderr)
		unitchecker.Main(all...) // does not return
	}
	if path := os.Getenv("IDEMLINT_CPUPROFILE"); path != "" {
		stop := startProfile(path)
		code := standalone(os.Args[1:], os.Stdout, os.Stderr)
		stop()
		os.Exit(code)
	}
	os.Exit(standalone(os.Args[1:], os.Stdout, os.Stderr))
}

// invokedByGoVet recognises the unitchecker protocol: go vet asks the tool
// for its version (-V=full) and flags (-flags), then runs it once per
// package with a JSON .cfg file as its only argument.
func invokedByGoVet(args []string) bool {
	for _, a := range args {
		if a == "-V=full" || a == "--V=full" || a == "-flags" || a == "--flags" {
			return true
		}
	}
	return len(args) > 0 && strings.HasSuffix(args[len(args)-1], ".cfg")
}

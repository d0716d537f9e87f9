// Command custom-gcl is golangci-lint v2 with idemlint's module plugin
// built in: the binary `golangci-lint custom` would build from
// .custom-gcl.yml, made here with the Go module proxy alone (custom clones
// golangci-lint with git). The end-to-end test builds and runs it.
package main

import (
	"fmt"
	"os"
	"runtime"

	"github.com/golangci/golangci-lint/v2/pkg/commands"
	"github.com/golangci/golangci-lint/v2/pkg/exitcodes"

	_ "github.com/idemlint/idemlint/plugin"
)

func main() {
	// "(devel)" makes golangci-lint salt its cache with the executable's
	// hash, so a rebuilt plugin is never served stale results.
	info := commands.BuildInfo{Version: "(devel)", GoVersion: runtime.Version(), Commit: "?", Date: "?"}
	if err := commands.Execute(info); err != nil {
		fmt.Fprintf(os.Stderr, "The command is terminated due to an error: %v\n", err)
		os.Exit(exitcodes.Failure)
	}
}

package selectinsert

import (
	"fmt"

	"github.com/idemlint/idemlint/passes/internal/sqltext"
)

// SchemaKey renders the schema the analyzer reads for a package in dir:
// the DDL of the module holding it (with dir "", none) and that of the
// -schema paths. The schema lies outside the package's files and imports,
// so a driver that keeps results across runs must key them on it too.
func SchemaKey(dir string) string {
	var parts []sqltext.Schema
	if dir != "" {
		parts = append(parts, moduleSchema(dir))
	}
	for _, p := range schemaPaths {
		parts = append(parts, extraSchema(p))
	}
	return fmt.Sprint(parts) // fmt prints maps sorted by key
}

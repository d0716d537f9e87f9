package selectinsert

import (
	"fmt"
	"strings"
)

// CheckFact marks a function whose result tells whether rows of Table
// exist (an exists(ctx, id) helper): a call of it is a read.
type CheckFact struct {
	Table   string
	Columns []string
}

func (*CheckFact) AFact() {}
func (f *CheckFact) String() string {
	return fmt.Sprintf("checks %s(%s)", f.Table, strings.Join(f.Columns, ","))
}

// UniqueCheckFact marks a function that tells a unique violation apart
// (isUniqueViolation(err)): code calling it handles duplicates.
type UniqueCheckFact struct{}

func (*UniqueCheckFact) AFact()         {}
func (*UniqueCheckFact) String() string { return "detects unique violations" }

package selectinsert

import (
	"fmt"
	"strings"
)

// CheckFact marks a function whose result tells whether rows of Table (or
// of the GORM model Model) with Columns exist, or returns the id found by
// them (an exists(ctx, id) or findIDByEmail(ctx, email) helper): a call of
// it is a read.
type CheckFact struct {
	Table   string
	Columns []string
	// Model is the GORM model read (package path and type name), Backed
	// whether one of its unique keys covers Columns.
	Model  string
	Backed bool
	// Count says the result is how many rows there are: a test that it
	// is above zero is a test that rows were found.
	Count bool
}

func (*CheckFact) AFact() {}
func (f *CheckFact) String() string {
	if f.Count {
		return fmt.Sprintf("counts %s(%s)", f.table(), strings.Join(f.Columns, ","))
	}
	return fmt.Sprintf("checks %s(%s)", f.table(), strings.Join(f.Columns, ","))
}

func (f *CheckFact) table() string {
	if f.Table != "" {
		return f.Table
	}
	return f.Model
}

// QueryFact marks a function that runs the SQL text its caller passes in
// parameter Param (dbx.Exists(ctx, db, "SELECT 1 FROM carts WHERE ...",
// id)): the call runs what the text says, a read when Outcome (the function
// returns something to test), an insert when the text is one.
type QueryFact struct {
	Param   int
	Outcome bool
}

func (*QueryFact) AFact() {}
func (f *QueryFact) String() string {
	return fmt.Sprintf("runs the SQL of parameter %d", f.Param)
}

// InsertFact marks a function that inserts into Table (or the GORM model
// Model) with nothing resolving a conflict: a call of it is an insert.
// SaveParam is 1 + the index of the parameter a GORM Save writes, which
// updates rather than inserts when the caller read that value.
type InsertFact struct {
	Table     string
	Model     string
	SaveParam int
}

func (*InsertFact) AFact() {}
func (f *InsertFact) String() string {
	if f.Table != "" {
		return "inserts into " + f.Table
	}
	return "inserts into " + f.Model
}

// UniqueCheckFact marks a function that tells a unique violation apart
// (isUniqueViolation(err)): code calling it handles duplicates.
type UniqueCheckFact struct{}

func (*UniqueCheckFact) AFact()         {}
func (*UniqueCheckFact) String() string { return "detects unique violations" }

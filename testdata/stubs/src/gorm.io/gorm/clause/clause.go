package clause

type Expression interface{}
type Column struct{ Name string }
type Set []Assignment
type Assignment struct {
	Column Column
	Value  interface{}
}

type OnConflict struct {
	Columns      []Column
	OnConstraint string
	DoNothing    bool
	DoUpdates    Set
	UpdateAll    bool
}

type Insert struct{ Modifier string }

type Locking struct{ Strength string }

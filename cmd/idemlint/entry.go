package main

import (
	"encoding/json"
	"go/token"

	"github.com/idemlint/idemlint/passes"
)

// A cache entry is a unit as JSON. The types below mirror unit, finding
// and directive with exported fields, so that the findings themselves
// keep their plain lower-case fields.
type entryUnit struct {
	ID         string
	Findings   []entryFinding
	Directives []entryDirective
	Mapped     bool          `json:",omitempty"`
	Sites      []passes.Site `json:",omitempty"`
}

type entryFinding struct {
	Analyzer, Pkg, Message, Function string
	Posn, End                        token.Position
	Related                          []entryRelated `json:",omitempty"`
	Fixes                            []entryFix     `json:",omitempty"`
	Suppressed                       bool           `json:",omitempty"`
	Justification                    string         `json:",omitempty"`
	Directive                        token.Position
}

type entryRelated struct {
	Posn    token.Position
	Message string
}

type entryFix struct {
	Message string
	Edits   []entryEdit
}

type entryEdit struct {
	File                                   string
	Start, End, Line, Col, EndLine, EndCol int
	Text                                   string
}

type entryDirective struct {
	Pkg    string
	Posn   token.Position
	Names  []string
	Reason string
}

func encodeUnit(u unit) ([]byte, error) {
	e := entryUnit{ID: u.id, Mapped: u.mapped, Sites: u.sites}
	for _, f := range u.findings {
		ef := entryFinding{Analyzer: f.analyzer, Pkg: f.pkg, Message: f.message, Function: f.function,
			Posn: f.posn, End: f.end, Suppressed: f.suppressed, Justification: f.justification, Directive: f.directive}
		for _, r := range f.related {
			ef.Related = append(ef.Related, entryRelated{r.posn, r.message})
		}
		for _, fx := range f.fixes {
			x := entryFix{Message: fx.message}
			for _, ed := range fx.edits {
				x.Edits = append(x.Edits, entryEdit{ed.file, ed.start, ed.end, ed.line, ed.col, ed.endLine, ed.endCol, ed.text})
			}
			ef.Fixes = append(ef.Fixes, x)
		}
		e.Findings = append(e.Findings, ef)
	}
	for _, d := range u.directives {
		e.Directives = append(e.Directives, entryDirective{d.pkg, d.posn, d.names, d.reason})
	}
	return json.Marshal(e)
}

func decodeUnit(data []byte) (unit, error) {
	var e entryUnit
	if err := json.Unmarshal(data, &e); err != nil {
		return unit{}, err
	}
	u := unit{id: e.ID, mapped: e.Mapped, sites: e.Sites}
	for _, ef := range e.Findings {
		f := finding{analyzer: ef.Analyzer, pkg: ef.Pkg, message: ef.Message, function: ef.Function,
			posn: ef.Posn, end: ef.End, suppressed: ef.Suppressed, justification: ef.Justification, directive: ef.Directive}
		for _, r := range ef.Related {
			f.related = append(f.related, related{r.Posn, r.Message})
		}
		for _, x := range ef.Fixes {
			fx := fix{message: x.Message}
			for _, ed := range x.Edits {
				fx.edits = append(fx.edits, edit{ed.File, ed.Start, ed.End, ed.Line, ed.Col, ed.EndLine, ed.EndCol, ed.Text})
			}
			f.fixes = append(f.fixes, fx)
		}
		u.findings = append(u.findings, f)
	}
	for _, d := range e.Directives {
		u.directives = append(u.directives, directive{d.Pkg, d.Posn, d.Names, d.Reason})
	}
	return u, nil
}

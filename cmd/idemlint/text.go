package main

import (
	"encoding/json"
	"fmt"
	"io"
)

// writeText prints each finding as file:line:col: message (check), the
// check being the name //idemlint:ignore, -NAME=false and -explain take, and
// its related positions under it as go vet does ("file:line:col: \tmessage").
func writeText(all []finding, w io.Writer) {
	for _, f := range all {
		if f.suppressed {
			continue
		}
		fmt.Fprintf(w, "%s:%d:%d: %s (%s)\n", relative(f.posn.Filename), f.posn.Line, f.posn.Column, f.message, tag(f.analyzer, f.message))
		for _, r := range f.related {
			fmt.Fprintf(w, "%s:%d:%d: \t%s\n", relative(r.posn.Filename), r.posn.Line, r.posn.Column, r.message)
		}
	}
}

// jsonDiagnostic is one report in the go/analysis JSON tree.
type jsonDiagnostic struct {
	Posn    string        `json:"posn"`
	Message string        `json:"message"`
	Related []jsonRelated `json:"related,omitempty"`
}

type jsonRelated struct {
	Posn    string `json:"posn"`
	Message string `json:"message"`
}

// writeJSON prints the go/analysis JSON tree that go vet -json and the
// x/tools drivers print: {"package": {"analyzer": [{"posn", "message"}]}}.
func writeJSON(all []finding, w io.Writer) error {
	tree := map[string]map[string][]jsonDiagnostic{}
	for _, f := range all {
		if f.suppressed {
			continue
		}
		d := jsonDiagnostic{Posn: f.posn.String(), Message: f.message}
		for _, r := range f.related {
			d.Related = append(d.Related, jsonRelated{Posn: r.posn.String(), Message: r.message})
		}
		if tree[f.pkg] == nil {
			tree[f.pkg] = map[string][]jsonDiagnostic{}
		}
		tree[f.pkg][f.analyzer] = append(tree[f.pkg][f.analyzer], d)
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "\t")
	return enc.Encode(tree)
}

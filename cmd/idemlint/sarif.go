package main

import (
	"encoding/json"
	"io"
	"path/filepath"
	"strings"

	"golang.org/x/tools/go/analysis"
)

// SARIF 2.1.0, the subset GitHub code scanning reads. Positions are 1-based
// lines and byte columns.
type sarifLog struct {
	Schema  string     `json:"$schema"`
	Version string     `json:"version"`
	Runs    []sarifRun `json:"runs"`
}

type sarifRun struct {
	Tool       sarifTool     `json:"tool"`
	ColumnKind string        `json:"columnKind"`
	Results    []sarifResult `json:"results"`
}

type sarifTool struct {
	Driver sarifDriver `json:"driver"`
}

type sarifDriver struct {
	Name           string      `json:"name"`
	InformationURI string      `json:"informationUri"`
	Version        string      `json:"version"`
	Rules          []sarifRule `json:"rules"`
}

type sarifRule struct {
	ID                   string       `json:"id"`
	Name                 string       `json:"name"`
	ShortDescription     sarifText    `json:"shortDescription"`
	FullDescription      sarifText    `json:"fullDescription"`
	Help                 sarifText    `json:"help"`
	HelpURI              string       `json:"helpUri"`
	DefaultConfiguration sarifDefault `json:"defaultConfiguration"`
}

type sarifDefault struct {
	Level string `json:"level"`
}

type sarifText struct {
	Text string `json:"text"`
}

type sarifResult struct {
	RuleID           string             `json:"ruleId"`
	RuleIndex        int                `json:"ruleIndex"`
	Level            string             `json:"level"`
	Message          sarifText          `json:"message"`
	Locations        []sarifLocation    `json:"locations"`
	RelatedLocations []sarifLocation    `json:"relatedLocations,omitempty"`
	Fixes            []sarifFix         `json:"fixes,omitempty"`
	Suppressions     []sarifSuppression `json:"suppressions,omitempty"`
}

type sarifLocation struct {
	ID               *int          `json:"id,omitempty"`
	PhysicalLocation sarifPhysical `json:"physicalLocation"`
	Message          *sarifText    `json:"message,omitempty"`
}

type sarifPhysical struct {
	ArtifactLocation sarifArtifact `json:"artifactLocation"`
	Region           sarifRegion   `json:"region"`
}

type sarifArtifact struct {
	URI       string `json:"uri"`
	URIBaseID string `json:"uriBaseId"`
}

type sarifRegion struct {
	StartLine   int `json:"startLine"`
	StartColumn int `json:"startColumn,omitempty"`
	EndLine     int `json:"endLine,omitempty"`
	EndColumn   int `json:"endColumn,omitempty"`
}

type sarifFix struct {
	Description     sarifText             `json:"description"`
	ArtifactChanges []sarifArtifactChange `json:"artifactChanges"`
}

type sarifArtifactChange struct {
	ArtifactLocation sarifArtifact      `json:"artifactLocation"`
	Replacements     []sarifReplacement `json:"replacements"`
}

type sarifReplacement struct {
	DeletedRegion   sarifRegion `json:"deletedRegion"`
	InsertedContent sarifText   `json:"insertedContent"`
}

type sarifSuppression struct {
	Kind          string `json:"kind"`
	Justification string `json:"justification,omitempty"`
}

const repoURL = "https://github.com/idemlint/idemlint"

// writeSARIF prints the findings, suppressed ones marked as such, with one
// rule per analyzer (its Doc as help) and one for idemlint's directives.
func writeSARIF(all []finding, ran []*analysis.Analyzer, w io.Writer) error {
	// One rule per analyzer and hazard, with the analyzer's documentation
	// as help.
	var rules []sarifRule
	index := map[string]int{}
	addRule := func(id, summary, doc, url string) {
		if _, ok := index[id]; ok {
			return
		}
		_, long, _ := strings.Cut(doc, "\n")
		index[id] = len(rules)
		rules = append(rules, sarifRule{
			ID: id, Name: id,
			ShortDescription:     sarifText{summary},
			FullDescription:      sarifText{strings.TrimSpace(long)},
			Help:                 sarifText{strings.TrimSpace(doc)},
			HelpURI:              url,
			DefaultConfiguration: sarifDefault{"warning"},
		})
	}
	docs := map[string][2]string{directiveAnalyzer: {directiveDoc, directiveURL}}
	for _, a := range ran {
		docs[a.Name] = [2]string{a.Doc, a.URL}
		first, _, _ := strings.Cut(a.Doc, "\n")
		addRule(a.Name, first, a.Doc, a.URL)
	}
	ruleOf := func(f finding) string {
		h, ok := hazardOf(f.analyzer, f.message)
		if !ok {
			return f.analyzer
		}
		id := ruleID(f.analyzer, f.message)
		addRule(id, h.summary, docs[f.analyzer][0], docs[f.analyzer][1])
		return id
	}

	results := []sarifResult{}
	for _, f := range all {
		rule := ruleOf(f)
		r := sarifResult{
			RuleID: rule, RuleIndex: index[rule], Level: "warning",
			Message:   sarifText{f.message},
			Locations: []sarifLocation{{PhysicalLocation: physical(f.posn.Filename, sarifRegion{f.posn.Line, f.posn.Column, f.end.Line, f.end.Column})}},
		}
		for i, rel := range f.related {
			id := i + 1
			r.RelatedLocations = append(r.RelatedLocations, sarifLocation{ID: &id,
				PhysicalLocation: physical(rel.posn.Filename, sarifRegion{StartLine: rel.posn.Line, StartColumn: rel.posn.Column}),
				Message:          &sarifText{rel.message}})
		}
		for _, fx := range f.fixes {
			r.Fixes = append(r.Fixes, sarifFixOf(fx))
		}
		if f.suppressed {
			r.Suppressions = []sarifSuppression{{Kind: "inSource", Justification: f.justification}}
		}
		results = append(results, r)
	}
	log := sarifLog{
		Schema:  "https://json.schemastore.org/sarif-2.1.0.json",
		Version: "2.1.0",
		Runs: []sarifRun{{
			Tool:       sarifTool{sarifDriver{Name: "idemlint", InformationURI: repoURL, Version: version(), Rules: rules}},
			ColumnKind: "utf16CodeUnits",
			Results:    results,
		}},
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(log)
}

func physical(file string, region sarifRegion) sarifPhysical {
	return sarifPhysical{ArtifactLocation: sarifArtifact{URI: filepath.ToSlash(relative(file)), URIBaseID: "%SRCROOT%"}, Region: region}
}

func sarifFixOf(fx fix) sarifFix {
	out := sarifFix{Description: sarifText{fx.message}}
	byFile := map[string]int{}
	for _, e := range fx.edits {
		i, ok := byFile[e.file]
		if !ok {
			i = len(out.ArtifactChanges)
			byFile[e.file] = i
			out.ArtifactChanges = append(out.ArtifactChanges, sarifArtifactChange{ArtifactLocation: sarifArtifact{URI: filepath.ToSlash(relative(e.file)), URIBaseID: "%SRCROOT%"}})
		}
		out.ArtifactChanges[i].Replacements = append(out.ArtifactChanges[i].Replacements, sarifReplacement{
			DeletedRegion:   sarifRegion{e.line, e.col, e.endLine, e.endCol},
			InsertedContent: sarifText{e.text},
		})
	}
	return out
}

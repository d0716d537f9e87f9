package main

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"sort"
)

// A baseline records the findings a team has accepted, so that CI fails
// only on new ones. Findings are matched on analyzer, file, enclosing
// function and message, not on line numbers, so edits elsewhere in a file
// do not invalidate it.
type baseline map[baselineKey]int

type baselineKey struct {
	Analyzer string `json:"analyzer"`
	File     string `json:"file"`
	Function string `json:"function"`
	Message  string `json:"message"`
}

type baselineEntry struct {
	baselineKey
	Count int `json:"count"`
}

type baselineFile struct {
	Version  int             `json:"version"`
	Findings []baselineEntry `json:"findings"`
}

func keyOf(f finding) baselineKey {
	return baselineKey{Analyzer: f.analyzer, File: filepath.ToSlash(relative(f.posn.Filename)), Function: f.function, Message: f.message}
}

func writeBaseline(path string, all []finding) error {
	counts := baseline{}
	for _, f := range all {
		if !f.suppressed {
			counts[keyOf(f)]++
		}
	}
	out := baselineFile{Version: 1, Findings: []baselineEntry{}}
	for k, n := range counts {
		out.Findings = append(out.Findings, baselineEntry{k, n})
	}
	sort.Slice(out.Findings, func(i, j int) bool {
		a, b := out.Findings[i], out.Findings[j]
		if a.File != b.File {
			return a.File < b.File
		}
		if a.Function != b.Function {
			return a.Function < b.Function
		}
		if a.Analyzer != b.Analyzer {
			return a.Analyzer < b.Analyzer
		}
		return a.Message < b.Message
	})
	data, err := json.MarshalIndent(out, "", "  ")
	if err != nil {
		return err
	}
	return os.WriteFile(path, append(data, '\n'), 0o644)
}

func readBaseline(path string) (baseline, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var in baselineFile
	if err := json.Unmarshal(data, &in); err != nil {
		return nil, fmt.Errorf("baseline %s: %v", path, err)
	}
	if in.Version != 1 {
		return nil, fmt.Errorf("baseline %s: version %d, want 1", path, in.Version)
	}
	b := baseline{}
	for _, e := range in.Findings {
		b[e.baselineKey] += e.Count
	}
	return b, nil
}

// filter drops the findings the baseline accounts for, as many of each
// kind as it recorded.
func (b baseline) filter(all []finding) []finding {
	left := baseline{}
	for k, n := range b {
		left[k] = n
	}
	var out []finding
	for _, f := range all {
		k := keyOf(f)
		if !f.suppressed && left[k] > 0 {
			left[k]--
			continue
		}
		out = append(out, f)
	}
	return out
}

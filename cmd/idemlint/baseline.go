package main

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"sort"
)

// A baseline records the findings a team has accepted, so that CI fails
// only on new ones. Findings are matched on analyzer, rule (the check that
// made them: "retrynonidempotent/unkeyed"), file and enclosing function,
// not on line numbers, so edits elsewhere in a file do not invalidate it,
// and not on the message, so rewording a message in a later release does
// not bring a baselined finding back. Each entry keeps the message it was
// written with, for its reader.
type baseline map[baselineKey]int

type baselineKey struct {
	Analyzer string `json:"analyzer"`
	Rule     string `json:"rule"`
	File     string `json:"file"`
	Function string `json:"function"`
}

type baselineEntry struct {
	baselineKey
	// Message is what the finding said when the baseline was written: for
	// the reader, and the rule of a version 1 baseline (which had no rule).
	Message string `json:"message"`
	Count   int    `json:"count"`
}

type baselineFile struct {
	Version  int             `json:"version"`
	Findings []baselineEntry `json:"findings"`
}

// baselineVersion is the version written; version 1, keyed on the
// message, is read too.
const baselineVersion = 2

func keyOf(f finding) baselineKey {
	return baselineKey{Analyzer: f.analyzer, Rule: ruleID(f.analyzer, f.message), File: filepath.ToSlash(relative(f.posn.Filename)), Function: f.function}
}

func writeBaseline(path string, all []finding) error {
	counts := baseline{}
	messages := map[baselineKey]string{}
	for _, f := range all {
		if !f.suppressed {
			k := keyOf(f)
			counts[k]++
			if m, ok := messages[k]; !ok || f.message < m {
				messages[k] = f.message // the same one whatever the order
			}
		}
	}
	out := baselineFile{Version: baselineVersion, Findings: []baselineEntry{}}
	for k, n := range counts {
		out.Findings = append(out.Findings, baselineEntry{baselineKey: k, Message: messages[k], Count: n})
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
		return a.Rule < b.Rule
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
	if in.Version != 1 && in.Version != baselineVersion {
		return nil, fmt.Errorf("baseline %s: version %d, want 1 or %d", path, in.Version, baselineVersion)
	}
	b := baseline{}
	for _, e := range in.Findings {
		k := e.baselineKey
		if in.Version == 1 {
			// Version 1 keyed on the message: its rule is the one the
			// message names.
			k.Rule = ruleID(k.Analyzer, e.Message)
		}
		b[k] += e.Count
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

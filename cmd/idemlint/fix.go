package main

import (
	"bytes"
	"fmt"
	"go/format"
	"io"
	"os"
	"sort"
	"strings"
)

// applyFixes applies the first suggested fix of each finding, file by file,
// skipping a fix that overlaps one already taken; with diff it prints the
// changes as a unified diff instead of writing them.
func applyFixes(all []finding, diff bool, w io.Writer) error {
	byFile := map[string][]edit{}
	for _, f := range all {
		if f.suppressed || len(f.fixes) == 0 {
			continue
		}
		ours := map[string][]edit{}
		for _, e := range f.fixes[0].edits {
			ours[e.file] = append(ours[e.file], e)
		}
		// Take the fix whole, or not at all, when it overlaps another.
		ok := true
		for file, edits := range ours {
			for _, e := range edits {
				for _, taken := range byFile[file] {
					if e.start < taken.end && taken.start < e.end || e.start == taken.start {
						ok = false
					}
				}
			}
		}
		if ok {
			for file, edits := range ours {
				byFile[file] = append(byFile[file], edits...)
			}
		}
	}
	files := make([]string, 0, len(byFile))
	for f := range byFile {
		files = append(files, f)
	}
	sort.Strings(files)
	for _, file := range files {
		src, err := os.ReadFile(file)
		if err != nil {
			return err
		}
		edits := byFile[file]
		sort.SliceStable(edits, func(i, j int) bool { return edits[i].start > edits[j].start })
		out := append([]byte(nil), src...)
		for _, e := range edits {
			if e.end > len(out) || e.start > e.end {
				return fmt.Errorf("%s: a fix's edit is out of range", file)
			}
			out = append(out[:e.start], append([]byte(e.text), out[e.end:]...)...)
		}
		if formatted, err := format.Source(out); err == nil {
			out = formatted
		}
		if diff {
			fmt.Fprint(w, unifiedDiff(relative(file), string(src), string(out)))
			continue
		}
		if err := os.WriteFile(file, out, 0o644); err != nil {
			return err
		}
	}
	return nil
}

// unifiedDiff renders the change from a to b as unified-diff hunks with
// three lines of context, from a longest-common-subsequence line diff.
func unifiedDiff(name, a, b string) string {
	if a == b {
		return ""
	}
	al, bl := strings.SplitAfter(a, "\n"), strings.SplitAfter(b, "\n")
	ops := lineDiff(al, bl)
	var buf bytes.Buffer
	fmt.Fprintf(&buf, "--- %s\n+++ %s\n", name, name)
	const context = 3
	for i := 0; i < len(ops); {
		if ops[i].kind == ' ' {
			i++
			continue
		}
		// A hunk: from context lines before this change to context lines
		// after the last change closer than 2*context to the next.
		start := max(0, i-context)
		end := i
		for j := i; j < len(ops); j++ {
			if ops[j].kind != ' ' {
				end = j
			} else if j-end > 2*context {
				break
			}
		}
		end = min(len(ops), end+context+1)
		aStart, bStart := ops[start].a, ops[start].b
		aN, bN := 0, 0
		for _, o := range ops[start:end] {
			if o.kind != '+' {
				aN++
			}
			if o.kind != '-' {
				bN++
			}
		}
		fmt.Fprintf(&buf, "@@ -%d,%d +%d,%d @@\n", aStart+1, aN, bStart+1, bN)
		for _, o := range ops[start:end] {
			buf.WriteString(string(o.kind) + o.text)
			if !strings.HasSuffix(o.text, "\n") {
				buf.WriteString("\n\\ No newline at end of file\n")
			}
		}
		i = end
	}
	return buf.String()
}

type diffOp struct {
	kind byte // ' ', '-', '+'
	text string
	a, b int // line indexes before the op
}

// lineDiff aligns two line lists by their longest common subsequence.
func lineDiff(a, b []string) []diffOp {
	n, m := len(a), len(b)
	lcs := make([][]int32, n+1)
	for i := range lcs {
		lcs[i] = make([]int32, m+1)
	}
	for i := n - 1; i >= 0; i-- {
		for j := m - 1; j >= 0; j-- {
			if a[i] == b[j] {
				lcs[i][j] = lcs[i+1][j+1] + 1
			} else {
				lcs[i][j] = max(lcs[i+1][j], lcs[i][j+1])
			}
		}
	}
	var ops []diffOp
	i, j := 0, 0
	for i < n || j < m {
		switch {
		case i < n && j < m && a[i] == b[j]:
			ops = append(ops, diffOp{' ', a[i], i, j})
			i, j = i+1, j+1
		case i < n && (j == m || lcs[i+1][j] >= lcs[i][j+1]):
			ops = append(ops, diffOp{'-', a[i], i, j})
			i++
		default:
			ops = append(ops, diffOp{'+', b[j], i, j})
			j++
		}
	}
	return ops
}

package passes_test

import (
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"unicode"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"golang.org/x/tools/go/analysis"

	"github.com/idemlint/idemlint/analysistest"
	"github.com/idemlint/idemlint/passes"
)

// Each analyzer's page, docs/analyzers/<name>.md, holds its Doc between
// these markers; docs/analyzers/README.md lists the pages, and the README
// gives each analyzer a heading (the anchor of its URL, which SARIF rules
// and -explain link to) between the analyzers markers. All three are
// generated from the analyzers: IDEMLINT_UPDATE_README=1 go test ./passes/
// rewrites them, creating a missing page.
const (
	docBegin       = "<!-- doc:begin -->\n"
	docEnd         = "<!-- doc:end -->"
	analyzersBegin = "<!-- analyzers:begin -->\n"
	analyzersEnd   = "<!-- analyzers:end -->"

	updateHint = "run IDEMLINT_UPDATE_README=1 go test ./passes/"
	repoURL    = "https://github.com/idemlint/idemlint"
)

// summary is the first line of an analyzer's Doc as a sentence start.
func summary(a *analysis.Analyzer) string {
	first, _, _ := strings.Cut(a.Doc, "\n")
	return strings.ToUpper(first[:1]) + first[1:]
}

// docSection renders an analyzer's Doc as the generated part of its page.
func docSection(a *analysis.Analyzer) string {
	_, rest, _ := strings.Cut(a.Doc, "\n")
	return "\n" + summary(a) + ".\n\n```text\n" + strings.TrimSpace(rest) + "\n```\n\n"
}

// newPage is the page of an analyzer that has none yet; only its section
// between the markers is generated from then on.
func newPage(a *analysis.Analyzer) string {
	return "# " + a.Name + "\n\n" +
		"[idemlint](../../README.md) · [docs](../README.md) · [analyzers](README.md)\n\n" +
		"The analyzer's `Doc`, which `idemlint -explain " + a.Name + "` prints with\n" +
		"each hazard's fix, the analyzer's options and how to silence it.\n\n" +
		docBegin + docEnd + "\n"
}

// indexSection lists the analyzers' pages in docs/analyzers/README.md.
func indexSection() string {
	var b strings.Builder
	b.WriteString("\n| analyzer | reports |\n| --- | --- |\n")
	for _, a := range passes.All() {
		first, _, _ := strings.Cut(a.Doc, "\n")
		b.WriteString("| [`" + a.Name + "`](" + a.Name + ".md) | " + strings.TrimPrefix(first, "report ") + " |\n")
	}
	return b.String() + "\n"
}

// readmeSection gives each analyzer a heading in the README, so that the
// anchor of its URL lands on a summary and a link to its page.
func readmeSection() string {
	var b strings.Builder
	for _, a := range passes.All() {
		b.WriteString("\n### " + a.Name + "\n\n" + summary(a) + " ([documentation](docs/analyzers/" + a.Name + ".md)).\n")
	}
	return b.String() + "\n"
}

// between replaces what text holds between begin and end with section.
func between(t *testing.T, name, text, begin, end, section string) string {
	i, j := strings.Index(text, begin), strings.Index(text, end)
	require.True(t, i >= 0 && j > i, "%s lacks the markers %q and %q", name, strings.TrimSpace(begin), end)
	return text[:i+len(begin)] + section + text[j:]
}

// checkGenerated compares name's section between the markers with the
// generated one, or rewrites it under IDEMLINT_UPDATE_README=1; fresh is
// the whole file to create when it does not exist yet ("" if it must).
func checkGenerated(t *testing.T, name, fresh, begin, end, section string) {
	data, err := os.ReadFile(name)
	update := os.Getenv("IDEMLINT_UPDATE_README") == "1"
	if os.IsNotExist(err) && update && fresh != "" {
		data, err = []byte(fresh), nil
	}
	require.NoError(t, err, updateHint)
	text := string(data)
	want := between(t, name, text, begin, end, section)
	if update {
		if want != text {
			require.NoError(t, os.WriteFile(name, []byte(want), 0o644))
		}
		return
	}
	assert.Equal(t, want, text, "%s is out of date: %s", name, updateHint)
}

// TestDocsDocumentAnalyzers keeps each analyzer's page equal to its Doc,
// the index of the pages and the README's analyzer headings up to date,
// and fails on a page of an analyzer that no longer exists.
func TestDocsDocumentAnalyzers(t *testing.T) {
	root := analysistest.Root()
	dir := filepath.Join(root, "docs", "analyzers")
	pages := map[string]bool{"README.md": true}
	for _, a := range passes.All() {
		pages[a.Name+".md"] = true
		checkGenerated(t, filepath.Join(dir, a.Name+".md"), newPage(a), docBegin, docEnd, docSection(a))
	}
	checkGenerated(t, filepath.Join(dir, "README.md"), "", analyzersBegin, analyzersEnd, indexSection())
	checkGenerated(t, filepath.Join(root, "README.md"), "", analyzersBegin, analyzersEnd, readmeSection())

	entries, err := os.ReadDir(dir)
	require.NoError(t, err)
	for _, e := range entries {
		assert.True(t, pages[e.Name()], "docs/analyzers/%s documents no analyzer", e.Name())
	}
}

// slug is the anchor GitHub gives a heading.
func slug(heading string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(strings.TrimSpace(heading)) {
		switch {
		case r == ' ':
			b.WriteRune('-')
		case r == '-' || r == '_' || unicode.IsLetter(r) || unicode.IsDigit(r):
			b.WriteRune(r)
		}
	}
	return b.String()
}

var (
	fence      = regexp.MustCompile("(?ms)^```.*?^```")
	headingRe  = regexp.MustCompile(`(?m)^#{1,6} +(.+?) *$`)
	htmlAnchor = regexp.MustCompile(`<a (?:id|name)="([^"]+)"`)
	linkRe     = regexp.MustCompile(`\]\(([^)\s]+)\)`)
	// A link into the repository's pages, in Go code: the README's URL
	// with an anchor (repoURL + "#silencing-a-report", or the whole URL
	// as an analyzer's URL field spells it), or a file on the main branch.
	codeLinkRe = regexp.MustCompile(`(?:repoURL *\+ *"|"` + regexp.QuoteMeta(repoURL) + `)((?:/blob/main/[^"#]+)?#[^"]+|/blob/main/[^"#]+)"`)
)

// markdown is a Markdown file's text outside code blocks and its anchors.
func markdown(t *testing.T, path string) (string, map[string]bool) {
	data, err := os.ReadFile(path)
	require.NoError(t, err)
	text := fence.ReplaceAllString(string(data), "")
	anchors := map[string]bool{}
	for _, m := range headingRe.FindAllStringSubmatch(text, -1) {
		anchors[slug(m[1])] = true
	}
	for _, m := range htmlAnchor.FindAllStringSubmatch(text, -1) {
		anchors[m[1]] = true
	}
	return text, anchors
}

// checkTarget checks that target, a path relative to the repository with
// an optional #anchor, names a file and, in a Markdown file, a heading.
func checkTarget(t *testing.T, root, target, from string) {
	file, anchor, _ := strings.Cut(target, "#")
	path := filepath.Join(root, filepath.FromSlash(file))
	_, err := os.Stat(path)
	if !assert.NoError(t, err, "%s links to %s, which does not exist", from, target) || anchor == "" {
		return
	}
	require.True(t, strings.HasSuffix(file, ".md"), "%s: %s: an anchor into a file that is not Markdown", from, target)
	_, anchors := markdown(t, path)
	assert.True(t, anchors[anchor], "%s links to %s, which has no heading #%s", from, file, anchor)
}

// TestDocsLinks checks every relative link of the README and the docs
// pages, anchors included, and every link into them that Go code makes
// (analyzers' URLs, SARIF rules, -explain): a section moved or renamed
// must take its links along.
func TestDocsLinks(t *testing.T) {
	root := analysistest.Root()
	var pages, sources []string
	require.NoError(t, filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(root, path)
		rel = filepath.ToSlash(rel)
		if d.IsDir() {
			if rel != "." && (strings.HasPrefix(d.Name(), ".") || d.Name() == "testdata") {
				return filepath.SkipDir
			}
			return nil
		}
		switch {
		case rel == "README.md" || strings.HasPrefix(rel, "docs/") && strings.HasSuffix(rel, ".md"):
			pages = append(pages, rel)
		case strings.HasSuffix(rel, ".go") && !strings.HasSuffix(rel, "_test.go"):
			sources = append(sources, rel)
		}
		return nil
	}))
	require.Contains(t, pages, "README.md")

	for _, page := range pages {
		text, anchors := markdown(t, filepath.Join(root, page))
		for _, m := range linkRe.FindAllStringSubmatch(text, -1) {
			target := m[1]
			switch {
			case strings.Contains(target, "://") || strings.HasPrefix(target, "mailto:"):
			case strings.HasPrefix(target, "#"):
				assert.True(t, anchors[target[1:]], "%s links to %s, which it lacks", page, target)
			default:
				checkTarget(t, root, resolve(page, target), page)
			}
		}
	}

	var linked []string
	fromCmd := false
	for _, src := range sources {
		data, err := os.ReadFile(filepath.Join(root, src))
		require.NoError(t, err)
		for _, m := range codeLinkRe.FindAllStringSubmatch(string(data), -1) {
			target := strings.TrimPrefix(m[1], "/blob/main/")
			if strings.HasPrefix(target, "#") {
				target = "README.md" + target
			}
			linked = append(linked, target)
			fromCmd = fromCmd || strings.HasPrefix(src, "cmd/")
			checkTarget(t, root, target, src)
		}
	}
	// The links are found: the analyzers' URLs, and the directives' one in
	// cmd/idemlint.
	for _, a := range passes.All() {
		target := strings.TrimPrefix(strings.TrimPrefix(a.URL, repoURL), "/blob/main/")
		if strings.HasPrefix(target, "#") {
			target = "README.md" + target
		}
		assert.Contains(t, linked, target, "%s's URL %s is not seen in the code", a.Name, a.URL)
	}
	assert.True(t, fromCmd, "no link into the docs seen in cmd/: %v", linked)
}

// resolve makes a link relative to the page that holds it relative to the
// repository.
func resolve(page, target string) string {
	file, anchor, hasAnchor := strings.Cut(target, "#")
	if file == "" {
		file = page
	} else {
		file = path.Join(path.Dir(page), file)
	}
	if hasAnchor {
		return file + "#" + anchor
	}
	return file
}

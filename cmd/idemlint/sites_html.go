package main

import (
	"bufio"
	"bytes"
	_ "embed"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"text/template"
)

// sitesPage is the page -sites -html writes: the table, sortable and
// filterable, the chains drawn as trees, the summary, all inline (its
// Content-Security-Policy forbids loading anything), with the map's JSON
// embedded exactly as -sites -json prints it.
//
//go:embed sites.html
var sitesPage string

var sitesTemplate = template.Must(template.New("sites").Parse(sitesPage))

// maxExcerpt is the most source lines the page keeps of one site.
const maxExcerpt = 40

// excerpt is the source lines of a site, shown under its row.
type excerpt struct {
	Href  string   `json:"href"` // the file, relative to the page
	First int      `json:"first"`
	Lines []string `json:"lines"`
}

// writeSitesHTML writes the map as a page to file.
func writeSitesHTML(m *siteMap, file string) error {
	var data bytes.Buffer
	if err := writeSitesJSON(m, &data); err != nil {
		return err
	}
	// json escapes <, > and & in strings, so neither text can end the
	// script element it is embedded in.
	sources, err := json.Marshal(excerpts(m, file))
	if err != nil {
		return err
	}
	var page bytes.Buffer
	err = sitesTemplate.Execute(&page, struct{ Data, Sources string }{strings.TrimSuffix(data.String(), "\n"), string(sources)})
	if err != nil {
		return err
	}
	return os.WriteFile(file, page.Bytes(), 0o644)
}

// excerpts reads the lines of each site, from a little before it to its
// end, at most maxExcerpt of them.
func excerpts(m *siteMap, page string) map[string]excerpt {
	out := map[string]excerpt{}
	files := map[string][]string{}
	dir, _ := filepath.Abs(filepath.Dir(page))
	for _, s := range m.Sites {
		lines, ok := files[s.Pos.File]
		if !ok {
			lines = readLines(s.Pos.File)
			files[s.Pos.File] = lines
		}
		first := max(1, s.Pos.Line-2)
		last := min(len(lines), max(s.EndLine, s.Pos.Line)+1, first+maxExcerpt-1)
		if first > last {
			continue
		}
		href := s.Pos.File
		if abs, err := filepath.Abs(s.Pos.File); err == nil {
			if rel, err := filepath.Rel(dir, abs); err == nil {
				href = filepath.ToSlash(rel)
			}
		}
		out[s.ID] = excerpt{Href: href, First: first, Lines: lines[first-1 : last]}
	}
	return out
}

func readLines(name string) []string {
	f, err := os.Open(name)
	if err != nil {
		return nil
	}
	defer f.Close()
	var lines []string
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 0, 64*1024), 1<<20)
	for sc.Scan() {
		lines = append(lines, sc.Text())
	}
	return lines
}

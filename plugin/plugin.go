// Package plugin is idemlint's golangci-lint v2 module plugin. Importing it
// registers the plugin as "idemlint", which is all a golangci-lint build
// (.custom-gcl.yml's import) needs; it lives apart from package passes so
// that importing the analyzers registers nothing.
package plugin

import (
	"fmt"
	"os"
	"strconv"
	"strings"

	"github.com/golangci/plugin-module-register/register"
	"golang.org/x/tools/go/analysis"

	"github.com/idemlint/idemlint/passes"
)

// golangci-lint finds the plugin by this name under
// linters.settings.custom.
func init() { register.Plugin("idemlint", New) }

// Settings are the plugin's settings in .golangci.yml. golangci-lint
// lower-cases setting keys, so every key is lower (kebab) case.
type Settings struct {
	// Enable, when set, runs only the analyzers named; Disable switches
	// analyzers off.
	Enable  []string `json:"enable"`
	Disable []string `json:"disable"`
	// Methods and Headers are -retrynonidempotent.methods and .headers.
	Methods []string `json:"methods"`
	Headers []string `json:"headers"`
	// The hazards of retrybody and retryclienterror, each on by default.
	RetryBodyRequest           *bool `json:"retrybody-request"`
	RetryBodyResponse          *bool `json:"retrybody-response"`
	RetryClientErrorStatus     *bool `json:"retryclienterror-status"`
	RetryClientErrorRetryAfter *bool `json:"retryclienterror-retryafter"`
}

type plugin struct{ analyzers []*analysis.Analyzer }

// New decodes the settings (an unknown key is an error) and applies them
// to the analyzers.
func New(conf any) (register.LinterPlugin, error) {
	s, err := register.DecodeSettings[Settings](conf)
	if err != nil {
		return nil, err
	}
	analyzers, err := Configure(s)
	if err != nil {
		return nil, fmt.Errorf("idemlint: %w", err)
	}
	return &plugin{analyzers: analyzers}, nil
}

func (p *plugin) BuildAnalyzers() ([]*analysis.Analyzer, error) { return p.analyzers, nil }

// GetLoadMode asks for type information: every analyzer needs it.
func (p *plugin) GetLoadMode() string { return register.LoadModeTypesInfo }

// Configure applies settings to the analyzers' flags and returns the
// analyzers to run.
func Configure(s Settings) ([]*analysis.Analyzer, error) {
	byName := map[string]*analysis.Analyzer{}
	for _, a := range passes.All() {
		byName[a.Name] = a
	}
	for _, list := range [][]string{s.Enable, s.Disable} {
		for _, name := range list {
			if byName[name] == nil {
				return nil, fmt.Errorf("unknown analyzer %q", name)
			}
		}
	}
	set := func(analyzer, flag, value string) error {
		if err := byName[analyzer].Flags.Set(flag, value); err != nil {
			return fmt.Errorf("%s.%s: %w", analyzer, flag, err)
		}
		return nil
	}
	lists := map[string][]string{"methods": s.Methods, "headers": s.Headers}
	for _, flag := range []string{"methods", "headers"} {
		if lists[flag] != nil {
			if err := set("retrynonidempotent", flag, strings.Join(lists[flag], ",")); err != nil {
				return nil, err
			}
		}
	}
	for _, b := range []struct {
		analyzer, flag string
		value          *bool
	}{
		{"retrybody", "request", s.RetryBodyRequest},
		{"retrybody", "response", s.RetryBodyResponse},
		{"retryclienterror", "status", s.RetryClientErrorStatus},
		{"retryclienterror", "retryafter", s.RetryClientErrorRetryAfter},
	} {
		if b.value != nil {
			if err := set(b.analyzer, b.flag, strconv.FormatBool(*b.value)); err != nil {
				return nil, err
			}
		}
	}
	off := map[string]bool{}
	for _, name := range s.Disable {
		off[name] = true
	}
	on := map[string]bool{}
	for _, name := range s.Enable {
		on[name] = true
	}
	var out []*analysis.Analyzer
	for _, a := range passes.All() {
		if !off[a.Name] && (len(on) == 0 || on[a.Name]) {
			out = append(out, a)
		}
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("every analyzer is switched off")
	}
	// golangci-lint recovers a panic too, but keeps the facts exported
	// before it; these wrappers drop them and print idemlint's line.
	passes.Recovering(out, os.Stderr)
	return out, nil
}

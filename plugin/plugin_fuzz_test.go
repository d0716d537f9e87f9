package plugin_test

import (
	"encoding/json"
	"testing"

	"github.com/golangci/plugin-module-register/register"

	"github.com/idemlint/idemlint/plugin"
)

// FuzzPluginSettings feeds golangci-lint settings (as the JSON they are
// decoded from) to the plugin: it must accept or refuse them, never panic,
// and never return no analyzers without an error.
func FuzzPluginSettings(f *testing.F) {
	for _, s := range []string{`{}`, `{"disable":["nojitter"]}`, `{"enable":["x"]}`, `{"methods":[]}`, `{"methods":["POST",1]}`, `{"retrybody-request":"no"}`, `null`, `[]`} {
		f.Add(s)
	}
	newPlugin, err := register.GetPlugin("idemlint")
	if err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, s string) {
		var conf any
		if json.Unmarshal([]byte(s), &conf) != nil {
			return
		}
		defer resetFlags(t)
		p, err := newPlugin(conf)
		if err != nil {
			return
		}
		all, err := p.BuildAnalyzers()
		if err != nil || len(all) == 0 {
			t.Fatalf("settings %s: %d analyzers, %v", s, len(all), err)
		}
	})
}

func resetFlags(t *testing.T) {
	if _, err := plugin.Configure(plugin.Settings{Methods: []string{"POST", "PATCH"}, Headers: []string{"Idempotency-Key", "X-Idempotency-Key"}}); err != nil {
		t.Fatal(err)
	}
}

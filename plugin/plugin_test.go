package plugin_test

import (
	"testing"

	"github.com/golangci/plugin-module-register/register"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/idemlint/idemlint/passes"
	"github.com/idemlint/idemlint/passes/retrynonidempotent"
	_ "github.com/idemlint/idemlint/plugin"
)

func TestPluginRegistered(t *testing.T) {
	newPlugin, err := register.GetPlugin("idemlint")
	require.NoError(t, err)

	p, err := newPlugin(nil)
	require.NoError(t, err)
	all, err := p.BuildAnalyzers()
	require.NoError(t, err)
	assert.Len(t, all, len(passes.All()))
	assert.Equal(t, register.LoadModeTypesInfo, p.GetLoadMode())

	p, err = newPlugin(map[string]any{"disable": []any{"nojitter", "redislock"}, "methods": []any{"POST"}})
	require.NoError(t, err)
	some, err := p.BuildAnalyzers()
	require.NoError(t, err)
	assert.Len(t, some, len(passes.All())-2)
	assert.Equal(t, "POST", retrynonidempotent.Analyzer.Flags.Lookup("methods").Value.String())
	require.NoError(t, retrynonidempotent.Analyzer.Flags.Set("methods", "POST,PATCH"))
}

func TestPluginRejectsBadSettings(t *testing.T) {
	newPlugin, err := register.GetPlugin("idemlint")
	require.NoError(t, err)
	for _, bad := range []map[string]any{
		{"bogus": 1},
		{"disable": []any{"nosuchanalyzer"}},
		{"methods": []any{"PO/ST"}},
		{"headers": []any{}},
		{"retrybody-request": "yes"},
	} {
		_, err := newPlugin(bad)
		assert.Error(t, err, "%v", bad)
	}
}

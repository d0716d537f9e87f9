package main

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestGuessedNames(t *testing.T) {
	for path, want := range map[string][]string{
		"github.com/subomi/requestmigrations/v2": {"requestmigrations"},
		"gopkg.in/yaml.v3":                       {"yaml"},
		"github.com/mattn/go-sqlite3":            {"go-sqlite3", "sqlite3"},
		"github.com/segmentio/analytics-go/v3":   {"analytics-go", "analytics"},
		"v2":                                     {"v2"},
		"example.com/review/gone":                {"gone"},
	} {
		assert.Equal(t, want, guessedNames(path), path)
	}
}

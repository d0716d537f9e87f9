// Package sitespage tests the page `idemlint -sites -html` writes in a
// real browser, as its readers use it. It is a module of its own so that
// idemlint's go.mod gains no browser driver; .ci/run installs Chromium
// and runs it. Without Chromium the test is skipped.
package sitespage

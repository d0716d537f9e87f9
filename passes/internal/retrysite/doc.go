// Package retrysite recognises retry sites, the vocabulary every idemlint
// analyzer shares (RULES.md, "Vocabulary"): retry loops, calls of library
// retry helpers, calls of user-defined retry helpers (learned through a Fact,
// so they work across packages), and requests sent through retrying clients.
//
// It is an analysis.Analyzer whose Result lists the sites of the package; the
// analyzers Require it instead of each recognising retries in its own way.
package retrysite

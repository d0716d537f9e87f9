// Package retrysite recognises retry sites, the vocabulary every idemlint
// analyzer shares (RULES.md, "Vocabulary"): retry loops, calls of library
// retry helpers, calls of user-defined retry helpers (learned through a Fact,
// so they work across packages), and requests sent through retrying clients.
//
// It is an analysis.Analyzer whose Result lists the sites of the package; the
// analyzers Require it instead of each recognising retries in its own way.
//
// It decides which code is a retry site: the loops, gotos, recursions,
// polls and retry iterators that run an operation again after it failed,
// what bounds them, and the calls of retry helpers. It leaves to the
// packages below it, each importing only those below it in turn:
//
//   - site: the vocabulary itself (Site, Kind, Statuses, Failure, the
//     facts), re-exported here under the names the analyzers use;
//   - status: what a failure test does with each HTTP status (the
//     failure simulation, status predicates and error classifiers);
//   - client, wait, redelivery: how a retrying client is configured, what
//     a wait helper waits for, and which handlers a job or broker
//     framework runs again.
//
// The analyzers import only this package.
package retrysite

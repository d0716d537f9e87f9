// Package sitemap describes every retry site of a package in plain,
// serialisable rows: the retry map that `idemlint -sites` prints.
//
// It recognises nothing itself. Its Analyzer reads the sites retrysite
// found (their kind, policy, bound, waits and operation) and what
// retryamplify found at each (the retries its attempts reach), and only
// puts them in words; the driver then joins the reports made at each
// site, by position. So the map and the reports are two views of one
// analysis and cannot drift apart: a site nojitter reports shows a wait
// without jitter, one unboundedretry reports shows no bound.
//
// The analyzer reports nothing and exports no facts, so it runs on the
// packages named on the command line only, and only when a map is asked
// for.
package sitemap

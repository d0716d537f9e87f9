// Package status reads failure tests: what the code of an attempt does
// with each HTTP status and error. It simulates a site's operation once per
// sampled status (SimulateFailure, giving the site's Failure), reads the
// status predicates, checkers and error classifiers of the program
// (RespFact), the status sets and throttle sets a test compares with,
// the errors that prove a request was never sent (NotSent, NotSentFact),
// the retry conditions of retrying clients (ClientConditions), and tells
// which side of a loop's test follows a failed attempt (Outcomes).
//
// It decides what a test means for one attempt; which code is a retry site,
// and so which tests and operations to read, is left to package retrysite,
// and what a finding makes of the result to the analyzers.
package status

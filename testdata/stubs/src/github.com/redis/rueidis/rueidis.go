// Package rueidis is a stub of github.com/redis/rueidis: only the client
// type the compat adapter wraps.
package rueidis

// Client is a rueidis client.
type Client interface {
	Close()
}

// Package rds gives the program its own name for the Redis client: its
// importers use go-redis without importing it.
package rds

import "github.com/redis/go-redis/v9"

type Client = redis.Client

// Store holds a client in a field of another package.
type Store struct {
	R *redis.Client
}

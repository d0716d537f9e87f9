package rlocks

import (
	"errors"
	"time"

	redigo "github.com/gomodule/redigo/redis"
)

// Legacy is the redigo lock of the billing jobs.
type Legacy struct {
	pool *redigo.Pool
	ttl  time.Duration
}

// Take takes the lock with SET NX PX.
func (l *Legacy) Take(name, token string) (bool, error) { // want Take:`NX "billing:"\+\$0`
	c := l.pool.Get()
	defer c.Close()
	_, err := redigo.String(c.Do("SET", "billing:"+name, token, "NX", "PX", l.ttl.Milliseconds()))
	if errors.Is(err, redigo.ErrNil) {
		return false, nil
	}
	return err == nil, err
}

// Drop deletes the lock with a plain DEL.
func (l *Legacy) Drop(name string) error {
	c := l.pool.Get()
	defer c.Close()
	_, err := c.Do("DEL", "billing:"+name) // want `lock is released with a plain DEL`
	return err
}

// Bump checks the owner and extends the lock in two commands.
func (l *Legacy) Bump(name, token string) error {
	c := l.pool.Get()
	defer c.Close()
	cur, err := redigo.String(c.Do("GET", "billing:"+name))
	if err != nil {
		return err
	}
	if cur != token {
		return ErrBusy
	}
	_, err = c.Do("PEXPIRE", "billing:"+name, l.ttl.Milliseconds()) // want `lock is extended with an EXPIRE separate from the GET`
	return err
}

var legacyRelease = redigo.NewScript(1, `if redis.call("get", KEYS[1]) == ARGV[1] then return redis.call("del", KEYS[1]) end return 0`)

// Free releases by token in one script.
func (l *Legacy) Free(name, token string) error {
	c := l.pool.Get()
	defer c.Close()
	_, err := legacyRelease.Do(c, "billing:"+name, token)
	return err
}

// Purge deletes report keys nobody locks.
func (l *Legacy) Purge(name string) error {
	c := l.pool.Get()
	defer c.Close()
	_, err := c.Do("DEL", "reports:"+name)
	return err
}

package redigo

import (
	"github.com/gomodule/redigo/redis"
)

func work() {}

func setnx(c redis.Conn, id string) {
	n, _ := redis.Int(c.Do("SETNX", "lock:"+id, 1)) // want `lock key is set with NX and no expiry`
	if n == 1 {
		work()
	}
}

func setNXNoTTL(c redis.Conn, id string) {
	if r, _ := c.Do("SET", "lock:"+id, "tok", "NX"); r != nil { // want `lock key is set with NX and no expiry`
		work()
	}
}

func replyIgnored(c redis.Conn, id string) error {
	_, err := c.Do("SET", "lock:"+id, "tok", "NX", "PX", 30000) // want `the result of SET NX is ignored`
	if err != nil {
		return err
	}
	work()
	return nil
}

func delUnlock(c redis.Conn, id string) {
	if r, _ := redis.String(c.Do("SET", "lock:"+id, "tok", "NX", "EX", 30)); r == "OK" {
		work()
		c.Do("DEL", "lock:"+id) // want `lock is released with a plain DEL`
	}
}

func checked(c redis.Conn, id string) error {
	_, err := redis.String(c.Do("SET", "lock:"+id, "tok", "NX", "EX", 30))
	if err == redis.ErrNil {
		return nil
	}
	work()
	return err
}

func scriptRelease(c redis.Conn, id string) {
	if r, _ := redis.String(c.Do("SET", "lock:"+id, "tok", "NX", "PX", 30000)); r == "OK" {
		work()
		redis.NewScript(1, `if redis.call("get", KEYS[1]) == ARGV[1] then return redis.call("del", KEYS[1]) end`).Do(c, "lock:"+id, "tok")
	}
}

func plainGetSet(c redis.Conn, id string) {
	v, _ := redis.String(c.Do("GET", "user:"+id))
	c.Do("SET", "user:"+id, v+"x")
}

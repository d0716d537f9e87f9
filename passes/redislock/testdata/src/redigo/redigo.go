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

func checked(c redis.Conn, id string) error { // want checked:`NX "lock:"\+\$1`
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

func setnxStatement(c redis.Conn, id string) {
	c.Do("SETNX", "lock:"+id, 1) // want `lock key is set with NX and no expiry` `the result of SET NX is ignored`
	work()
}

func lowerCase(c redis.Conn, id string) {
	if r, _ := c.Do("set", "lock:"+id, "tok", "nx"); r != nil { // want `lock key is set with NX and no expiry`
		work()
	}
}

func deferredDel(c redis.Conn, id string) error {
	key := "lock:" + id
	if r, err := redis.String(c.Do("SET", key, "tok", "NX", "EX", 30)); err != nil || r != "OK" {
		return err
	}
	defer c.Do("DEL", key) // want `lock is released with a plain DEL`
	work()
	return nil
}

func blankReply(c redis.Conn, id string) {
	_, _ = c.Do("SET", "lock:"+id, "tok", "NX", "PX", 1000) // want `the result of SET NX is ignored`
	work()
}

func marker(c redis.Conn, id string) error {
	key := "charge:" + id
	r, err := c.Do("SET", key, "PROCESSING", "NX", "EX", 600) // want `SET NX marker is not atomic with the work it guards`
	if err != nil || r == nil {
		return err
	}
	work()
	_, err = c.Do("SET", key, "DONE")
	return err
}

func getThenSet(c redis.Conn, id string) {
	_, err := redis.String(c.Do("GET", "job:"+id))
	if err == redis.ErrNil {
		c.Do("SET", "job:"+id, "running") // want `GET then SET of the same key is a check-then-set race`
		work()
	}
}

func existsThenSet(c redis.Conn, id string) {
	if n, _ := redis.Int(c.Do("EXISTS", "seen:"+id)); n == 0 {
		c.Do("SET", "seen:"+id, 1) // want `GET then SET of the same key is a check-then-set race`
		work()
	}
}

func replyChecked(c redis.Conn, id string) error { // want replyChecked:`NX "lock:"\+\$1`
	r, err := c.Do("SET", "lock:"+id, "tok", "NX", "PX", 30000)
	if err != nil || r == nil {
		return err
	}
	work()
	return nil
}

func cacheSet(c redis.Conn, id string) { // want cacheSet:`SET "user:"\+\$1`
	c.Do("SET", "user:"+id, "data", "EX", 60)
}

func xxIsNotALock(c redis.Conn, id string) { // want xxIsNotALock:`SET "cfg:"\+\$1`
	if r, _ := c.Do("SET", "cfg:"+id, "v", "XX"); r != nil {
		work()
	}
}

func evalRelease(c redis.Conn, id, tok string) {
	if r, _ := redis.String(c.Do("SET", "lock:"+id, tok, "NX", "EX", 30)); r == "OK" {
		work()
		c.Do("EVAL", `if redis.call("get", KEYS[1]) == ARGV[1] then return redis.call("del", KEYS[1]) end`, 1, "lock:"+id, tok)
	}
}

func delOtherKey(c redis.Conn, id string) {
	if r, _ := redis.String(c.Do("SET", "lock:"+id, "tok", "NX", "EX", 30)); r == "OK" {
		c.Do("DEL", "cache:"+id)
	}
}

func differentVariables(c redis.Conn, a, b string) {
	if r, _ := redis.String(c.Do("SET", a, "tok", "NX", "EX", 30)); r == "OK" {
		c.Do("DEL", b)
	}
}

func ignoredWithReason(c redis.Conn, id string) {
	//idemlint:ignore redislock the key is a permanent marker, removed by the archiver
	redis.Int(c.Do("SETNX", "done:"+id, 1))
}

func getComputedSet(c redis.Conn, id string) {
	if _, err := redis.String(c.Do("GET", "page:"+id)); err == redis.ErrNil {
		c.Do("SET", "page:"+id, render(id), "EX", 60)
	}
}

func render(id string) string { return id }

func boolSetnx(c redis.Conn, id string) {
	if ok, _ := redis.Bool(c.Do("SETNX", "lock:"+id, 1)); ok { // want `lock key is set with NX and no expiry`
		work()
	}
}

type mutex struct {
	conn redis.Conn
	key  string
}

func (m *mutex) lock() bool {
	r, _ := redis.String(m.conn.Do("SET", m.key, "tok", "NX", "PX", 10000))
	return r == "OK"
}

func (m *mutex) unlock() {
	m.conn.Do("DEL", m.key) // want `lock is released with a plain DEL`
}

func setnxThenDel(c redis.Conn, id string) {
	if n, _ := redis.Int(c.Do("SETNX", "lock:"+id, 1)); n == 1 { // want `lock key is set with NX and no expiry`
		work()
		c.Do("DEL", "lock:"+id) // want `lock is released with a plain DEL`
	}
}

func setWithTTLNoNX(c redis.Conn, id string) { // want setWithTTLNoNX:`SET "session:"\+\$1`
	c.Do("SET", "session:"+id, "v", "EX", 30)
}

func getOnly(c redis.Conn, id string) (string, error) { // want getOnly:`GET "user:"\+\$1`
	return redis.String(c.Do("GET", "user:"+id))
}

func errNilChecked(c redis.Conn, id string) bool { // want errNilChecked:`NX "lock:"\+\$1`
	_, err := redis.String(c.Do("SET", "lock:"+id, "tok", "NX", "PX", 5000))
	return err != redis.ErrNil
}

func existsOnly(c redis.Conn, id string) bool { // want existsOnly:`EXISTS "seen:"\+\$1`
	n, _ := redis.Int(c.Do("EXISTS", "seen:"+id))
	return n > 0
}

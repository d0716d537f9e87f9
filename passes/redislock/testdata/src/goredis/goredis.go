package goredis

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"github.com/bsm/redislock"
	"github.com/redis/go-redis/v9"
)

func charge(ctx context.Context, id string) error { return nil }

const unlockScript = `if redis.call("get", KEYS[1]) == ARGV[1] then return redis.call("del", KEYS[1]) else return 0 end`

// --- reported ---

func noTTL(ctx context.Context, rdb *redis.Client, id string) error {
	ok, err := rdb.SetNX(ctx, "lock:"+id, "1", 0).Result() // want `lock key is set with NX and no expiry, so a holder that crashes keeps it forever`
	if err != nil || !ok {
		return err
	}
	return charge(ctx, id)
}

func keepTTL(ctx context.Context, rdb *redis.Client, id string) {
	if ok, _ := rdb.SetNX(ctx, "lock:"+id, "1", redis.KeepTTL).Result(); ok { // want `lock key is set with NX and no expiry`
		_ = charge(ctx, id)
	}
}

func setArgsNoTTL(ctx context.Context, rdb *redis.Client, id string) error {
	return rdb.SetArgs(ctx, "lock:"+id, "1", redis.SetArgs{Mode: "nx"}).Err() // want `lock key is set with NX and no expiry`
}

func rawNoTTL(ctx context.Context, rdb *redis.Client, id string) error {
	return rdb.Do(ctx, "set", "lock:"+id, "1", "nx").Err() // want `lock key is set with NX and no expiry`
}

func ignoredErrOnly(ctx context.Context, rdb *redis.Client, id string) error {
	if err := rdb.SetNX(ctx, "lock:"+id, "1", time.Minute).Err(); err != nil { // want `the result of SET NX is ignored, so the work runs whether or not the key was taken`
		return err
	}
	return charge(ctx, id)
}

func ignoredStatement(ctx context.Context, rdb *redis.Client, id string) {
	rdb.SetNX(ctx, "lock:"+id, "1", time.Minute) // want `the result of SET NX is ignored`
	_ = charge(ctx, id)
}

func ignoredBlank(ctx context.Context, rdb *redis.Client, id string) {
	_, err := rdb.SetNX(ctx, "lock:"+id, "1", time.Minute).Result() // want `the result of SET NX is ignored`
	if err == nil {
		_ = charge(ctx, id)
	}
}

func ignoredCmdVar(ctx context.Context, rdb *redis.Client, id string) {
	cmd := rdb.SetNX(ctx, "lock:"+id, "1", time.Minute) // want `the result of SET NX is ignored`
	if cmd.Err() == nil {
		_ = charge(ctx, id)
	}
}

func plainDelUnlock(ctx context.Context, rdb *redis.Client, id string) error {
	key := fmt.Sprintf("lock:%s", id)
	ok, err := rdb.SetNX(ctx, key, "token", 30*time.Second).Result()
	if err != nil || !ok {
		return err
	}
	defer rdb.Del(ctx, fmt.Sprintf("lock:%s", id)) // want `lock is released with a plain DEL that does not check the owner token`
	return charge(ctx, id)
}

func markerAfterWork(ctx context.Context, rdb *redis.Client, id string) error {
	key := "charge:" + id
	ok, err := rdb.SetNX(ctx, key, "PROCESSING", 10*time.Minute).Result() // want `SET NX marker is not atomic with the work it guards`
	if err != nil || !ok {
		return err
	}
	if err := charge(ctx, id); err != nil {
		return err
	}
	return rdb.Set(ctx, key, "DONE", 24*time.Hour).Err()
}

func checkThenSet(ctx context.Context, rdb *redis.Client, id string) error {
	key := "job:" + id
	_, err := rdb.Get(ctx, key).Result()
	if err != redis.Nil {
		return err
	}
	if err := rdb.Set(ctx, key, "running", time.Hour).Err(); err != nil { // want `GET then SET of the same key is a check-then-set race`
		return err
	}
	return charge(ctx, id)
}

func existsThenSet(ctx context.Context, rdb *redis.Client, id string) {
	if n, _ := rdb.Exists(ctx, "seen:"+id).Result(); n == 0 {
		rdb.Set(ctx, "seen:"+id, 1, 0) // want `GET then SET of the same key is a check-then-set race`
		_ = charge(ctx, id)
	}
}

type Lock struct {
	rdb   *redis.Client
	key   string
	token string
}

func (l *Lock) Acquire(ctx context.Context) (bool, error) {
	return l.rdb.SetNX(ctx, l.key, l.token, time.Minute).Result()
}

func (l *Lock) Release(ctx context.Context) error {
	return l.rdb.Del(ctx, l.key).Err() // want `lock is released with a plain DEL`
}

// --- not reported ---

func safeLock(ctx context.Context, rdb *redis.Client, id, token string) error {
	key := "lock:" + id
	ok, err := rdb.SetNX(ctx, key, token, 30*time.Second).Result()
	if err != nil || !ok {
		return err
	}
	defer rdb.Eval(ctx, unlockScript, []string{key}, token)
	return charge(ctx, id)
}

func safeScript(ctx context.Context, rdb *redis.Client, id, token string) error {
	key := "lock:" + id
	if !rdb.SetNX(ctx, key, token, 30*time.Second).Val() {
		return errors.New("busy")
	}
	defer redis.NewScript(unlockScript).Run(ctx, rdb, []string{key}, token)
	return charge(ctx, id)
}

func setArgsChecked(ctx context.Context, rdb *redis.Client, id string) error { // want setArgsChecked:`NX "lock:"\+\$2`
	err := rdb.SetArgs(ctx, "lock:"+id, "1", redis.SetArgs{Mode: "NX", TTL: time.Minute}).Err()
	if err == redis.Nil {
		return errors.New("busy")
	}
	return err
}

func rawWithTTL(ctx context.Context, rdb *redis.Client, id string) (interface{}, error) { // want rawWithTTL:`NX "lock:"\+\$2`
	return rdb.Do(ctx, "SET", "lock:"+id, "1", "NX", "PX", 30000).Result()
}

func delOtherKey(ctx context.Context, rdb *redis.Client, id string) {
	if ok, _ := rdb.SetNX(ctx, "lock:"+id, "1", time.Minute).Result(); ok {
		rdb.Del(ctx, "cache:"+id)
	}
}

func markerBackedByDatabase(ctx context.Context, rdb *redis.Client, db *sql.DB, id string) error {
	key := "charge:" + id
	ok, err := rdb.SetNX(ctx, key, "PROCESSING", 10*time.Minute).Result()
	if err != nil || !ok {
		return err
	}
	if _, err := db.ExecContext(ctx, "INSERT INTO charges (id) VALUES ($1) ON CONFLICT DO NOTHING", id); err != nil {
		return err
	}
	return rdb.Set(ctx, key, "DONE", 24*time.Hour).Err()
}

func setWithoutWork(ctx context.Context, rdb *redis.Client, id string) {
	if ok, _ := rdb.SetNX(ctx, "k:"+id, "a", time.Minute).Result(); ok {
		rdb.Set(ctx, "k:"+id, "b", time.Minute)
	}
}

func cacheAside(ctx context.Context, rdb *redis.Client, id string) (string, error) {
	v, err := rdb.Get(ctx, "user:"+id).Result()
	if err == redis.Nil {
		v = fmt.Sprint(len(id))
		rdb.Set(ctx, "user:"+id, v, time.Hour)
	}
	return v, nil
}

func bsmLock(ctx context.Context, rdb *redis.Client, id string) error {
	lock, err := redislock.New(rdb).Obtain(ctx, "lock:"+id, time.Minute, nil)
	if err != nil {
		return err
	}
	defer lock.Release(ctx)
	return charge(ctx, id)
}

func getThenSetOtherKey(ctx context.Context, rdb *redis.Client, id string) {
	if _, err := rdb.Get(ctx, "a:"+id).Result(); err == redis.Nil {
		rdb.Set(ctx, "b:"+id, "1", time.Minute)
	}
}

func setBeforeGet(ctx context.Context, rdb *redis.Client, id string) {
	rdb.Set(ctx, "a:"+id, "1", time.Minute)
	rdb.Get(ctx, "a:"+id)
}

func ignoredWithReason(ctx context.Context, rdb *redis.Client, id string) {
	//idemlint:ignore redislock a permanent de-duplication marker, cleared by a nightly job
	rdb.SetNX(ctx, "seen:"+id, "1", 0).Val()
}

func setArgsThenDel(ctx context.Context, rdb *redis.Client, id string) error {
	if err := rdb.SetArgs(ctx, "lock:"+id, "1", redis.SetArgs{Mode: "NX", TTL: time.Minute}).Err(); err != nil {
		return err
	}
	defer rdb.Del(ctx, "lock:"+id) // want `lock is released with a plain DEL`
	return charge(ctx, id)
}

func unlinkUnlock(ctx context.Context, rdb *redis.Client, id string) error {
	if !rdb.SetNX(ctx, "lock:"+id, "1", time.Minute).Val() {
		return nil
	}
	defer rdb.Unlink(ctx, "lock:"+id) // want `lock is released with a plain DEL`
	return charge(ctx, id)
}

func cmdVarVal(ctx context.Context, rdb *redis.Client, id string) error { // want cmdVarVal:`NX "lock:"\+\$2`
	cmd := rdb.SetNX(ctx, "lock:"+id, "1", time.Minute)
	if !cmd.Val() {
		return cmd.Err()
	}
	return charge(ctx, id)
}

func delWithoutLock(ctx context.Context, rdb *redis.Client, id string) {
	rdb.Del(ctx, "session:"+id)
}

func keyFromField(ctx context.Context, rdb *redis.Client, l *Lock) {
	rdb.Del(ctx, l.token) // a field never used as an NX key
}

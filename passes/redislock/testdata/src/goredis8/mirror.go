package goredis8

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"github.com/go-redis/redis/v8"
)

func mCharge(ctx context.Context, id string) error { return nil }

const mUnlockScript = `if redis.call("get", KEYS[1]) == ARGV[1] then return redis.call("del", KEYS[1]) else return 0 end`

// --- reported ---

func mNoTTL(ctx context.Context, rdb *redis.Client, id string) error {
	ok, err := rdb.SetNX(ctx, "lock:"+id, "1", 0).Result() // want `lock key is set with NX and no expiry, so a holder that crashes keeps it forever`
	if err != nil || !ok {
		return err
	}
	return mCharge(ctx, id)
}

func mKeepTTL(ctx context.Context, rdb *redis.Client, id string) {
	if ok, _ := rdb.SetNX(ctx, "lock:"+id, "1", redis.KeepTTL).Result(); ok { // want `lock key is set with NX and no expiry`
		_ = mCharge(ctx, id)
	}
}

func mSetArgsNoTTL(ctx context.Context, rdb *redis.Client, id string) error {
	return rdb.SetArgs(ctx, "lock:"+id, "1", redis.SetArgs{Mode: "nx"}).Err() // want `lock key is set with NX and no expiry`
}

func mRawNoTTL(ctx context.Context, rdb *redis.Client, id string) error {
	return rdb.Do(ctx, "set", "lock:"+id, "1", "nx").Err() // want `lock key is set with NX and no expiry`
}

func mIgnoredErrOnly(ctx context.Context, rdb *redis.Client, id string) error {
	if err := rdb.SetNX(ctx, "lock:"+id, "1", time.Minute).Err(); err != nil { // want `the result of SET NX is ignored, so the work runs whether or not the key was taken`
		return err
	}
	return mCharge(ctx, id)
}

func mIgnoredStatement(ctx context.Context, rdb *redis.Client, id string) {
	rdb.SetNX(ctx, "lock:"+id, "1", time.Minute) // want `the result of SET NX is ignored`
	_ = mCharge(ctx, id)
}

func mIgnoredBlank(ctx context.Context, rdb *redis.Client, id string) {
	_, err := rdb.SetNX(ctx, "lock:"+id, "1", time.Minute).Result() // want `the result of SET NX is ignored`
	if err == nil {
		_ = mCharge(ctx, id)
	}
}

func mIgnoredCmdVar(ctx context.Context, rdb *redis.Client, id string) {
	cmd := rdb.SetNX(ctx, "lock:"+id, "1", time.Minute) // want `the result of SET NX is ignored`
	if cmd.Err() == nil {
		_ = mCharge(ctx, id)
	}
}

func mPlainDelUnlock(ctx context.Context, rdb *redis.Client, id string) error {
	key := fmt.Sprintf("lock:%s", id)
	ok, err := rdb.SetNX(ctx, key, "token", 30*time.Second).Result()
	if err != nil || !ok {
		return err
	}
	defer rdb.Del(ctx, fmt.Sprintf("lock:%s", id)) // want `lock is released with a plain DEL that does not check the owner token`
	return mCharge(ctx, id)
}

func mMarkerAfterWork(ctx context.Context, rdb *redis.Client, id string) error {
	key := "charge:" + id
	ok, err := rdb.SetNX(ctx, key, "PROCESSING", 10*time.Minute).Result() // want `SET NX marker is not atomic with the work it guards`
	if err != nil || !ok {
		return err
	}
	if err := mCharge(ctx, id); err != nil {
		return err
	}
	return rdb.Set(ctx, key, "DONE", 24*time.Hour).Err()
}

func mCheckThenSet(ctx context.Context, rdb *redis.Client, id string) error {
	key := "job:" + id
	_, err := rdb.Get(ctx, key).Result()
	if err != redis.Nil {
		return err
	}
	if err := rdb.Set(ctx, key, "running", time.Hour).Err(); err != nil { // want `GET then SET of the same key is a check-then-set race`
		return err
	}
	return mCharge(ctx, id)
}

func mExistsThenSet(ctx context.Context, rdb *redis.Client, id string) {
	if n, _ := rdb.Exists(ctx, "seen:"+id).Result(); n == 0 {
		rdb.Set(ctx, "seen:"+id, 1, 0) // want `GET then SET of the same key is a check-then-set race`
		_ = mCharge(ctx, id)
	}
}

type mLock struct {
	rdb   *redis.Client
	key   string
	token string
}

func (l *mLock) Acquire(ctx context.Context) (bool, error) {
	return l.rdb.SetNX(ctx, l.key, l.token, time.Minute).Result()
}

func (l *mLock) Release(ctx context.Context) error {
	return l.rdb.Del(ctx, l.key).Err() // want `lock is released with a plain DEL`
}

// --- not reported ---

func mSafeLock(ctx context.Context, rdb *redis.Client, id, token string) error {
	key := "lock:" + id
	ok, err := rdb.SetNX(ctx, key, token, 30*time.Second).Result()
	if err != nil || !ok {
		return err
	}
	defer rdb.Eval(ctx, mUnlockScript, []string{key}, token)
	return mCharge(ctx, id)
}

func mSafeScript(ctx context.Context, rdb *redis.Client, id, token string) error {
	key := "lock:" + id
	if !rdb.SetNX(ctx, key, token, 30*time.Second).Val() {
		return errors.New("busy")
	}
	defer redis.NewScript(mUnlockScript).Run(ctx, rdb, []string{key}, token)
	return mCharge(ctx, id)
}

func mSetArgsChecked(ctx context.Context, rdb *redis.Client, id string) error { // want mSetArgsChecked:`NX "lock:"\+\$2`
	err := rdb.SetArgs(ctx, "lock:"+id, "1", redis.SetArgs{Mode: "NX", TTL: time.Minute}).Err()
	if err == redis.Nil {
		return errors.New("busy")
	}
	return err
}

func mRawWithTTL(ctx context.Context, rdb *redis.Client, id string) (interface{}, error) { // want mRawWithTTL:`NX "lock:"\+\$2`
	return rdb.Do(ctx, "SET", "lock:"+id, "1", "NX", "PX", 30000).Result()
}

func mDelOtherKey(ctx context.Context, rdb *redis.Client, id string) {
	if ok, _ := rdb.SetNX(ctx, "lock:"+id, "1", time.Minute).Result(); ok {
		rdb.Del(ctx, "cache:"+id)
	}
}

func mMarkerBackedByDatabase(ctx context.Context, rdb *redis.Client, db *sql.DB, id string) error {
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

func mSetWithoutWork(ctx context.Context, rdb *redis.Client, id string) {
	if ok, _ := rdb.SetNX(ctx, "k:"+id, "a", time.Minute).Result(); ok {
		rdb.Set(ctx, "k:"+id, "b", time.Minute)
	}
}

func mCacheAside(ctx context.Context, rdb *redis.Client, id string) (string, error) {
	v, err := rdb.Get(ctx, "user:"+id).Result()
	if err == redis.Nil {
		v = fmt.Sprint(len(id))
		rdb.Set(ctx, "user:"+id, v, time.Hour)
	}
	return v, nil
}

func mGetThenSetOtherKey(ctx context.Context, rdb *redis.Client, id string) {
	if _, err := rdb.Get(ctx, "a:"+id).Result(); err == redis.Nil {
		rdb.Set(ctx, "b:"+id, "1", time.Minute)
	}
}

func mSetBeforeGet(ctx context.Context, rdb *redis.Client, id string) {
	rdb.Set(ctx, "a:"+id, "1", time.Minute)
	rdb.Get(ctx, "a:"+id)
}

func mIgnoredWithReason(ctx context.Context, rdb *redis.Client, id string) {
	//idemlint:ignore redislock a permanent de-duplication marker, cleared by a nightly job
	rdb.SetNX(ctx, "seen:"+id, "1", 0).Val()
}

func mSetArgsThenDel(ctx context.Context, rdb *redis.Client, id string) error {
	if err := rdb.SetArgs(ctx, "lock:"+id, "1", redis.SetArgs{Mode: "NX", TTL: time.Minute}).Err(); err != nil {
		return err
	}
	defer rdb.Del(ctx, "lock:"+id) // want `lock is released with a plain DEL`
	return mCharge(ctx, id)
}

func mUnlinkUnlock(ctx context.Context, rdb *redis.Client, id string) error {
	if !rdb.SetNX(ctx, "lock:"+id, "1", time.Minute).Val() {
		return nil
	}
	defer rdb.Unlink(ctx, "lock:"+id) // want `lock is released with a plain DEL`
	return mCharge(ctx, id)
}

func mCmdVarVal(ctx context.Context, rdb *redis.Client, id string) error { // want mCmdVarVal:`NX "lock:"\+\$2`
	cmd := rdb.SetNX(ctx, "lock:"+id, "1", time.Minute)
	if !cmd.Val() {
		return cmd.Err()
	}
	return mCharge(ctx, id)
}

func mDelWithoutLock(ctx context.Context, rdb *redis.Client, id string) {
	rdb.Del(ctx, "session:"+id)
}

func mKeyFromField(ctx context.Context, rdb *redis.Client, l *mLock) {
	rdb.Del(ctx, l.token) // a field never used as an NX key
}

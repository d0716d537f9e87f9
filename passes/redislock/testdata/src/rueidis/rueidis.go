// Locks taken through rueidis' go-redis-like adapter.
package rueidis

import (
	"context"
	"time"

	"github.com/redis/rueidis"
	"github.com/redis/rueidis/rueidiscompat"
)

func work() {}

func noTTL(ctx context.Context, client rueidis.Client, id string) {
	rdb := rueidiscompat.NewAdapter(client)
	if rdb.SetNX(ctx, "lock:"+id, 1, 0).Val() { // want `lock key is set with NX and no expiry`
		work()
	}
}

func unlock(ctx context.Context, rdb rueidiscompat.Cmdable, id string) {
	if rdb.SetNX(ctx, "lock:"+id, 1, time.Minute).Val() {
		work()
		rdb.Del(ctx, "lock:"+id) // want `lock is released with a plain DEL`
	}
}

func ignored(ctx context.Context, rdb rueidiscompat.Cmdable, id string) {
	_ = rdb.SetNX(ctx, "lock:"+id, 1, time.Minute) // want `the result of SET NX is ignored`
	work()
}

func keepTTL(ctx context.Context, rdb rueidiscompat.Cmdable, id string) {
	if rdb.SetNX(ctx, "lock:"+id, 1, rueidiscompat.KeepTTL).Val() { // want `lock key is set with NX and no expiry`
		work()
	}
}

func safe(ctx context.Context, rdb rueidiscompat.Cmdable, id string) { // want safe:`NX "lock:"\+\$2`
	if ok, err := rdb.SetNX(ctx, "lock:"+id, 1, time.Minute).Result(); err == nil && ok {
		work()
	}
}

package locks

import (
	"context"
	"time"

	"github.com/redis/rueidis"
	"github.com/redis/rueidis/rueidiscompat"
)

// ExportOnce guards an export with a lock taken through rueidis'
// go-redis-like adapter, released with a plain DEL.
func ExportOnce(ctx context.Context, client rueidis.Client, id string) error {
	rdb := rueidiscompat.NewAdapter(client)
	ok, err := rdb.SetNX(ctx, "export:"+id, "1", time.Minute).Result()
	if err != nil || !ok {
		return err
	}
	defer rdb.Del(ctx, "export:"+id)
	return charge(ctx, id)
}

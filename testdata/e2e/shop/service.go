// Package shop is a service whose hazards all sit behind helpers of other
// packages (gateway, accounts, locking, resilience): every finding here
// rests on Facts exported when those packages were analyzed, so it must be
// the same standalone, under go vet -vettool and under golangci-lint.
package shop

import (
	"errors"
	"net/http"

	"github.com/redis/go-redis/v9"

	"example.com/e2e/shop/accounts"
	"example.com/e2e/shop/gateway"
	"example.com/e2e/shop/locking"
	"example.com/e2e/shop/resilience"
)

var (
	errGiveUp     = errors.New("shop: gave up")
	errEmailTaken = errors.New("shop: email taken")
)

type Service struct {
	gw       *gateway.Client
	accounts *accounts.Repo
	rdb      *redis.Client
	locks    *locking.Locker
	runner   resilience.Runner
	hc       *http.Client
}

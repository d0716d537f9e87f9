// Package leaseuse runs exports under leases it reaches only through the
// leases.Leaser interface.
package leaseuse

import (
	"context"
	"fmt"

	"leases"
)

type Exporter struct {
	leases  leases.Leaser
	evicter leases.Evicter
}

func (e *Exporter) leaseKey(tenant string) string { return fmt.Sprintf("export:%s:lease", tenant) }

// Export takes the lease and gives it back with the implementation's plain
// DEL, which does not check that the lease is still this worker's.
func (e *Exporter) Export(ctx context.Context, tenant string, run func() error) error {
	if err := e.leases.Take(ctx, e.leaseKey(tenant)); err != nil {
		return err
	}
	defer e.leases.Give(ctx, e.leaseKey(tenant)) // want `lock is released with a plain DEL in Give, given the key Take took`
	return run()
}

// Refresh gives back a different key than it took: nothing pairs them.
func (e *Exporter) Refresh(ctx context.Context, tenant string, run func() error) error {
	if err := e.leases.Take(ctx, e.leaseKey(tenant)); err != nil {
		return err
	}
	if err := run(); err != nil {
		return err
	}
	return e.leases.Give(ctx, "export:"+tenant+":cache")
}

// Purge evicts through an interface with two implementations: which one
// runs cannot be pinned down.
func (e *Exporter) Purge(ctx context.Context, tenant string, run func() error) error {
	if err := e.leases.Take(ctx, e.leaseKey(tenant)); err != nil {
		return err
	}
	defer e.evicter.Evict(ctx, e.leaseKey(tenant))
	return run()
}

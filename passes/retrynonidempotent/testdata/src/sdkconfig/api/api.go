package api

import (
	"context"
	"net/http"

	"sdkconfig/requestconfig"
)

type RecordService struct{}

func (r *RecordService) New(ctx context.Context, v any) error { // want New:`sends unkeyed POST \(retried=true\)`
	return requestconfig.ExecuteNewRequest(ctx, http.MethodPost, "records", v) // want `POST request is sent through ExecuteNewRequest, which retries it without an Idempotency-Key header`
}

func (r *RecordService) Edit(ctx context.Context, v any) error { // want Edit:`sends unkeyed PATCH \(retried=true\)`
	return requestconfig.ExecuteNewRequest(ctx, http.MethodPatch, "records/1", v) // want `PATCH request is sent through ExecuteNewRequest`
}

func (r *RecordService) Query(ctx context.Context, v any) error { // want Query:`sends unkeyed POST \(retried=true\)`
	cfg, err := requestconfig.NewRequestConfig(ctx, http.MethodPost, "query", v)
	if err != nil {
		return err
	}
	return cfg.Execute() // want `POST request is sent through Execute, which retries it`
}

// Update and Get are idempotent methods through the same helper.
func (r *RecordService) Update(ctx context.Context, v any) error {
	return requestconfig.ExecuteNewRequest(ctx, http.MethodPut, "records/1", v)
}

func (r *RecordService) Get(ctx context.Context, v any) error {
	return requestconfig.ExecuteNewRequest(ctx, http.MethodGet, "records/1", v)
}

// Charge's config carries an idempotency key set by its builder.
func Charge(ctx context.Context, key string) error { // want Charge:`sends POST keyed by param 1`
	k, err := requestconfig.NewKeyedConfig(ctx, http.MethodPost, "charges", key)
	if err != nil {
		return err
	}
	return k.Execute()
}

package libs

// Job queue and workflow library paths.
const (
	Asynq            = "github.com/hibiken/asynq"
	River            = "github.com/riverqueue/river"
	TemporalWorker   = "go.temporal.io/sdk/worker"
	TemporalWorkflow = "go.temporal.io/sdk/workflow"
	TemporalSDK      = "go.temporal.io/sdk/temporal"
	TemporalInternal = "go.temporal.io/sdk/internal"
)

// The job frameworks and their defaults (LIBRARIES-2.md, Part A).
var (
	// asynq archives a task once Retried >= Retry; defaultMaxRetry = 25
	// (client.go:307), so 26 runs.
	AsynqFramework = &Framework{Name: "asynq", Article: "an", Handler: "task handler", Unit: "task", Again: "retried",
		Attempts: 26, RetriesErrors: true, Identity: "the task ID (asynq.GetTaskID)",
		Stop: "wrap the error with asynq.SkipRetry"}
	// river: MaxAttemptsDefault = 25 attempts in all (river_common.go:16).
	RiverFramework = &Framework{Name: "river", Article: "a", Handler: "worker", Unit: "job", Again: "retried",
		Attempts: 25, RetriesErrors: true, Identity: "the job ID",
		Stop: "return river.JobCancel(err)"}
	// Temporal: the server's default RetryPolicy has MaximumAttempts 0,
	// unlimited (internal/activity.go:156-166).
	TemporalFramework = &Framework{Name: "Temporal", Article: "a", Handler: "activity", Unit: "activity", Again: "retried",
		RetriesErrors: true, Identity: "the workflow and activity IDs (activity.GetInfo)",
		Stop: "return temporal.NewNonRetryableApplicationError"}
)

// AsynqOptions are the asynq options that change how often a task runs.
var AsynqOptions = Table[string]{
	{Asynq, "", "MaxRetry"}: "MaxRetry",
	{Asynq, "", "Unique"}:   "dedup",
	{Asynq, "", "TaskID"}:   "dedup",
}

// AsynqEnqueue are the calls that enqueue a task; the value is the index of
// the task argument (its options follow it).
var AsynqEnqueue = Table[int]{
	{Asynq, "Client", "Enqueue"}:        0,
	{Asynq, "Client", "EnqueueContext"}: 1,
}

// AsynqRegister are the ServeMux methods that map a task type to a handler.
var AsynqRegister = Table[bool]{
	{Asynq, "ServeMux", "Handle"}:     true,
	{Asynq, "ServeMux", "HandleFunc"}: true,
}

// RiverInsert are river's insert calls; the value is the index of the job
// arguments (the *InsertOpts follows them).
var RiverInsert = Table[int]{
	{River, "Client", "Insert"}:   1,
	{River, "Client", "InsertTx"}: 2,
}

// HandlerStops are the errors, and the functions that make them, that tell
// a job framework not to run a failed handler again: returned, or wrapped
// with %w, they end its retries (LIBRARIES-2.md, Part A).
var HandlerStops = Table[bool]{
	{Asynq, "", "SkipRetry"}:                                  true, // errors.Is(err, SkipRetry): archived at once
	{Asynq, "", "RevokeTask"}:                                 true,
	{River, "", "JobCancel"}:                                  true,
	{TemporalSDK, "", "NewNonRetryableApplicationError"}:      true,
	{TemporalInternal, "", "NewNonRetryableApplicationError"}: true,
}

package libs

// Terraform's plugin SDK (checked against terraform-plugin-sdk/v2 v2.26,
// helper/retry and its aliases in helper/resource). RetryContext(ctx,
// timeout, f) runs f until it returns nil or a NonRetryableError, or the
// timeout passes: bounded by its deadline, always. f says how it went by
// its *RetryError: RetryableError(err) goes round, NonRetryableError(err)
// and nil end. Between attempts it waits as StateChangeConf does (100ms,
// doubling, clamped to 500ms..10s, no jitter): a wait the caller cannot
// change, so it is not reported; waits the operation makes itself are
// judged like any retry delay.
const (
	TerraformRetry     = "github.com/hashicorp/terraform-plugin-sdk/v2/helper/retry"
	TerraformResource  = "github.com/hashicorp/terraform-plugin-sdk/v2/helper/resource"
	TerraformResource1 = "github.com/hashicorp/terraform-plugin-sdk/helper/resource"
)

var terraformFamily = &Family{
	Paths:   []string{TerraformRetry, TerraformResource, TerraformResource1},
	Helpers: terraformHelpers(),
	OpWaits: true,
}

func terraformHelpers() Table[RetryHelper] {
	t := Table[RetryHelper]{}
	for _, p := range []string{TerraformRetry, TerraformResource, TerraformResource1} {
		t[Func{p, "", "RetryContext"}] = helper(2, 0, -1, -1)
		t[Func{p, "", "Retry"}] = helper(1, -1, -1, -1)
		RetryableErrors[Func{p, "", "RetryableError"}] = true
		PermanentErrors[Func{p, "", "NonRetryableError"}] = true
	}
	return t
}

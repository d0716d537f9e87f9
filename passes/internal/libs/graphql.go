package libs

// GraphQL clients send every operation as a POST, but a query only reads:
// sending it again changes nothing, so a retried query is not a
// non-idempotent request (mutations, Mutate and friends, still are).
const (
	GraphQLHasura   = "github.com/hasura/go-graphql-client"
	GraphQLShurcool = "github.com/shurcooL/graphql"
)

// GraphQLQueries are the client methods that send a GraphQL query.
var GraphQLQueries = Table[bool]{
	{GraphQLHasura, "Client", "Query"}:         true,
	{GraphQLHasura, "Client", "NamedQuery"}:    true,
	{GraphQLHasura, "Client", "QueryRaw"}:      true,
	{GraphQLHasura, "Client", "NamedQueryRaw"}: true,
	{GraphQLShurcool, "Client", "Query"}:       true,
}

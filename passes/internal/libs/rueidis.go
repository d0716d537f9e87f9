package libs

// rueidis' own client: commands are built with client.B() and sent with
// client.Do(ctx, completed). The builder's types live in an internal
// package (aliased as rueidis.Builder and rueidis.Completed), so a chain
// such as B().Set().Key(k).Value(v).Nx().Px(ttl).Build() is read method by
// method on receivers of that package.
const (
	Rueidis     = "github.com/redis/rueidis"
	RueidisCmds = "github.com/redis/rueidis/internal/cmds"
)

// RueidisSenders are the methods that send a built command; their argument
// at index 1 is the Completed (or Cacheable) command. Any receiver: Client,
// CoreClient, DedicatedClient.
var RueidisSenders = Table[bool]{
	{Rueidis, "*", "Do"}:      true,
	{Rueidis, "*", "DoCache"}: true,
}

// RueidisBuilder maps the command methods of Builder to the command sent.
// SETNX is the legacy command (an integer reply, always without expiry).
var RueidisBuilder = map[string]string{
	"Set": "SET", "Setnx": "SETNX",
	"Get": "GET", "Exists": "EXISTS",
	"Del": "DEL", "Unlink": "DEL",
	"Expire": "EXPIRE", "Pexpire": "EXPIRE", "Expireat": "EXPIRE", "Pexpireat": "EXPIRE",
	"Eval": "EVAL", "EvalRo": "EVAL", "Evalsha": "EVAL", "EvalshaRo": "EVAL",
	"Fcall": "EVAL", "FcallRo": "EVAL",
}

// RueidisSetOption is what a method of a SET chain adds to the command.
type RueidisSetOption int

const (
	RueidisNX  RueidisSetOption = iota + 1 // NX
	RueidisTTL                             // EX, PX, EXAT, PXAT in any unit
)

// RueidisSetOptions are the SET chain's methods that matter for a lock
// (gen_string.go); Keepttl and Xx add neither.
var RueidisSetOptions = map[string]RueidisSetOption{
	"Nx": RueidisNX,
	"Ex": RueidisTTL, "ExSeconds": RueidisTTL,
	"Px": RueidisTTL, "PxMilliseconds": RueidisTTL,
	"Exat": RueidisTTL, "ExatTimestamp": RueidisTTL,
	"Pxat": RueidisTTL, "PxatMillisecondsTimestamp": RueidisTTL,
}

// RueidisLua is rueidis.NewLuaScript's script: Exec and ExecMulti run it.
var RueidisLua = Table[RedisCommand]{
	{Rueidis, "Lua", "Exec"}:      {"EVAL", -1, -1},
	{Rueidis, "Lua", "ExecMulti"}: {"EVAL", -1, -1},
}

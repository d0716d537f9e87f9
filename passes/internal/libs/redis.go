package libs

// Redis client paths.
const (
	GoRedisV9 = "github.com/redis/go-redis/v9"
	GoRedisV8 = "github.com/go-redis/redis/v8"
	Redigo    = "github.com/gomodule/redigo/redis"
	// RueidisCompat is rueidis' go-redis-like adapter: the same methods,
	// arguments and defaults (an expiration of 0 sends SETNX).
	RueidisCompat = "github.com/redis/rueidis/rueidiscompat"
)

// RedisCommand is what a client method sends.
type RedisCommand struct {
	Cmd string // SETNX, SETARGS, SET, GET, EXISTS, DEL, EXPIRE, EVAL, DO
	Key int    // index of the key argument, -1 when it varies
	TTL int    // index of the expiration argument, -1 if none
}

func goRedisRows(pkg string) Table[RedisCommand] {
	return Table[RedisCommand]{
		{pkg, "*", "SetNX"}:     {"SETNX", 1, 3},
		{pkg, "*", "SetArgs"}:   {"SETARGS", 1, 3},
		{pkg, "*", "Set"}:       {"SET", 1, 3},
		{pkg, "*", "Get"}:       {"GET", 1, -1},
		{pkg, "*", "Exists"}:    {"EXISTS", 1, -1},
		{pkg, "*", "Del"}:       {"DEL", 1, -1},
		{pkg, "*", "Unlink"}:    {"DEL", 1, -1},
		{pkg, "*", "Expire"}:    {"EXPIRE", 1, -1},
		{pkg, "*", "PExpire"}:   {"EXPIRE", 1, -1},
		{pkg, "*", "ExpireAt"}:  {"EXPIRE", 1, -1},
		{pkg, "*", "PExpireAt"}: {"EXPIRE", 1, -1},
		{pkg, "*", "Eval"}:      {"EVAL", -1, -1},
		{pkg, "*", "EvalSha"}:   {"EVAL", -1, -1},
		{pkg, "Script", "Run"}:  {"EVAL", -1, -1},
		{pkg, "*", "Do"}:        {"DO", -1, -1},
	}
}

// RedisCommands maps client methods to the command they send. Methods are
// keyed with any receiver: go-redis declares them on an unexported cmdable
// reached through Client, ClusterClient, Tx, Conn and several interfaces
// (rueidiscompat on Compat, through its Cmdable interface).
var RedisCommands = func() Table[RedisCommand] {
	t := Table[RedisCommand]{
		{Redigo, "Conn", "Do"}:                   {"DO", -1, -1},
		{Redigo, "ConnWithContext", "DoContext"}: {"DO", -1, -1},
		{Redigo, "Script", "Do"}:                 {"EVAL", -1, -1},
		{Redigo, "Script", "DoContext"}:          {"EVAL", -1, -1},
	}
	for _, pkg := range []string{GoRedisV9, GoRedisV8, RueidisCompat} {
		for k, v := range goRedisRows(pkg) {
			t[k] = v
		}
	}
	return t
}()

// LockMethods are the names of methods that try to take a lock and say
// with a boolean result whether they took it (sync.Mutex.TryLock, and the
// lock interfaces programs declare: AttemptLock(ctx) (bool, error)). A
// loop that goes round while such a result is false waits for the lock
// (RULES.md, "Waiting for a lock"). Used where the method's code is out
// of sight (an interface, another module); a function of the program is
// judged by its code (retrysite/lock).
var LockMethods = map[string]bool{
	"TryLock": true, "AttemptLock": true, "TryAcquire": true, "AcquireLock": true,
	"TryAcquireLock": true, "TryObtain": true, "TryLockContext": true,
}

// ExclusiveCreateFlags are the open flags that make creating a file fail
// when it exists: a lock file taken by whoever creates it.
var ExclusiveCreateFlags = Table[bool]{
	{"os", "", "O_EXCL"}:                    true,
	{"syscall", "", "O_EXCL"}:               true,
	{"golang.org/x/sys/unix", "", "O_EXCL"}: true,
}

// Package cmds is a stub of rueidis' command builder: the types and methods
// of the SET, SETNX, GET, EXISTS, DEL, EXPIRE and EVAL chains.
package cmds

import "time"

type Completed struct{ cs []string }
type Cacheable Completed

type Builder struct{}

func (b Builder) Set() Set         { return Set{} }
func (b Builder) Setnx() Setnx     { return Setnx{} }
func (b Builder) Get() Get         { return Get{} }
func (b Builder) Exists() Exists   { return Exists{} }
func (b Builder) Del() Del         { return Del{} }
func (b Builder) Unlink() Unlink   { return Unlink{} }
func (b Builder) Expire() Expire   { return Expire{} }
func (b Builder) Pexpire() Pexpire { return Pexpire{} }
func (b Builder) Eval() Eval       { return Eval{} }

type Set struct{}
type SetKey struct{}
type SetValue struct{}
type SetConditionNx struct{}
type SetConditionXx struct{}
type SetGet struct{}
type SetExpirationExSecTyped struct{}
type SetExpirationPxMsTyped struct{}
type SetExpirationExSeconds struct{}
type SetExpirationPxMilliseconds struct{}
type SetExpirationExatTimestampTyped struct{}
type SetExpirationPxatMsTimestampTyped struct{}
type SetExpirationKeepttl struct{}

func (c Set) Key(key string) SetKey          { return SetKey{} }
func (c SetKey) Value(value string) SetValue { return SetValue{} }

func (c SetValue) Nx() SetConditionNx                         { return SetConditionNx{} }
func (c SetValue) Xx() SetConditionXx                         { return SetConditionXx{} }
func (c SetValue) Get() SetGet                                { return SetGet{} }
func (c SetValue) Ex(d time.Duration) SetExpirationExSecTyped { return SetExpirationExSecTyped{} }
func (c SetValue) Px(d time.Duration) SetExpirationPxMsTyped  { return SetExpirationPxMsTyped{} }
func (c SetValue) ExSeconds(s int64) SetExpirationExSeconds   { return SetExpirationExSeconds{} }
func (c SetValue) PxMilliseconds(ms int64) SetExpirationPxMilliseconds {
	return SetExpirationPxMilliseconds{}
}
func (c SetValue) Keepttl() SetExpirationKeepttl { return SetExpirationKeepttl{} }
func (c SetValue) Build() Completed              { return Completed{} }

func (c SetConditionNx) Get() SetGet                                { return SetGet{} }
func (c SetConditionNx) Ex(d time.Duration) SetExpirationExSecTyped { return SetExpirationExSecTyped{} }
func (c SetConditionNx) Px(d time.Duration) SetExpirationPxMsTyped  { return SetExpirationPxMsTyped{} }
func (c SetConditionNx) ExSeconds(s int64) SetExpirationExSeconds   { return SetExpirationExSeconds{} }
func (c SetConditionNx) PxMilliseconds(ms int64) SetExpirationPxMilliseconds {
	return SetExpirationPxMilliseconds{}
}
func (c SetConditionNx) Exat(t time.Time) SetExpirationExatTimestampTyped {
	return SetExpirationExatTimestampTyped{}
}
func (c SetConditionNx) Pxat(t time.Time) SetExpirationPxatMsTimestampTyped {
	return SetExpirationPxatMsTimestampTyped{}
}
func (c SetConditionNx) Keepttl() SetExpirationKeepttl { return SetExpirationKeepttl{} }
func (c SetConditionNx) Build() Completed              { return Completed{} }

func (c SetConditionXx) Build() Completed { return Completed{} }
func (c SetGet) Build() Completed         { return Completed{} }

func (c SetExpirationExSecTyped) Build() Completed           { return Completed{} }
func (c SetExpirationPxMsTyped) Build() Completed            { return Completed{} }
func (c SetExpirationExSeconds) Build() Completed            { return Completed{} }
func (c SetExpirationPxMilliseconds) Build() Completed       { return Completed{} }
func (c SetExpirationExatTimestampTyped) Build() Completed   { return Completed{} }
func (c SetExpirationPxatMsTimestampTyped) Build() Completed { return Completed{} }
func (c SetExpirationKeepttl) Build() Completed              { return Completed{} }

type Setnx struct{}
type SetnxKey struct{}
type SetnxValue struct{}

func (c Setnx) Key(key string) SetnxKey          { return SetnxKey{} }
func (c SetnxKey) Value(value string) SetnxValue { return SetnxValue{} }
func (c SetnxValue) Build() Completed            { return Completed{} }

type Get struct{}
type GetKey struct{}

func (c Get) Key(key string) GetKey { return GetKey{} }
func (c GetKey) Build() Completed   { return Completed{} }
func (c GetKey) Cache() Cacheable   { return Cacheable{} }

type Exists struct{}
type ExistsKey struct{}

func (c Exists) Key(key ...string) ExistsKey    { return ExistsKey{} }
func (c ExistsKey) Key(key ...string) ExistsKey { return ExistsKey{} }
func (c ExistsKey) Build() Completed            { return Completed{} }

type Del struct{}
type DelKey struct{}

func (c Del) Key(key ...string) DelKey    { return DelKey{} }
func (c DelKey) Key(key ...string) DelKey { return DelKey{} }
func (c DelKey) Build() Completed         { return Completed{} }

type Unlink struct{}
type UnlinkKey struct{}

func (c Unlink) Key(key ...string) UnlinkKey { return UnlinkKey{} }
func (c UnlinkKey) Build() Completed         { return Completed{} }

type Expire struct{}
type ExpireKey struct{}
type ExpireSeconds struct{}

func (c Expire) Key(key string) ExpireKey               { return ExpireKey{} }
func (c ExpireKey) Seconds(seconds int64) ExpireSeconds { return ExpireSeconds{} }
func (c ExpireSeconds) Build() Completed                { return Completed{} }

type Pexpire struct{}
type PexpireKey struct{}
type PexpireMilliseconds struct{}

func (c Pexpire) Key(key string) PexpireKey                    { return PexpireKey{} }
func (c PexpireKey) Milliseconds(ms int64) PexpireMilliseconds { return PexpireMilliseconds{} }
func (c PexpireMilliseconds) Build() Completed                 { return Completed{} }

type Eval struct{}
type EvalScript struct{}
type EvalNumkeys struct{}
type EvalKey struct{}
type EvalArg struct{}

func (c Eval) Script(script string) EvalScript   { return EvalScript{} }
func (c EvalScript) Numkeys(n int64) EvalNumkeys { return EvalNumkeys{} }
func (c EvalNumkeys) Key(key ...string) EvalKey  { return EvalKey{} }
func (c EvalKey) Arg(arg ...string) EvalArg      { return EvalArg{} }
func (c EvalKey) Build() Completed               { return Completed{} }
func (c EvalArg) Arg(arg ...string) EvalArg      { return EvalArg{} }
func (c EvalArg) Build() Completed               { return Completed{} }

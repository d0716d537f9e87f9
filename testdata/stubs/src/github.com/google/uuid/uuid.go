package uuid

type UUID [16]byte

func New() UUID                { return UUID{} }
func NewString() string        { return "" }
func NewRandom() (UUID, error) { return UUID{}, nil }
func (u UUID) String() string  { return "" }

var NameSpaceURL = UUID{}

func NewSHA1(space UUID, data []byte) UUID { return UUID{} }
func Must(uuid UUID, err error) UUID       { return uuid }
func Parse(s string) (UUID, error)         { return UUID{}, nil }

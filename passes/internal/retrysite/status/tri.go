package status

// tri is a three-valued truth: a condition the simulation cannot decide
// is unk, and both of its branches are followed.
type tri uint8

const (
	unk tri = iota
	yes
	no
)

func triOf(b bool) tri {
	if b {
		return yes
	}
	return no
}

func (t tri) not() tri {
	switch t {
	case yes:
		return no
	case no:
		return yes
	}
	return unk
}

func (t tri) and(u tri) tri {
	switch {
	case t == no || u == no:
		return no
	case t == yes && u == yes:
		return yes
	}
	return unk
}

func (t tri) or(u tri) tri {
	switch {
	case t == yes || u == yes:
		return yes
	case t == no && u == no:
		return no
	}
	return unk
}

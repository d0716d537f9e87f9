package status

// A fact is learned by simulating a function once for each sampled
// status, but most functions of a program never read the status they are
// handed (an int parameter that is a count, a body that is only closed):
// their simulations all take the same paths. replay keeps the simulation
// of the first status when it did not read it, and hands it out again for
// the others, so that only the judgement of its ends (which may read the
// status) is done again. On a large program this saves most of the cost
// of learning the facts of its dependencies.
type replay struct {
	kept *sim
	sent []bool // each end's sent after the simulation, before the judging
}

// next returns the simulation for code: the kept one, reset to what the
// simulation left, or, with ok false, nothing, and the caller simulates.
func (r *replay) next(code int64) (s *sim, ok bool) {
	if r.kept == nil {
		return nil, false
	}
	r.kept.code = code
	// Judging an end may mark its path sent (a status checker that sends,
	// in the returned expression): undo it, as a new simulation would.
	for i, e := range r.kept.ends {
		e.p.sent = r.sent[i]
	}
	return r.kept, true
}

// keep records s, just simulated, for the next statuses if it never read
// its status.
func (r *replay) keep(s *sim) {
	if s.codeRead {
		return
	}
	r.kept = s
	r.sent = make([]bool, len(s.ends))
	for i, e := range s.ends {
		r.sent[i] = e.p.sent
	}
}

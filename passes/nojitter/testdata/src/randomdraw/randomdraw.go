// Package randomdraw: a loop whose attempt is given a new random number
// each round draws candidates (rejection sampling); the same loop on a
// value it was given retries the same call at once.
package randomdraw

import (
	"errors"
	"hash/maphash"
	"math"
	"math/rand/v2"
)

func convert(u uint64) (int64, error) {
	if u > math.MaxInt64 {
		return 0, errors.New("overflow")
	}
	return int64(u), nil
}

// Not reported: each round converts a new random number.
func Seed() int64 {
	seed := int64(0)
	var err error
	for seed == 0 {
		seed, err = convert(new(maphash.Hash).Sum64() - math.MaxInt64)
		if err != nil {
			seed = 0
		}
	}
	return seed
}

// Not reported: the same with math/rand.
func Pick() int64 {
	for {
		v, err := convert(rand.Uint64())
		if err == nil {
			return v
		}
	}
}

// Reported: the same number converted again and again.
func SeedFrom(u uint64) int64 {
	seed := int64(0)
	var err error
	for seed == 0 { // want `retry loop retries at once`
		seed, err = convert(u)
		if err != nil {
			seed = 0
		}
	}
	return seed
}

//go:build race

package table

// raceOn: the race detector slows a sealed deal's proofs tenfold; the
// sealed matches are cut short.
const raceOn = true

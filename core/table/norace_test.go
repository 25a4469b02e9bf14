//go:build !race

package table

// raceOn: the race detector is off.
const raceOn = false

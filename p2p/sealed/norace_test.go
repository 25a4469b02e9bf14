//go:build !race

package sealed

// raceOn: the race detector is off.
const raceOn = false

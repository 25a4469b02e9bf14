// Package playtest holds the engine's property runs across every
// registered ruleset: thousands of hands between random and novice
// computer players under many option sets, with the engine's invariants
// checked after every action (tiles conserved, views and redacted events
// free of other seats' hidden tiles, a legal action whenever a decision is
// due, every hand and game ending), settlements summing to zero, match
// balances equal to the sum of the nets, and records that replay exactly.
// It has no API: run it with `go test ./core/playtest` (-short trims it).
package playtest

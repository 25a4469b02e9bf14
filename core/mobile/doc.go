// Package fourwinds is Four Winds' rules core for native Android and iOS
// code, bound with gomobile:
//
//	gomobile bind -target=android ./core/mobile   # fourwinds.aar (Java/Kotlin package "fourwinds")
//	gomobile bind -target=ios ./core/mobile       # Fourwinds.xcframework (Objective-C/Swift)
//
// Its API uses only what gobind binds: strings, numbers, bools, byte
// slices, errors and callback interfaces. Everything structured travels as
// JSON, in the same shapes as the command line's --json output and the
// table's snapshots and intents (core/table), so native code and the Go
// faces read the same documents.
//
// Errors are the Go errors' texts; an intent the table refuses reads
// "table: <reason>: <detail>" with a stable reason code (core/table
// Reason), such as "table: stale: ...".
package fourwinds

//go:build !unix

package sealed

import "time"

var cpuStart = time.Now()

// cpuNow falls back to the wall clock where getrusage is missing.
func cpuNow() time.Duration { return time.Since(cpuStart) }

//go:build unix

package sealed

import (
	"syscall"
	"time"
)

// cpuNow is the CPU time this process has used (user and system, every
// thread): the hand benchmarks charge each step the CPU it took, not the
// wall time, which other processes on a shared machine stretch.
func cpuNow() time.Duration {
	var u syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &u); err != nil {
		return 0
	}
	return time.Duration(u.Utime.Nano() + u.Stime.Nano())
}

package main

import (
	"strconv"
	"time"
)

// clockSeed returns a seed from the clock for games started without --seed.
func clockSeed() string { return strconv.FormatInt(time.Now().UnixNano(), 10) }

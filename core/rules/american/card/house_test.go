package card_test

import (
	"os"
	"testing"
)

// readHouse reads the embedded copy of the house card.
func readHouse(t testing.TB) []byte {
	t.Helper()
	b, err := os.ReadFile("house-card.txt")
	if err != nil {
		t.Fatal(err)
	}
	return b
}

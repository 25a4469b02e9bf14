package sealed

import (
	"testing"

	"github.com/libp2p/go-libp2p/core/peer"
)

// TestSeat: the dealer's device holds the first key and plays every player
// no connected device was seated as; a device seated twice holds one key;
// a seat whose device is gone, or that nobody took, is the dealer's; a
// seated device not connected is late, with its players.
func TestSeat(t *testing.T) {
	self, a, b := peer.ID("self"), peer.ID("phone a"), peer.ID("phone b")
	var c Config
	remote := c.Seat(self, [4]peer.ID{"", b, a, b}, [4]bool{false, true, false, true})
	if len(c.Holders) != 2 || c.Holders[0] != self || c.Holders[1] != b {
		t.Errorf("holders %v; want [self, phone b] (phone a is not connected)", c.Holders)
	}
	if c.Players != [4]int{0, 1, 0, 1} || remote != [4]bool{false, true, false, true} {
		t.Errorf("players %v, remote %v; want [0 1 0 1], [false true false true]", c.Players, remote)
	}
	if len(c.Late) != 1 || len(c.Late[a]) != 1 || c.Late[a][0] != 2 {
		t.Errorf("late %v; want phone a with player 2", c.Late)
	}
	c.Seat(self, [4]peer.ID{a, "", "", ""}, [4]bool{true, false, false, false})
	if len(c.Holders) != 2 || c.Players != [4]int{1, 0, 0, 0} {
		t.Errorf("seated again: holders %v, players %v; want [self, phone a], [1 0 0 0]", c.Holders, c.Players)
	}
	if c.Late != nil {
		t.Errorf("seated again: late %v; want none", c.Late)
	}
}

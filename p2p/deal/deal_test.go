package deal

import (
	"errors"
	"testing"

	"github.com/fourwinds-mahjong/fourwinds/p2p/wire"
)

// table makes a reveal of three devices and the commitments published.
func table(hand int) (*wire.Deal, []wire.Contribution, [][]byte) {
	var all, committed []wire.Contribution
	var secrets [][]byte
	for _, p := range []string{"dealer", "ann", "bob"} {
		s := NewSecret()
		secrets = append(secrets, s)
		all = append(all, wire.Contribution{Peer: p, Hash: Commit(s), Secret: s})
		committed = append(committed, wire.Contribution{Peer: p, Hash: Commit(s)})
	}
	seed := Seed(hand, all)
	return &wire.Deal{Hand: hand, All: all, Seed: seed[:]}, committed, secrets
}

func TestHonestDealChecks(t *testing.T) {
	r, committed, secrets := table(3)
	if err := Check(r, committed, "ann", secrets[1]); err != nil {
		t.Fatal(err)
	}
	if err := Check(r, committed, "spectator", nil); err != nil {
		t.Fatal(err)
	}
}

func TestCheatingIsCaught(t *testing.T) {
	for name, cheat := range map[string]func(r *wire.Deal, c []wire.Contribution) []wire.Contribution{
		"seed changed":      func(r *wire.Deal, c []wire.Contribution) []wire.Contribution { r.Seed[0] ^= 1; return c },
		"secret swapped":    func(r *wire.Deal, c []wire.Contribution) []wire.Contribution { r.All[0].Secret = NewSecret(); return c },
		"my secret dropped": func(r *wire.Deal, c []wire.Contribution) []wire.Contribution { r.All = r.All[:1]; return c },
		"late commitment": func(r *wire.Deal, c []wire.Contribution) []wire.Contribution {
			s := NewSecret()
			r.All = append(r.All, wire.Contribution{Peer: "eve", Hash: Commit(s), Secret: s})
			return c
		},
		"twice": func(r *wire.Deal, c []wire.Contribution) []wire.Contribution {
			r.All = append(r.All, r.All[0])
			return c
		},
		"other hand": func(r *wire.Deal, c []wire.Contribution) []wire.Contribution { r.Hand++; return c },
		"empty":      func(r *wire.Deal, c []wire.Contribution) []wire.Contribution { r.All = nil; return c },
	} {
		r, committed, secrets := table(1)
		committed = cheat(r, committed)
		if err := Check(r, committed, "ann", secrets[1]); !errors.Is(err, ErrCheat) {
			t.Errorf("%s: got %v, want ErrCheat", name, err)
		}
	}
}

func TestSeedDependsOnEverySecret(t *testing.T) {
	r, _, _ := table(2)
	base := Seed(2, r.All)
	for i := range r.All {
		r.All[i].Secret[0] ^= 1
		if Seed(2, r.All) == base {
			t.Errorf("the seed ignores contribution %d", i)
		}
		r.All[i].Secret[0] ^= 1
	}
	if Seed(3, r.All) == base {
		t.Error("the seed ignores the hand number")
	}
}

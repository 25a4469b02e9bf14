package sealedplay_test

import (
	"fmt"

	"github.com/fourwinds-mahjong/fourwinds/core/game"
	"github.com/fourwinds-mahjong/fourwinds/core/rules"
	_ "github.com/fourwinds-mahjong/fourwinds/core/rules/all" // every ruleset
	"github.com/fourwinds-mahjong/fourwinds/core/sealed"
	"github.com/fourwinds-mahjong/fourwinds/core/sealedplay"
)

// Two devices play a sealed hand of hongkong, two seats each; the
// sequencer relays every message it accepts to both. Each device decides
// for its seats from the legal actions it works out alone (here: the last
// one, a pass or a discard), and both audit the opened hand at the end.
func Example() {
	r, _ := rules.Get("hongkong")
	cfg := sealedplay.Config{
		Hand:  game.HandConfig{Ruleset: r, Options: rules.DefaultOptions(r), Number: 1, Round: rules.E},
		Dice:  [2]int{7, 5},
		Ctx:   sealed.Context{Table: "example", Hand: 1, Ruleset: "hongkong", Peers: []string{"phone", "tablet"}},
		Seats: [4]uint32{0, 1, 0, 1},
	}
	seq, _ := sealedplay.NewSequencer(cfg)
	var devs []*sealedplay.Device
	var toSeq []sealedplay.Msg
	for h := range uint32(2) {
		d, key, _ := sealedplay.NewDevice(cfg, h)
		devs, toSeq = append(devs, d), append(toSeq, key)
	}
	for round := 0; round < 1000 && !seq.Over(); round++ {
		for len(toSeq) > 0 {
			relay, _ := seq.Receive(toSeq[0])
			toSeq = toSeq[1:]
			for _, m := range relay {
				for _, d := range devs {
					answers, _ := d.Receive(m)
					toSeq = append(toSeq, answers...)
				}
			}
		}
		for _, d := range devs {
			for _, seat := range d.Waiting() {
				legal := d.Legal(seat)
				m, _ := d.Act(seat, legal[len(legal)-1])
				toSeq = append(toSeq, m)
			}
		}
	}
	for _, d := range devs {
		fmt.Println("verified:", d.Audit().Verified)
	}
	// Output:
	// verified: true
	// verified: true
}

package fourwinds_test

import (
	"bytes"
	"encoding/json"
	"fmt"

	fourwinds "github.com/fourwinds-mahjong/fourwinds/core/mobile"
)

// Native code sends a JSON request and reads a JSON answer: the score
// sheet of `fourwinds score --json` (indented here to be read).
func ExampleScore() {
	sheet, err := fourwinds.Score(`{"rules": "hongkong", "hand": "234m 567m 5z [666z] [999p] +5z", "seat": "S", "from": "W", "dominant": "W"}`)
	if err != nil {
		fmt.Println(err)
		return
	}
	var out bytes.Buffer
	if err := json.Indent(&out, []byte(sheet), "", "  "); err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(out.String())
	// Output:
	// {
	//   "rules": "hongkong",
	//   "valid": true,
	//   "error": "",
	//   "items": [
	//     {
	//       "rule": "HK-S-21",
	//       "name": "score.mahjong",
	//       "points": 20,
	//       "doubles": 0,
	//       "limit": false
	//     },
	//     {
	//       "rule": "HK-S-7",
	//       "name": "score.pung_terminal_exposed",
	//       "points": 4,
	//       "doubles": 0,
	//       "limit": false
	//     },
	//     {
	//       "rule": "HK-S-8",
	//       "name": "score.pung_honour_exposed",
	//       "points": 4,
	//       "doubles": 0,
	//       "limit": false
	//     },
	//     {
	//       "rule": "HK-S-16",
	//       "name": "score.set_dragon",
	//       "points": 0,
	//       "doubles": 1,
	//       "limit": false
	//     }
	//   ],
	//   "points": 28,
	//   "doubles": 1,
	//   "value": 56,
	//   "limit": false
	// }
}

// listener is a fourwinds.Listener that hands the updates on; native
// code implements the same interface in Java, Kotlin, Objective-C or Swift.
type listener struct {
	updates chan string
	closed  chan struct{}
}

func (l *listener) Update(u string) { l.updates <- u }
func (l *listener) Closed()         { close(l.closed) }

// view is the part of a snapshot this example reads.
type view struct {
	Seat    string            `json:"seat"`
	Phase   string            `json:"phase"`
	Hand    string            `json:"hand"`
	StateID uint64            `json:"state_id"`
	Legal   []json.RawMessage `json:"legal"`
}

// A solo table: the person on the device is player 0, three computers
// play the others. The person's updates arrive as JSON on a Listener;
// an intent answers the view's decision (its state_id) with one of its
// legal actions.
func ExampleNewSoloTable() {
	tb, err := fourwinds.NewSoloTable("hongkong", "", "example", "novice", 0)
	if err != nil {
		fmt.Println(err)
		return
	}
	defer tb.Close()
	l := &listener{updates: make(chan string, 1024), closed: make(chan struct{})}
	sub, err := tb.Subscribe(0, l)
	if err != nil {
		fmt.Println(err)
		return
	}
	defer sub.Close()
	snapshot := sub.Snapshot()
	for answered := 0; answered < 4; {
		var s struct {
			View *view `json:"view"`
		}
		if err := json.Unmarshal([]byte(snapshot), &s); err != nil {
			fmt.Println(err)
			return
		}
		if v := s.View; v != nil && len(v.Legal) > 0 {
			fmt.Printf("%s, %s holding %s: %s (%d legal)\n", v.Phase, v.Seat, v.Hand, v.Legal[0], len(v.Legal))
			intent := fmt.Sprintf(`{"player": 0, "kind": "action", "decision": %d, "action": %s}`, v.StateID, v.Legal[0])
			if err := tb.Submit(intent); err != nil {
				fmt.Println(err)
				return
			}
			answered++
		}
		var u struct {
			Snapshot json.RawMessage `json:"snapshot"`
		}
		if err := json.Unmarshal([]byte(<-l.updates), &u); err != nil {
			fmt.Println(err)
			return
		}
		snapshot = string(u.Snapshot)
	}
	// Output:
	// claim, N holding 35m 178p 4589s 1234z: {"type":"pass"} (1 legal)
	// claim, N holding 35m 178p 4589s 1234z: {"type":"pass"} (1 legal)
	// claim, N holding 35m 178p 4589s 1234z: {"type":"pass"} (1 legal)
	// turn, N holding 35m 1278p 4589s 1234z: {"type":"discard","tile":"3m"} (14 legal)
}

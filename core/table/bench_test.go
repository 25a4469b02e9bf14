package table

import (
	"encoding/json"
	"fmt"
	"path/filepath"
	"slices"
	"testing"
	"time"

	"github.com/fourwinds-mahjong/fourwinds/core/game"
)

// BenchmarkIntentToUpdates measures a discard's way through the table:
// from Submit to the moment each of four local subscribers (one per
// player, all people) has received its update. It reports the median and
// the 99th percentile of the time until the last of the four. When a
// match ends, another begins.
func BenchmarkIntentToUpdates(b *testing.B) {
	var times []time.Duration
	games := 0
	bt := openBench(b, games)
	for b.Loop() {
		for {
			s, owes := nextOwing(b, bt.tb)
			if owes < 0 {
				bt.tb.Close()
				games++
				bt = openBench(b, games)
				continue
			}
			a := s.View.Legal[0]
			discard := s.View.Phase == game.PhaseTurn
			if discard {
				for _, l := range s.View.Legal {
					if l.Type == game.ActDiscard {
						a = l
						break
					}
				}
			}
			start := time.Now()
			if err := bt.tb.Submit(bg, Intent{Player: owes, Kind: IntentAction, Decision: s.View.StateID, Action: a}); err != nil {
				b.Fatal(err)
			}
			bt.drain()
			if discard && a.Type == game.ActDiscard {
				times = append(times, time.Since(start))
				break
			}
		}
	}
	bt.tb.Close()
	slices.Sort(times)
	b.ReportMetric(float64(times[len(times)/2].Microseconds()), "p50-µs")
	b.ReportMetric(float64(times[len(times)*99/100].Microseconds()), "p99-µs")
}

// benchTable is a table of four people, each with a subscriber that
// reports the sequence numbers it receives.
type benchTable struct {
	tb       *Local
	arrivals [4]chan uint64
	seen     [4]uint64
}

// openBench opens game n's table and its subscribers.
func openBench(b *testing.B, n int) *benchTable {
	cfg := people("hongkong", fmt.Sprint("bench ", n), 0, 1, 2, 3)
	cfg.AutoNext = true
	tb, err := NewLocal(cfg)
	if err != nil {
		b.Fatal(err)
	}
	bt := &benchTable{tb: tb}
	for p := range 4 {
		s, sub, err := tb.Subscribe(bg, p)
		if err != nil {
			b.Fatal(err)
		}
		bt.seen[p] = s.Seq
		bt.arrivals[p] = make(chan uint64, 1<<16)
		go func() {
			for u := range sub.Updates() {
				bt.arrivals[p] <- u.Seq
			}
		}()
	}
	return bt
}

// drain waits until every subscriber has received every update so far.
func (bt *benchTable) drain() {
	for p := range 4 {
		s, _ := bt.tb.Snapshot(bg, p)
		for bt.seen[p] < s.Seq {
			bt.seen[p] = <-bt.arrivals[p]
		}
	}
}

// nextOwing returns the snapshot of a player who owes a decision, or -1
// when nobody does (the match is over).
func nextOwing(b *testing.B, tb *Local) (Snapshot, int) {
	for range 1000 {
		for p := range 4 {
			s, err := tb.Snapshot(bg, p)
			if err != nil {
				b.Fatal(err)
			}
			if s.View != nil && len(s.View.Legal) > 0 {
				return s, p
			}
		}
		time.Sleep(time.Microsecond)
	}
	return Snapshot{}, -1
}

// BenchmarkSnapshotJSON reports the size of a player's snapshot in JSON,
// the largest over two whole hands of each ruleset, and the time to
// marshal one.
func BenchmarkSnapshotJSON(b *testing.B) {
	for _, id := range allRules {
		b.Run(id, func(b *testing.B) {
			cfg := LocalConfig{Rules: id, Seed: "size", Hands: 2, AutoNext: true, Hold: true}
			var biggest Snapshot
			most := 0
			tb, err := NewLocal(cfg)
			if err != nil {
				b.Fatal(err)
			}
			_, sub, _ := tb.Subscribe(bg, 0)
			if err := tb.Start(bg); err != nil {
				b.Fatal(err)
			}
			tb.Close()
			for u := range sub.Updates() {
				data, _ := json.Marshal(u.Snapshot)
				if len(data) > most {
					most, biggest = len(data), u.Snapshot
				}
			}
			for b.Loop() {
				if _, err := json.Marshal(biggest); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(most), "max-bytes")
		})
	}
}

// BenchmarkSavePerEvent measures one save of a table well into its game
// (the save after an event: the record so far, written to a temporary
// file and renamed).
func BenchmarkSavePerEvent(b *testing.B) {
	cfg := LocalConfig{Rules: "hongkong", Seed: "save", Hands: 4, AutoNext: true, SavePath: filepath.Join(b.TempDir(), "t.save")}
	tb, err := NewLocal(cfg)
	if err != nil {
		b.Fatal(err)
	}
	<-tb.Done()
	defer tb.Close()
	events := 0
	tb.call(bg, func() error { events = len(tb.rec.Events); return nil })
	for b.Loop() {
		if err := tb.call(bg, tb.save); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(events), "events")
}

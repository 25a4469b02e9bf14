package dealer_test

import (
	"context"
	"fmt"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/fourwinds-mahjong/fourwinds/core/table"
	"github.com/fourwinds-mahjong/fourwinds/core/wall"
	"github.com/fourwinds-mahjong/fourwinds/p2p/client"
	"github.com/fourwinds-mahjong/fourwinds/p2p/dealer"
	"github.com/fourwinds-mahjong/fourwinds/p2p/wire"
)

// timed is a client whose intents' round trips are kept.
type timed struct {
	table.Table
	mu  *sync.Mutex
	lat *[]time.Duration
}

func (t timed) Submit(ctx context.Context, in table.Intent) error {
	start := time.Now()
	err := t.Table.Submit(ctx, in)
	t.mu.Lock()
	*t.lat = append(*t.lat, time.Since(start))
	t.mu.Unlock()
	return err
}

// flood has host 4 send the dealer snapshot requests and stale intents
// as fast as it can, on one stream after another (the dealer closes each
// that goes on past its limits), until ctx ends; it returns how many it
// sent.
func (r *rig) flood(ctx context.Context) int {
	sent := 0
	for ctx.Err() == nil {
		st, err := r.hosts[4].NewStream(ctx, r.hosts[0].ID(), wire.TableProtocol)
		if err != nil {
			continue
		}
		c := wire.NewConn(st)
		c.Send(&wire.Msg{Type: wire.THello, Hello: &wire.Hello{Version: wire.Version, Player: table.Spectator}})
		go func() {
			for {
				if _, err := c.Recv(); err != nil {
					return
				}
			}
		}()
		for i := uint64(1); ctx.Err() == nil; i++ {
			m := &wire.Msg{Type: wire.TSnapReq, ID: i}
			if i%2 == 0 {
				m = &wire.Msg{Type: wire.TIntent, ID: i, Intent: &table.Intent{Player: 1, Kind: table.IntentAction}}
			}
			if c.Send(m) != nil {
				break
			}
			sent++
		}
		st.Reset()
	}
	return sent
}

// BenchmarkIntentLatencyUnderFlood plays two hands over the in-memory
// network and reports the round trip of the three joined devices'
// intents (p50, p99), once at a quiet table and once while a fourth device
// floods the dealer with snapshot requests and stale intents:
//
//	go test -run '^$' -bench IntentLatencyUnderFlood -benchtime 1x ./p2p/dealer
func BenchmarkIntentLatencyUnderFlood(b *testing.B) {
	for _, flooded := range []bool{false, true} {
		b.Run(map[bool]string{false: "quiet", true: "flooded"}[flooded], func(b *testing.B) {
			var lat []time.Duration
			var mu sync.Mutex
			sent := 0
			for range b.N {
				r := newRig(b, "hongkong", 2, dealer.Config{}, func(s wall.Seed) wall.Seed { return s })
				for i := 1; i < 4; i++ {
					r.clients[i] = r.join(b, i, client.Options{Player: i})
				}
				r.start(b)
				ctx, stop := context.WithCancel(context.Background())
				done := make(chan int)
				if flooded {
					go func() { done <- r.flood(ctx) }()
				}
				pctx, cancel := context.WithTimeout(ctx, time.Minute)
				errs := make(chan error, 4)
				for p := range 4 {
					var tbl table.Table = r.tbl
					if p > 0 {
						tbl = timed{Table: r.clients[p], mu: &mu, lat: &lat}
					}
					go func() {
						_, err := play(pctx, tbl, p, fmt.Sprint("ai ", p))
						errs <- err
					}()
				}
				for range 4 {
					if err := <-errs; err != nil {
						b.Fatal(err)
					}
				}
				cancel()
				stop()
				if flooded {
					sent += <-done
				}
			}
			slices.Sort(lat)
			p50, p99 := lat[len(lat)/2], lat[len(lat)*99/100]
			b.ReportMetric(float64(p50.Microseconds())/1000, "p50-ms")
			b.ReportMetric(float64(p99.Microseconds())/1000, "p99-ms")
			b.ReportMetric(float64(len(lat)), "intents")
			b.ReportMetric(float64(sent), "flood-msgs")
		})
	}
}

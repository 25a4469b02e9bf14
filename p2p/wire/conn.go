package wire

import (
	"io"
	"sync"
	"sync/atomic"
)

// Conn sends and receives messages over one stream. Send may be called
// from several goroutines; Recv from one.
type Conn struct {
	r  *Reader
	mu sync.Mutex
	w  io.Writer
	// In and Out count the bytes received and sent, frames included.
	In, Out atomic.Int64
}

// NewConn returns a message connection over rw.
func NewConn(rw io.ReadWriter) *Conn {
	return &Conn{r: NewReader(rw, MaxFrame), w: rw}
}

// Send encodes and writes m as one frame.
func (c *Conn) Send(m *Msg) error {
	b, err := Encode(m)
	if err != nil {
		return err
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if err := WriteFrame(c.w, b); err != nil {
		return err
	}
	c.Out.Add(int64(len(b) + uvarintLen(len(b))))
	return nil
}

// Recv reads and decodes the next message. A frame that is too large or
// cut short ends the stream; a malformed message wraps ErrBadMessage and
// the stream may go on.
func (c *Conn) Recv() (*Msg, error) {
	b, err := c.r.ReadFrame()
	if err != nil {
		return nil, err
	}
	c.In.Add(int64(len(b) + uvarintLen(len(b))))
	return Decode(b)
}

func uvarintLen(n int) int {
	l := 1
	for ; n >= 0x80; n >>= 7 {
		l++
	}
	return l
}

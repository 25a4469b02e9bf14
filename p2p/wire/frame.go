// Package wire is the byte format of Four Winds' libp2p protocols: frames
// of one unsigned varint length followed by that many bytes of JSON, with a
// size limit, and the messages the table and lobby protocols exchange,
// decoded strictly (unknown fields, missing bodies and bodies that do not
// match the message type are errors).
package wire

import (
	"bufio"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
)

// MaxFrame is the largest frame body accepted, in bytes. A snapshot of a
// long match with its history is well under it.
const MaxFrame = 1 << 20

// ErrFrameTooLarge is returned for a frame whose announced length exceeds
// the limit; the stream cannot be resynchronised after it.
var ErrFrameTooLarge = errors.New("wire: frame too large")

// Reader reads frames from a stream.
type Reader struct {
	r     *bufio.Reader
	limit int
}

// NewReader returns a frame reader over r accepting bodies of at most
// limit bytes (MaxFrame when limit <= 0).
func NewReader(r io.Reader, limit int) *Reader {
	if limit <= 0 {
		limit = MaxFrame
	}
	return &Reader{r: bufio.NewReader(r), limit: limit}
}

// ReadFrame returns the next frame's body. io.EOF means the stream ended
// cleanly between frames.
func (r *Reader) ReadFrame() ([]byte, error) {
	n, err := binary.ReadUvarint(r.r)
	if err != nil {
		if errors.Is(err, io.EOF) {
			return nil, io.EOF
		}
		return nil, fmt.Errorf("wire: bad frame length: %w", err)
	}
	if n > uint64(r.limit) {
		return nil, fmt.Errorf("%w: %d bytes announced, at most %d allowed", ErrFrameTooLarge, n, r.limit)
	}
	buf := make([]byte, n)
	if _, err := io.ReadFull(r.r, buf); err != nil {
		return nil, fmt.Errorf("wire: frame cut short: %w", io.ErrUnexpectedEOF)
	}
	return buf, nil
}

// AppendFrame appends body as one frame to dst.
func AppendFrame(dst, body []byte) []byte {
	dst = binary.AppendUvarint(dst, uint64(len(body)))
	return append(dst, body...)
}

// WriteFrame writes body as one frame in a single Write call.
func WriteFrame(w io.Writer, body []byte) error {
	if len(body) > MaxFrame {
		return fmt.Errorf("%w: %d bytes, at most %d allowed", ErrFrameTooLarge, len(body), MaxFrame)
	}
	_, err := w.Write(AppendFrame(make([]byte, 0, len(body)+binary.MaxVarintLen64), body))
	return err
}

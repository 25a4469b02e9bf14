package table

import "context"

// actor runs the closures it is handed on one goroutine (run), so that
// the state they touch belongs to that goroutine alone: a table's methods
// hand it closures and wait for their answers, which makes every method
// safe for concurrent use.
type actor struct {
	reqs chan func()
	quit chan struct{}
	done chan struct{}
}

// newActor returns an actor; go a.run() starts its goroutine.
func newActor() actor {
	return actor{reqs: make(chan func()), quit: make(chan struct{}), done: make(chan struct{})}
}

// run is the actor's goroutine: it runs the closures it is handed until
// stopRun.
func (a *actor) run() {
	defer close(a.done)
	for {
		select {
		case f := <-a.reqs:
			f()
		case <-a.quit:
			return
		}
	}
}

// post hands f to the actor's goroutine; it reports false once the actor
// is stopped.
func (a *actor) post(f func()) bool {
	select {
	case a.reqs <- f:
		return true
	case <-a.quit:
		return false
	}
}

// call runs f on the actor's goroutine and returns its error.
func (a *actor) call(ctx context.Context, f func() error) error {
	errc := make(chan error, 1)
	g := func() { errc <- f() }
	select {
	case a.reqs <- g:
	case <-a.quit:
		return ErrClosed
	case <-ctx.Done():
		return ctx.Err()
	}
	// The goroutine has taken g and runs it now, without blocking: its
	// answer is awaited even if ctx ends meanwhile, because f writes into
	// its caller's variables (a snapshot returned on ctx's end raced with
	// f still writing it, and could be read torn).
	return <-errc
}

// stopRun stops the goroutine and waits for it; it is called once.
func (a *actor) stopRun() {
	close(a.quit)
	<-a.done
}

/// Whether the I/O layer should read a connection: the core handles at most
/// `ServerLimits.workPerTurn` of one connection's requests at a time, so that one
/// connection that sends a lot cannot hold the server's queue for long, and it
/// stops reading a connection whose lines must wait.
package enum InputFlow: Hashable, Sendable {
    /// Read it: everything it sent is handled.
    case read
    /// Stop reading it: its lines wait (its `SUBMIT` is being stored).
    case hold
    /// Stop reading it and give it another turn (`ServerInput.inputTurn`) once
    /// the others had theirs and its unsent output is below the backpressure
    /// threshold: it sent more lines than one turn handles.
    case turn
}

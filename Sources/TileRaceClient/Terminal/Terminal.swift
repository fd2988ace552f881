#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The controlling terminal: raw mode, the alternate screen, its size, and
/// writing frames. Owned by the client's queue (not thread-safe).
final class Terminal {
    let inputDescriptor = STDIN_FILENO
    let outputDescriptor = STDOUT_FILENO
    private var original: termios?

    /// The size of the terminal (from output, else input), 80x24 if unknown.
    func size() -> TerminalSize {
        for descriptor in [outputDescriptor, inputDescriptor] {
            var size = winsize()
            if ioctl(descriptor, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0, size.ws_row > 0 {
                return TerminalSize(width: Int(size.ws_col), height: Int(size.ws_row))
            }
        }
        return TerminalSize(width: 80, height: 24)
    }

    /// Switches to raw mode and the alternate screen, and arms `TerminalGuard`.
    /// Returns false when the terminal settings cannot be read or changed.
    func take() -> Bool {
        var settings = termios()
        if original == nil {
            guard tcgetattr(inputDescriptor, &settings) == 0 else { return false }
            original = settings
        }
        guard let original else { return false }
        var raw = original
        raw.c_iflag &= ~tcflag_t(BRKINT | ICRNL | INPCK | ISTRIP | IXON)
        raw.c_oflag &= ~tcflag_t(OPOST)
        raw.c_cflag |= tcflag_t(CS8)
        raw.c_lflag &= ~tcflag_t(ECHO | ICANON | IEXTEN | ISIG)
        withUnsafeMutableBytes(of: &raw.c_cc) { bytes in
            bytes[Int(VMIN)] = 1
            bytes[Int(VTIME)] = 0
        }
        guard tcsetattr(inputDescriptor, TCSAFLUSH, &raw) == 0 else { return false }
        TerminalGuard.activate(saved: original, input: inputDescriptor, output: outputDescriptor)
        write(Array(ANSI.enterFullScreen.utf8))
        return true
    }

    /// Gives the terminal back: normal mode, main screen, cursor shown.
    func release() {
        TerminalGuard.restore()
    }

    /// Writes bytes, all of them, with as few `write` calls as the kernel allows
    /// (one, normally). Returns false when output is gone.
    @discardableResult
    func write(_ bytes: [UInt8]) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let count = bytes[offset...].withUnsafeBytes { buffer in
                #if canImport(Glibc)
                    Glibc.write(outputDescriptor, buffer.baseAddress, buffer.count)
                #else
                    Darwin.write(outputDescriptor, buffer.baseAddress, buffer.count)
                #endif
            }
            if count < 0 {
                if errno == EINTR { continue }
                if errno == EAGAIN {
                    var descriptor = pollfd(fd: outputDescriptor, events: Int16(POLLOUT), revents: 0)
                    _ = poll(&descriptor, 1, 100)
                    continue
                }
                return false
            }
            offset += count
        }
        return true
    }
}

import TileRaceEngine
import TileRaceProtocol

/// A record drawn by the client's own watch screen, frame by frame at its recorded pace (an untimed record at
/// the watch screen's 4 entries a second), as an asciicast v2 file: asciinema's format, a JSON header line with
/// the width, height and TERM, then one `[seconds, "o", text]` line per frame. `asciinema play` plays it;
/// `agg` turns it into a GIF.
public enum Asciicast {
    public static let size = TerminalSize(width: 80, height: 24)
    /// The last frame stays this long before the cast ends.
    static let holdMilliseconds = 2000

    /// The whole file. `today` is only shown (the watch screen's date).
    public static func make(_ record: RecordToWatch, today: String, colourMode: ColourMode = .palette256) -> String {
        var options = ClientOptions()
        options.isOffline = true
        var model = Model(
            options: options, config: ClientConfig(), colourMode: colourMode, isInteractive: false, now: 0, today: today, size: size,
            seedSource: SplitMix64(seed: 0))
        Update.startWatch(record, model: &model)
        let theme = model.theme.effective(for: colourMode)
        let term = colourMode == .trueColour ? "xterm-direct" : "xterm-256color"
        var lines = [
            "{\"version\": 2, \"width\": \(size.width), \"height\": \(size.height), \"title\": \(TextFilter.jsonQuoted(record.title)), "
                + "\"env\": {\"TERM\": \"\(term)\"}}"
        ]
        var lastFrame: Frame?
        var now = 0
        while true {
            _ = update(&model, .tick(now))
            let frame = view(model, size: size, theme: theme)
            let bytes =
                (lastFrame == nil ? Array(ANSI.hideCursor.utf8) : [])
                + FrameDiff.bytes(from: lastFrame, to: frame, colourMode: colourMode)
            if !bytes.isEmpty { lines.append(event(at: now, String(decoding: bytes, as: UTF8.self))) }
            lastFrame = frame
            guard let watch = model.watch, watch.status == .ready, !watch.isAtEnd || watch.animation != nil else { break }
            now += model.tickIntervalMilliseconds ?? 1000
        }
        let end = ANSI.showCursor + ANSI.moveCursor(x: 0, y: size.height - 1)
        lines.append(event(at: now + holdMilliseconds, end))
        return lines.joined(separator: "\n") + "\n"
    }

    private static func event(at milliseconds: Int, _ text: String) -> String {
        let seconds = "\(milliseconds / 1000)." + String(String(1000 + milliseconds % 1000).dropFirst())
        return "[\(seconds), \"o\", \(TextFilter.jsonQuoted(text))]"
    }
}

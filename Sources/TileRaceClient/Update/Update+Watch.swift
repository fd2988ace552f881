import TileRaceEngine
import TileRaceProtocol

/// Watching a record from the leaderboard or the command line. Space pauses, `+`/`-` speed,
/// ←/→ step (pausing), Home/End jump, Esc returns.
extension Update {
    static func watchEntry(_ entry: LeaderboardEntry, query: RecordQuery, model: inout Model) -> [Effect] {
        let boardName = query.board.name(date: query.date ?? model.today)
        model.screen = .watch(
            WatchState(
                title: "\(ScreenText.sanitize(entry.nickname)) · \(boardName) · rank \(entry.rank)", expected: entry.result,
                returnScreen: model.screen))
        return [.send(.record(query))]
    }

    /// Esc quits.
    static func startWatch(_ record: RecordToWatch, model: inout Model) {
        var watch = WatchState(title: ScreenText.sanitize(record.title), expected: record.expected, returnScreen: nil)
        watch.load(seed: record.seed, config: record.config, log: record.log, now: model.now)
        model.screen = .watch(watch)
        model.menu.introStartedAt = nil
    }

    /// Its `LOG` chunks are joined, checked and played.
    static func recordReplied(_ result: Result<OkReply, ProtocolError>, items: [ServerMessage], model: inout Model) {
        guard var watch = model.watch, watch.status == .loading else { return }
        guard case .success(let reply) = result else {
            if case .failure(let error) = result {
                model.watch?.status = .failed(
                    error.code == .noRecord
                        ? "no record of this game: it was played before the server kept records" : ScreenText.sanitize(error.message))
            }
            return
        }
        guard case .record(let summary) = reply else { return }
        let chunks = items.compactMap { if case .log(let chunk) = $0 { chunk } else { nil } }
        do throws(EngineError) {
            guard chunks.count == summary.count else {
                watch.status = .failed("the record came with \(chunks.count) LOG lines, not \(summary.count)")
                model.screen = .watch(watch)
                return
            }
            let seed = try Seed(parsing: summary.seed)
            let config = try GameConfig(size: summary.size, target: summary.target)
            let log = try GameLog(parsing: RecordChunks.join(chunks))
            watch.load(seed: seed, config: config, log: log, now: model.now)
        } catch {
            watch.status = .failed("the record cannot be replayed: \(error.message)")
        }
        model.screen = .watch(watch)
    }

    static func watchKey(_ key: Key, model: inout Model) -> [Effect] {
        guard var watch = model.watch else { return [] }
        if key == .escape || key == .character("q") {
            guard let screen = watch.returnScreen else { return quit(&model) }
            model.screen = screen
            return []
        }
        guard watch.status == .ready else { return sharedKey(key, model: &model) ?? [] }
        let now = model.now
        switch key {
        case .character(" "), .character("p"):
            if watch.isAtEnd {
                watch.jump(to: 0)
                watch.isPaused = false
            } else {
                watch.isPaused.toggle()
            }
            watch.nextStepAt = now + watch.stepMilliseconds
            watch.lastTickAt = now
        case .character("+"), .character("="):
            watch.speedIndex = min(WatchState.speeds.count - 1, watch.speedIndex + 1)
            watch.nextStepAt = min(watch.nextStepAt, now + watch.stepMilliseconds)
        case .character("-"), .character("_"):
            watch.speedIndex = max(0, watch.speedIndex - 1)
        case .right, .character("l"):
            watch.isPaused = true
            watch.stepForward(now: now, animated: model.animationsEnabled)
        case .left, .character("h"):
            watch.isPaused = true
            watch.jump(to: watch.position - 1)
        case .home, .character("g"):
            watch.jump(to: 0)
            watch.nextStepAt = now + watch.stepMilliseconds
        case .end, .character("G"):
            watch.jump(to: watch.entries.count)
        default:
            return sharedKey(key, model: &model) ?? []
        }
        model.screen = .watch(watch)
        return []
    }

    static func watchTick(_ model: inout Model) {
        guard var watch = model.watch, watch.status == .ready else { return }
        let now = model.now
        if let animation = watch.animation, animation.isFinished(at: now) { watch.animation = nil }
        if watch.isTimed {
            watch.playTimed(now: now, animated: model.animationsEnabled)
        } else if !watch.isPaused, !watch.isAtEnd, now >= watch.nextStepAt {
            // Slides play only when there is time for them between two entries.
            let animated = model.animationsEnabled && watch.stepMilliseconds >= TileAnimation.durationMilliseconds
            watch.stepForward(now: now, animated: animated)
            watch.nextStepAt = max(watch.nextStepAt + watch.stepMilliseconds, now)
        }
        model.screen = .watch(watch)
    }
}

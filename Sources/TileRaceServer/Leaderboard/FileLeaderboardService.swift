import Dispatch
import TileRaceProtocol

/// The leaderboard this server keeps alone, in a `LeaderboardStore`.
///
/// Submissions are decided on `pending` (stored plus being written), in
/// order; `TOP` and `RECORD` read `committed`, so they never wait for a sync.
/// Records are written on a disk queue of their own, so syncs never stall
/// this one; only that queue touches `persisting`.
package final class FileLeaderboardService: LeaderboardService, @unchecked Sendable {
    package let warnings: [String]
    private let queue = DispatchQueue(label: "tilerace.server.leaderboard")
    private let diskQueue = DispatchQueue(label: "tilerace.server.disk")
    private let persisting: any LeaderboardPersisting
    private var committed: Leaderboard
    private var pending: Leaderboard
    /// After one write of a generation fails, later ones of it fail too
    /// unwritten, since each was computed on top of the failed records.
    private var generation = 0
    /// On `diskQueue`.
    private var failedGeneration: Int?
    /// `INFO` says the store is down until a write succeeds.
    private var lastWriteFailed = false

    /// From here on only the service touches `store`.
    package init(store: any LeaderboardPersisting) {
        warnings = store.warnings
        committed = store.leaderboard
        pending = store.leaderboard
        // Three values (these and the store's) that change apart: each gets
        // storage of its own now, not at the first submission, which would
        // wait while a million claims are copied twice (a quarter of a second).
        committed.separateStorage()
        pending.separateStorage()
        persisting = store
    }

    /// Tests and tools; waits for the service's queue.
    package var leaderboard: Leaderboard {
        queue.sync { committed }
    }

    package func perform(_ request: LeaderboardRequest, completion: @escaping @Sendable (LeaderboardAnswer) -> Void) {
        queue.async { self.handle(request, completion: completion) }
    }

    /// Waits for every write given so far, then closes the store.
    package func close() {
        queue.sync { diskQueue.sync { persisting.close() } }
    }

    private func handle(_ request: LeaderboardRequest, completion: @escaping @Sendable (LeaderboardAnswer) -> Void) {
        dispatchPrecondition(condition: .onQueue(queue))
        switch request {
        case .top(let query, let today) where query.board == .rating:
            let (entries, summary) = committed.ratingPage(query, today: today)
            completion(.ratingPage(entries, summary))
        case .top(let query, let today):
            let (entries, summary) = committed.page(query, today: today)
            completion(.page(entries, summary))
        case .record(let query, let today):
            let board = LeaderboardBoardID(kind: query.board, date: query.date, today: today)
            completion(.record(committed.entry(of: query.nickname, on: board)))
        case .submit(let submission):
            submit(submission, completion: completion)
        case .status:
            completion(.status(isUp: !lastWriteFailed))
        case .bans:
            completion(.bans(Array(committed.bans.values)))
        case .ban(let ban):
            store([.ban(sequence: pending.lastSequence + 1, ban)], completion: completion)
        case .unban(let target):
            let found = pending.bans[target.key] != nil
            store(found ? [.unban(sequence: pending.lastSequence + 1, target)] : [], found: found, completion: completion)
        case .removeEntry(let order, let today):
            let board = LeaderboardBoardID(kind: order.query.board, date: order.query.date, today: today)
            let found = pending.entry(of: order.query.nickname, on: board) != nil
            let record = LeaderboardRecord.removal(
                sequence: pending.lastSequence + 1, board, nickname: order.query.nickname, reason: order.reason)
            store(found ? [record] : [], found: found, completion: completion)
        case .proveClaim(let nickname, let token, let today):
            do throws(ProtocolError) {
                try pending.proveClaim(of: nickname, token: token, on: today)
                completion(.provenRating(pending.rating(of: nickname, onDay: UTCTime.dayNumber(of: today) ?? 0)))
            } catch {
                completion(.refused(error))
            }
        case .rate(let race):
            guard let rated = pending.rate(race) else { return completion(.rated([])) }
            persist(rated.records, completion: completion) { _ in .rated(rated.changes) }
        case .report(var report):
            report.id = pending.lastSequence + 1
            store([.report(report)], completion: completion)
        case .reports:
            completion(.reports(committed.reports.keys.sorted().compactMap { committed.reports[$0] }))
        case .dismiss(let id):
            let found = pending.reports[id] != nil
            store(found ? [.dismissal(sequence: pending.lastSequence + 1, id: id)] : [], found: found, completion: completion)
        case .assist(let nickname, let reason):
            let marked = pending.assist(nickname, reason: reason)
            let answer = LeaderboardAnswer.assisted(refunded: marked.refunded, points: marked.points, isNew: marked.isNew)
            guard !marked.records.isEmpty else { return completion(answer) }
            persist(marked.records, completion: completion) { _ in answer }
        case .unassist(let nickname):
            let found = pending.assisted[Names.nicknameKey(nickname)] != nil
            store(found ? [.unassist(sequence: pending.lastSequence + 1, nickname: nickname)] : [], found: found, completion: completion)
        case .held:
            completion(.held(committed.held.keys.sorted().compactMap { committed.held[$0] }))
        case .review(let id, let isApproved, let reason):
            guard let records = pending.review(id, isApproved: isApproved, reason: reason) else {
                return completion(.moderated(found: false))
            }
            persist(records, completion: completion) { _ in .moderated(found: true) }
        }
    }

    /// Answers `moderated` once the records are on disk.
    private func store(
        _ records: [LeaderboardRecord], found: Bool = true, completion: @escaping @Sendable (LeaderboardAnswer) -> Void
    ) {
        guard !records.isEmpty else { return completion(.moderated(found: found)) }
        for record in records { pending.apply(record) }
        persist(records, completion: completion) { _ in .moderated(found: found) }
    }

    private func submit(_ submission: LeaderboardSubmission, completion: @escaping @Sendable (LeaderboardAnswer) -> Void) {
        if submission.isInUseByAnother, pending.claim(of: submission.nickname, on: submission.date) == nil {
            return completion(.refused(LeaderboardRules.nicknameInUse(submission.nickname)))
        }
        let decided: Leaderboard.Submission
        do throws(ProtocolError) {
            decided = try pending.submit(
                submission.result, log: submission.log, date: submission.date, dailyDate: submission.dailyDate,
                sprintTime: submission.sprintTime, nickname: submission.nickname, token: submission.token, heldRule: submission.heldRule,
                newToken: { submission.newToken }
            )
        } catch {
            return completion(.refused(error))
        }
        persist(decided.records, completion: completion) { .submitted(decided.receipt, warnings: $0) }
    }

    /// The records are already applied to `pending`.
    private func persist(
        _ records: [LeaderboardRecord], completion: @escaping @Sendable (LeaderboardAnswer) -> Void,
        answer: @escaping @Sendable ([String]) -> LeaderboardAnswer
    ) {
        let generation = generation
        diskQueue.async {
            let outcome = self.write(records, of: generation)
            self.queue.async { self.written(records, of: generation, outcome, completion: completion, stored: answer) }
        }
    }

    private func write(_ records: [LeaderboardRecord], of generation: Int) -> Result<[String], StoreError> {
        dispatchPrecondition(condition: .onQueue(diskQueue))
        if failedGeneration == generation {
            return .failure(.io(operation: "write", path: "leaderboard", reason: "an earlier submission could not be saved"))
        }
        do throws(StoreError) {
            return .success(try persisting.commit(records))
        } catch {
            failedGeneration = generation
            return .failure(error)
        }
    }

    private func written(
        _ records: [LeaderboardRecord], of writeGeneration: Int, _ outcome: Result<[String], StoreError>,
        completion: @escaping @Sendable (LeaderboardAnswer) -> Void, stored answer: ([String]) -> LeaderboardAnswer
    ) {
        dispatchPrecondition(condition: .onQueue(queue))
        switch outcome {
        case .success(let warnings):
            lastWriteFailed = false
            for record in records {
                committed.apply(record)
                committed.advanceSequence(to: record.sequence)
            }
            completion(answer(warnings))
        case .failure(let error):
            lastWriteFailed = true
            if writeGeneration == generation {
                // The rest of this generation fails unwritten: start again from what is stored.
                generation += 1
                pending = committed
            }
            completion(.failed(LeaderboardRules.notSaved, reason: "leaderboard not saved: \(error.message)"))
        }
    }
}

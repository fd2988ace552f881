import TileRaceProtocol

/// The registry the shards share (`ServerRegistry`), as questions and
/// answers: the core never touches it. A question is an action
/// (`askRegistry`) and its answer an input (`registryAnswered`), as with the
/// leaderboard; a change is an action with no answer (`tellRegistry`). Its
/// shard carries them out: at once with one shard, on the registry's queue
/// with several; a test answers them by hand.
///
/// A handler asks with `registryAnswer(to:for:)`: with no answer yet, the
/// question goes out and the handler returns at once, having changed
/// nothing; the session's request waits (its further lines wait in its
/// framer) and runs again from the start when the answer is in, getting
/// the answers it asked for in order. So a handler asks its questions
/// before it changes anything.
extension ServerCore {
    /// Who waits for a registry answer.
    enum RegistryAsker {
        /// A new connection, to be counted or refused.
        case connection(ConnectionID)
        /// A session's request (or its `ROOMS` line, for its cost).
        case session(ConnectionID)
        /// The directory's timer, for the rooms to publish.
        case directory
        /// A session's `INFO`, once the store said whether it is up.
        case info(ConnectionID, isStoreUp: Bool)
        /// The sweep, for the operator's news (`ServerCore+Operator`).
        case moderation
    }

    /// A question asked of the registry: who asked, and what.
    struct AwaitedRegistryAnswer {
        /// The asker.
        var asker: RegistryAsker
        /// What was asked.
        var question: RegistryQuestion
    }

    /// Asks the registry a question; returns its id.
    @discardableResult
    func askRegistry(_ question: RegistryQuestion, for asker: RegistryAsker) -> Int {
        let id = nextRegistryQuestionID
        nextRegistryQuestionID += 1
        awaitedRegistryAnswers[id] = AwaitedRegistryAnswer(asker: asker, question: question)
        outbox.append(.askRegistry(id, question))
        return id
    }

    /// Tells the registry a change.
    func tellRegistry(_ change: RegistryChange) {
        outbox.append(.tellRegistry(change))
    }

    /// The registry's answer to `question` for the request `session` is
    /// running: the one it got for this question, or nil after asking it
    /// (the handler then returns, and the request runs again with it).
    func registryAnswer(to question: RegistryQuestion, for session: Session) -> RegistryAnswer? {
        let index = session.registryAnswersUsed
        if index < session.registryAnswers.count, session.registryAnswers[index].answers(question) {
            session.registryAnswersUsed += 1
            return session.registryAnswers[index]
        }
        // Asked for the first time (or the request went another way since).
        if index < session.registryAnswers.count { session.registryAnswers.removeSubrange(index...) }
        session.awaitedQuestion = askRegistry(question, for: .session(session.id))
        return nil
    }

    /// How many rooms a `ROOMS` listing costs by (protocol.md section 4),
    /// when the registry said it for the line being checked.
    func knownRoomCount(for session: Session) -> Int? {
        guard case .listing(_, let known)? = session.registryAnswers.first else { return nil }
        return known
    }

    /// Runs again the request that waited for the registry, now that the
    /// answer is in (`registryAnswered`).
    func runRequestAwaitingRegistry(of session: Session) {
        guard session.awaitedQuestion == nil, let awaiting = session.requestAwaitingRegistry else { return }
        session.requestAwaitingRegistry = nil
        run(awaiting.message, cost: awaiting.cost, from: session)
        if session.awaitedQuestion == nil, case .runningCarried = session.shardMove { session.shardMove = nil }
    }

    /// Forgets what a session waited for from the registry (its connection
    /// dropped): the answer, when it comes, is undone.
    func stopAwaitingRegistry(_ session: Session) {
        session.awaitedQuestion = nil
        session.requestAwaitingRegistry = nil
        session.lineAwaitingListing = nil
        session.registryAnswers.removeAll()
        if case .runningCarried = session.shardMove { session.shardMove = nil }
    }

    /// The registry answered: the asker goes on (a request runs again with
    /// the answer, then the lines that followed it).
    func registryAnswered(_ id: Int, _ answer: RegistryAnswer) {
        guard let awaited = awaitedRegistryAnswers.removeValue(forKey: id) else { return }
        switch awaited.asker {
        case .connection(let connection):
            if case .ban(let ban) = answer {
                checkedForBan(connection, ban: ban)
                return
            }
            guard case .admit(let address, _, _, _) = awaited.question, case .admission(let refusal) = answer else { return }
            admitted(connection, refusal: refusal, address: address)
        case .moderation:
            guard case .moderation(let news) = answer, !isShuttingDown else { return }
            learn(news, askedAs: id)
        case .directory:
            guard case .publicRooms(let published) = answer, !isShuttingDown else { return }
            outbox.append(.publishRooms(published))
        case .info(let sessionID, let isStoreUp):
            infoCounted(answer, for: sessionID, isStoreUp: isStoreUp)
        case .session(let sessionID):
            guard let session = sessions[sessionID], session.awaitedQuestion == id, !session.isClosing else {
                undo(awaited.question, answer)
                return
            }
            session.awaitedQuestion = nil
            session.registryAnswers.append(answer)
            runInput(of: session)
        }
    }

    /// Gives back what a question claimed for a request that no longer waits
    /// for it (its session closed or dropped meanwhile).
    private func undo(_ question: RegistryQuestion, _ answer: RegistryAnswer) {
        switch (question, answer) {
        case (.claimNickname(let key, let id), .claimed(true)):
            guard sessions[id]?.nickname.map(Names.nicknameKey) != key else { return }
            tellRegistry(.releaseNickname(key: key, session: id))
        case (.register(let description, _, _), .registered(.registered)):
            let key = Room.key(description.name)
            guard rooms[key] == nil else { return }
            tellRegistry(.removeRoom(key: key))
        default:
            break
        }
    }

    // MARK: Questions

    /// Gives the nickname with this key to the session, unless another has
    /// it; nil while the registry is asked.
    func claimNickname(_ key: String, for session: Session) -> Bool? {
        guard case .claimed(let isClaimed)? = registryAnswer(to: .claimNickname(key: key, session: session.id), for: session)
        else { return nil }
        return isClaimed
    }

    /// What the registry knows of a room name; nil while it is asked.
    func roomFacts(_ name: String, for session: Session) -> ServerRegistry.RoomFacts? {
        guard case .room(let facts)? = registryAnswer(to: .room(key: Room.key(name)), for: session) else { return nil }
        return facts
    }

    /// Where a resume secret leads (`.some(nil)`: nowhere); nil while the registry is asked.
    func resumeTarget(_ secret: String, for session: Session) -> ServerRegistry.ResumeTarget?? {
        guard case .resumeTarget(let target)? = registryAnswer(to: .resumeTarget(secret: secret), for: session) else { return nil }
        return .some(target)
    }
}

import Testing
import TileRaceProtocol

@testable import TileRaceServer

/// The operator's requests (protocol.md section 13) on a core without sockets.
@Suite struct CoreOperatorTests {
    static let secret = "0123456789abcdef0123456789abcdef"

    /// A harness with the operator's secret, and a connection that said `AUTH`.
    private func operatorHarness() -> (CoreHarness, ConnectionID) {
        let harness = CoreHarness(operatorSecret: Self.secret)
        let admin = harness.connect()
        _ = harness.take(admin)
        _ = harness.ask(admin, "HELLO tilerace 1")
        #expect(harness.ask(admin, "AUTH \(Self.secret)") == ["OK AUTH operator=yes"])
        return (harness, admin)
    }

    @Test func operatorRequestsNeedAuth() {
        let harness = CoreHarness(operatorSecret: Self.secret)
        let ana = harness.player("ana")
        let refusal = "ERR not-operator this request is for the server's operator: AUTH <secret> first"
        for request in [
            "CONNECTIONS", "KICK bo", "BAN bo", "UNBAN bo", "BANS", "REMOVE-ENTRY bo", "ANNOUNCE text=hi", "MUTE bo", "UNMUTE bo",
            "REPORTS", "DISMISS 1",
            "ASSIST bo", "UNASSIST bo",
        ] {
            #expect(harness.ask(ana, request) == [refusal], "\(request)")
        }
        let stranger = harness.connect()
        _ = harness.take(stranger)
        #expect(harness.ask(stranger, "AUTH \(Self.secret)").first?.hasPrefix("ERR hello-first") == true)
    }

    /// `HELP` lists the operator's requests only after `AUTH`.
    @Test func helpListsOperatorRequestsOnlyToTheOperator() {
        let (harness, admin) = operatorHarness()
        let ana = harness.player("ana")
        let verbs = { (lines: [String]) in Set(lines.dropLast().compactMap { $0.split(separator: " ").dropFirst().first.map(String.init) })
        }
        let forAna = verbs(harness.ask(ana, "HELP"))
        let forOperator = verbs(harness.ask(admin, "HELP"))
        #expect(forAna.contains("AUTH") && forAna.contains("TOP") && !forAna.contains("KICK") && !forAna.contains("BAN"))
        #expect(forOperator.isSuperset(of: forAna))
        #expect(forOperator.isSuperset(of: ["KICK", "BAN", "UNBAN", "BANS", "MUTE", "CONNECTIONS", "ANNOUNCE", "REMOVE-ENTRY"]))
    }

    /// `MUTE`: the nickname's `SAY` is refused until `UNMUTE` (any case).
    @Test func muteAndUnmute() {
        let (harness, admin) = operatorHarness()
        let ana = harness.player("ana")
        #expect(harness.ask(admin, "MUTE Ana") == ["OK MUTE nick=Ana"])
        #expect(harness.registry.withState { $0.mutedNicknames } == ["ana"])
        #expect(harness.ask(ana, "SAY text=spam") == ["ERR muted an operator muted ana on this server: nothing you say is sent"])
        #expect(harness.ask(admin, "UNMUTE ana") == ["OK UNMUTE nick=ana"])
        #expect(harness.ask(ana, "SAY text=sorry").first == "OK SAY")
        _ = harness.take(admin)  // ana's line reached the lobby, where the operator is
        #expect(harness.ask(admin, "MUTE not/a/name").first?.hasPrefix("ERR bad-name nickname 'not/a/name' must be") == true)
    }

    /// `REPORT` (protocol.md 5.6): stored with the races the two shared
    /// and the room's last lines, listed by `REPORTS` and closed by
    /// `DISMISS`; the reported player hears nothing of it.
    @Test func aReportCarriesTheSharedRacesAndTheRoomsLinesAndReachesOnlyTheOperator() {
        let (harness, admin) = operatorHarness()
        let ana = harness.player("ana")
        let bo = harness.player("bo")
        _ = harness.ask(ana, "CREATE r")
        _ = harness.ask(bo, "JOIN r")
        _ = harness.ask(ana, "READY")
        _ = harness.ask(bo, "READY")
        harness.advance(3000)
        _ = harness.ask(ana, "RESIGN")
        _ = harness.ask(bo, "RESIGN")
        _ = harness.ask(ana, "SAY text=gg")
        _ = harness.ask(bo, "SAY text=lol, you're slow")
        for id in [ana, bo, admin] { _ = harness.take(id) }
        #expect(harness.ask(ana, "REPORT Bo reason=rude in chat, twice") == ["OK REPORT nick=Bo"])
        #expect(harness.take(bo).isEmpty)
        #expect(harness.take(admin).isEmpty)
        // Anyone may be reported, connected or not: the answer is the same.
        #expect(harness.ask(ana, "REPORT nobody reason=just checking") == ["OK REPORT nick=nobody"])
        let at = UTCTime.timestamp(epochMilliseconds: harness.clock.wallMilliseconds)
        #expect(
            harness.ask(admin, "REPORTS") == [
                "REPORT id=1 from=ana nick=Bo at=\(at) races=1:r:1 reason=rude%20in%20chat,%20twice",
                "REPORT-LINE id=1 room=r nick=ana text=gg", "REPORT-LINE id=1 room=r nick=bo text=lol, you're slow",
                "REPORT id=2 from=ana nick=nobody at=\(at) races=- reason=just%20checking",
                "REPORT-LINE id=2 room=r nick=ana text=gg", "REPORT-LINE id=2 room=r nick=bo text=lol, you're slow",
                "OK REPORTS count=2",
            ])
        #expect(harness.ask(admin, "DISMISS 2") == ["OK DISMISS id=2"])
        #expect(harness.ask(admin, "DISMISS 2") == ["ERR no-record no open report has id 2"])
        #expect(harness.ask(admin, "REPORTS").last == "OK REPORTS count=1")
        #expect(harness.take(bo).isEmpty)
        // The log says who reported whom, never what was said.
        #expect(harness.logs.contains("ana reported Bo (REPORTS lists it)"))
        #expect(!harness.logs.contains { $0.contains("you're slow") || $0.contains("rude") })
    }

    /// A report of yourself is refused; one a day per nickname reported; 3 per
    /// 10 minutes per connection, and per reporting nickname over its connections.
    @Test func reportsAreRateLimited() {
        let harness = CoreHarness()
        let ana = harness.player("ana")
        #expect(harness.ask(ana, "REPORT ANA reason=me") == ["ERR bad-arguments you cannot report yourself"])
        #expect(harness.ask(ana, "REPORT bo reason=cheats") == ["OK REPORT nick=bo"])
        #expect(harness.ask(ana, "REPORT BO reason=again") == ["ERR flood you reported BO today already: the operators have it"])
        #expect(
            harness.ask(ana, "REPORT cyd reason=cheats")
                == ["ERR flood at most 3 REPORT per 600 s; try again in 600 s (this one was not carried out)"])
        harness.disconnect(ana)
        let again = harness.player("ana")
        #expect(harness.ask(again, "REPORT cyd reason=cheats") == ["OK REPORT nick=cyd"])
        #expect(harness.ask(again, "REPORT dee reason=cheats") == ["OK REPORT nick=dee"])
        #expect(harness.ask(again, "REPORT eve reason=cheats") == ["ERR flood at most 3 reports per 10 minutes; try again in 10 min"])
        for _ in 1...10 {
            harness.advance(60_000)
            _ = harness.ask(again, "PING")
        }
        _ = harness.take(again)
        #expect(harness.ask(again, "REPORT eve reason=cheats") == ["OK REPORT nick=eve"])
        #expect(harness.ask(again, "REPORT bo reason=cheats").first?.hasPrefix("ERR flood you reported bo today already") == true)
    }

    @Test func withoutASecretAuthIsOff() {
        let harness = CoreHarness()
        let ana = harness.player("ana")
        #expect(
            harness.ask(ana, "AUTH anything-at-all-really")
                == ["ERR not-operator this server has no operator secret, so operator requests are off"])
    }

    @Test func wrongSecretsCountLikeWrongJoinCodes() {
        let harness = CoreHarness(operatorSecret: Self.secret)
        let eve = harness.player("eve")
        for _ in 1...5 {
            #expect(harness.ask(eve, "AUTH 0123456789abcdef0123456789abcdeX") == ["ERR bad-secret that is not the operator secret"])
        }
        // The address's tries for the minute are spent, for join codes too, and the right secret is not even checked.
        #expect(
            harness.ask(eve, "AUTH \(Self.secret)")
                == ["ERR flood too many wrong secrets or join codes from your address; try again in 60 s"])
        #expect(harness.ask(eve, "JOIN p code=k").first?.hasPrefix("ERR flood ") == true)
        harness.advance(60_000)
        _ = harness.take(eve)
        #expect(harness.ask(eve, "AUTH \(Self.secret)") == ["OK AUTH operator=yes"])
    }

    @Test func tooManyWrongSecretsCloseTheConnection() {
        var limits = ServerLimits.standard
        limits.joinCodeFailuresPerMinute = 100
        limits.maximumJoinCodeFailures = 3
        let harness = CoreHarness(limits: limits, operatorSecret: Self.secret)
        let eve = harness.player("eve")
        _ = harness.ask(eve, "AUTH wrong-secret-number-one")
        _ = harness.ask(eve, "AUTH wrong-secret-number-two")
        #expect(
            harness.ask(eve, "AUTH wrong-secret-number-333") == [
                "ERR bad-secret that is not the operator secret", "BYE too many wrong secrets",
            ])
        #expect(harness.isClosed(eve))
    }

    @Test func secretsCompareWholly() {
        #expect(isSameSecret(Self.secret, Self.secret))
        #expect(!isSameSecret(String(Self.secret.dropLast()), Self.secret))
        #expect(!isSameSecret(Self.secret + "0", Self.secret))
        #expect(!isSameSecret("", Self.secret))
    }

    @Test func connectionsListsEveryoneWithAddressRoomAndIdleTime() {
        let (harness, admin) = operatorHarness()
        let ana = harness.player("ana", from: "203.0.113.7")
        _ = harness.ask(ana, "CREATE fri")
        let bo = harness.player("bo", from: "2001:db8::1")
        harness.advance(5000)
        _ = harness.ask(bo, "PING")
        #expect(
            harness.ask(admin, "CONNECTIONS") == [
                "CONNECTION id=1 nick=- room=- address=127.0.0.1 idle=0 operator=yes",
                "CONNECTION id=2 nick=ana room=fri address=203.0.113.7 idle=5000",
                "CONNECTION id=3 nick=bo room=- address=2001:db8::1 idle=0",
                "OK CONNECTIONS count=3",
            ])
    }

    @Test func kickClosesTheConnectionAndFreesTheSeat() {
        let (harness, admin) = operatorHarness()
        let ana = harness.player("ana")
        let bo = harness.player("bo")
        _ = harness.ask(ana, "CREATE fri")
        _ = harness.ask(bo, "JOIN fri")
        _ = harness.take(ana)
        // The reply and the log name the player as connected, as RECORD names an entry as stored.
        #expect(harness.ask(admin, "KICK BO reason=spam%20in%20chat") == ["OK KICK nick=bo"])
        #expect(harness.take(bo) == ["BYE kicked by the operator: spam in chat"])
        #expect(harness.isClosed(bo))
        #expect(harness.take(ana) == ["LEFT room=fri nick=bo"])
        #expect(harness.ask(admin, "KICK bo") == ["ERR no-such-player nobody connected is called bo"])
        #expect(harness.logs.contains("operator kicked bo (spam in chat)"))
    }

    @Test func aBannedNicknameIsClosedAndRefusedUntilTheBanEnds() {
        let (harness, admin) = operatorHarness()
        let bo = harness.player("bo")
        let ok = harness.ask(admin, "BAN Bo for=1h reason=cheating")
        #expect(ok == ["OK BAN target=Bo kind=nick until=2026-11-22T11:00:00.000Z reason=cheating"])
        let refusal = "ERR banned the nickname Bo is banned until 2026-11-22T11:00:00.000Z: cheating"
        #expect(harness.take(bo) == ["BYE banned: the nickname Bo is banned until 2026-11-22T11:00:00.000Z: cheating"])
        #expect(harness.isClosed(bo))
        let again = harness.connect()
        _ = harness.take(again)
        #expect(harness.ask(again, "HELLO tilerace 1 bo") == [refusal, "BYE banned"])
        #expect(harness.isClosed(again))
        let renamer = harness.player("cy")
        #expect(harness.ask(renamer, "NICK BO") == [refusal, "BYE banned"])
        harness.advance(3_600_000)
        let later = harness.connect()
        _ = harness.take(later)
        #expect(harness.ask(later, "HELLO tilerace 1 bo").first?.hasPrefix("OK HELLO nick=bo") == true)
    }

    @Test func aBannedAddressIsRefusedAtConnect() {
        let (harness, admin) = operatorHarness()
        let eve = harness.player("eve", from: "203.0.113.7")
        #expect(harness.ask(admin, "BAN 203.0.113.7") == ["OK BAN target=203.0.113.7 kind=address until=never"])
        #expect(harness.take(eve) == ["BYE banned: your address is banned for good"])
        let again = harness.connect(from: "203.0.113.7")
        #expect(harness.take(again) == ["ERR banned your address is banned for good", "BYE banned"])
        #expect(harness.isClosed(again))
        #expect(harness.connect(from: "203.0.113.8").number > 0)
        #expect(
            harness.ask(admin, "BAN 127.0.0.1")
                == ["ERR bad-arguments 127.0.0.1 is this machine's own address, where the operator connects from; it cannot be banned"])
        #expect(harness.ask(admin, "BAN ana for=forever").first?.hasPrefix("ERR bad-option for='forever' must be") == true)
        #expect(harness.ask(admin, "BAN 1.2.3.x").first?.hasPrefix("ERR bad-arguments '1.2.3.x' is neither") == true)
    }

    /// Addresses are compared, not spellings: a word with `.` or `:` that is no address is refused, and an address
    /// is kept in the one spelling the server sees its peers in.
    @Test func aBanNamesAnAddressInItsOneSpelling() {
        let (harness, admin) = operatorHarness()
        for word in ["999.1.2.3", "1.2.3", "a.b", "300.0.0.1", "1:2", "01.2.3.4"] {
            #expect(harness.ask(admin, "BAN \(word)").first?.hasPrefix("ERR bad-arguments '\(word)' is neither") == true, "\(word)")
        }
        for loopback in ["0:0:0:0:0:0:0:1", "::ffff:127.0.0.1", "127.1.2.3"] {
            #expect(harness.ask(admin, "BAN \(loopback)").first?.hasPrefix("ERR bad-arguments") == true, "\(loopback)")
        }
        #expect(harness.ask(admin, "BAN 2001:DB8:0:0:0:0:0:7") == ["OK BAN target=2001:db8::7 kind=address until=never"])
        #expect(harness.take(harness.connect(from: "[2001:db8::7]")) == ["ERR banned your address is banned for good", "BYE banned"])
        #expect(harness.ask(admin, "BAN ::ffff:203.0.113.9") == ["OK BAN target=203.0.113.9 kind=address until=never"])
        let mapped = harness.connect(from: "[::ffff:203.0.113.9]")
        #expect(harness.take(mapped) == ["ERR banned your address is banned for good", "BYE banned"])
        #expect(harness.ask(admin, "UNBAN 2001:db8::0:7") == ["OK UNBAN target=2001:db8::7"])
    }

    /// A read of the bans the store answered before an `UNBAN` (another shard's refresh) does not bring the ban back.
    @Test func anAcknowledgedUnbanHoldsAtOnce() {
        let (harness, admin) = operatorHarness()
        _ = harness.ask(admin, "BAN 203.0.113.7")
        harness.core.startBanRefresh(every: 2000)
        harness.holdsLeaderboard = true
        harness.advance(2000)
        harness.send(admin, "UNBAN 203.0.113.7")
        let held = harness.heldRequests
        guard held.count == 2, held[0].request == .bans else { return #expect(Bool(false), "\(held)") }
        harness.answer(held[1].id, with: harness.leaderboard.answer(held[1].request))
        #expect(harness.take(admin) == ["OK UNBAN target=203.0.113.7"])
        let stale = BanInfo(target: .address("203.0.113.7"), untilMilliseconds: nil, reason: "")
        harness.answer(held[0].id, with: .bans([stale]))
        let eve = harness.connect(from: "203.0.113.7")
        #expect(harness.take(eve).first?.hasPrefix("HELLO tilerace 1") == true)
    }

    @Test func unbanAndBans() {
        let (harness, admin) = operatorHarness()
        _ = harness.ask(admin, "BAN bo reason=rude%20words")
        _ = harness.ask(admin, "BAN 198.51.100.2 for=30m")
        _ = harness.ask(admin, "BAN cy for=10s")
        harness.advance(10_000)
        #expect(
            harness.ask(admin, "BANS") == [
                "BAN target=198.51.100.2 kind=address until=2026-11-22T10:30:00.000Z",
                "BAN target=bo kind=nick until=never reason=rude%20words",
                "OK BANS count=2",
            ])
        #expect(harness.ask(admin, "UNBAN BO") == ["OK UNBAN target=BO"])
        #expect(harness.ask(admin, "UNBAN bo") == ["ERR not-banned bo is not banned"])
        let bo = harness.connect()
        _ = harness.take(bo)
        #expect(harness.ask(bo, "HELLO tilerace 1 bo").first?.hasPrefix("OK HELLO nick=bo") == true)
    }

    @Test func removeEntryTakesTheEntryOff() {
        let (harness, admin) = operatorHarness()
        let ana = harness.player("ana")
        _ = harness.ask(ana, "PRACTICE seed=1")
        _ = harness.ask(ana, "MOVE 1 L")
        _ = harness.ask(ana, "RESIGN")
        #expect(harness.ask(ana, "SUBMIT ana").first?.hasPrefix("OK SUBMIT nick=ana") == true)
        // date= names a dated board's date only: the all-time board has none.
        #expect(
            harness.ask(admin, "REMOVE-ENTRY ANA date=2026-11-20 reason=replayed%20a%20bot") == ["OK REMOVE-ENTRY nick=ANA board=all"])
        #expect(harness.ask(admin, "TOP") == ["OK TOP board=all total=0 offset=0 count=0"])
        #expect(harness.logs.contains("operator removed ANA's entry from the all-time board: replayed a bot"))
        #expect(harness.ask(admin, "REMOVE-ENTRY ana") == ["ERR no-record ana has no entry on the all-time board"])
        #expect(
            harness.ask(admin, "REMOVE-ENTRY ana board=daily date=2026-11-20")
                == ["ERR no-record ana has no entry on the daily board of 2026-11-20"])
        #expect(harness.ask(admin, "REMOVE-ENTRY ana board=sprint") == ["ERR no-record ana has no entry on the sprint board"])
        #expect(
            harness.ask(admin, "REMOVE-ENTRY ana board=sprint-daily date=2026-11-20")
                == ["ERR no-record ana has no entry on the sprint board of 2026-11-20"])
    }

    /// `ASSIST`: ana gets back what she lost to bo (bo's `took=`), bo leaves the queue and
    /// can neither queue nor ready in a rated room again; `UNASSIST` lifts it.
    @Test func assistGivesPointsBackAndStopsRatedPlay() {
        var leaderboard = Leaderboard()
        let day = UTCTime.dayNumber(of: "2026-11-22")!
        for (index, nickname) in ["ana", "bo"].enumerated() {
            leaderboard.apply(.claim(NicknameClaim(sequence: index + 1, nickname: nickname, token: "t\(nickname)", date: "2026-11-22")))
        }
        let figures = Glicko2.Rating(rating: 1450, deviation: 80, volatility: 0.06)
        leaderboard.apply(.rating(PlayerRating(sequence: 3, nickname: "ana", rating: figures, day: day, races: 9)))
        leaderboard.apply(
            .rating(PlayerRating(sequence: 4, nickname: "bo", rating: figures, day: day, races: 9, took: ["ana": 12_345_678])))
        let harness = CoreHarness(store: LeaderboardStore.inMemory(leaderboard), operatorSecret: Self.secret)
        let admin = harness.connect()
        _ = harness.take(admin)
        _ = harness.ask(admin, "HELLO tilerace 1")
        _ = harness.ask(admin, "AUTH \(Self.secret)")
        let (ana, bo) = (harness.player("ana"), harness.player("bo"))
        #expect(harness.ask(bo, "QUEUE token=tbo") == ["OK QUEUE waiting=1 rating=1450"])
        #expect(harness.ask(admin, "ASSIST BO reason=engine%20moves") == ["OK ASSIST nick=BO refunded=1 points=12"])
        #expect(harness.logs.contains("operator marked BO assisted, giving back 12 rating points to 1 opponent (engine moves)"))
        // Out of the queue: ana waits alone.
        #expect(harness.ask(ana, "QUEUE token=tana") == ["OK QUEUE waiting=1 rating=1462"])
        let refusal = "ERR assisted the operator marked bo as playing with an engine's help: it plays no rated race and is on no board"
        #expect(harness.ask(bo, "QUEUE token=tbo") == [refusal])
        #expect(harness.ask(bo, "CREATE league rated=yes").first?.hasPrefix("OK CREATE") == true)
        #expect(harness.ask(bo, "READY token=tbo") == [refusal])
        #expect(harness.ask(admin, "TOP board=rating nick=bo") == ["OK TOP board=rating total=0 offset=0 count=0 unlisted=1"])
        // Once: marked again, nothing more is given back.
        #expect(harness.ask(admin, "ASSIST bo") == ["OK ASSIST nick=bo refunded=0 points=0"])
        #expect(harness.ask(admin, "UNASSIST bo") == ["OK UNASSIST nick=bo"])
        #expect(harness.ask(admin, "UNASSIST bo") == ["ERR not-assisted bo is not marked assisted"])
        #expect(harness.ask(bo, "READY token=tbo").first == "OK READY ready=yes")
    }

    @Test func announceReachesEveryGreetedConnection() {
        let (harness, admin) = operatorHarness()
        let ana = harness.player("ana")
        let shy = harness.connect()
        _ = harness.take(shy)
        #expect(
            harness.ask(admin, "ANNOUNCE text=restarting%20in%205%20minutes") == [
                "NOTICE text=restarting%20in%205%20minutes", "OK ANNOUNCE count=3",
            ])
        #expect(harness.take(ana) == ["NOTICE text=restarting%20in%205%20minutes"])
        #expect(harness.take(shy) == [])
        // Someone who connects afterwards does not get old notices.
        let late = harness.player("late")
        harness.advance(1000)
        #expect(harness.take(late) == [])
        #expect(harness.ask(admin, "ANNOUNCE text=") == ["ERR bad-arguments text= is empty: say what to announce"])
        #expect(harness.ask(admin, "ANNOUNCE text=50%").first?.hasPrefix("ERR bad-arguments text= has a % not followed") == true)
    }

    /// Sessions on other shards: listed at once, kicked and sent the
    /// notice at their shard's next sweep.
    @Test func theOperatorReachesSessionsOnOtherShards() {
        let harness = ShardsHarness(shards: 2, operatorSecret: Self.secret)
        let admin = harness.connect(to: 0)
        harness.send(admin, "HELLO tilerace 1", "AUTH \(Self.secret)")
        _ = harness.take(admin)
        let ana = harness.player("ana", on: 1)
        let bo = harness.player("bo", on: 1)
        #expect(
            harness.take(admin).isEmpty)
        harness.send(admin, "CONNECTIONS")
        #expect(
            harness.take(admin) == [
                "CONNECTION id=1 nick=- room=- address=127.0.0.1 idle=0 operator=yes",
                "CONNECTION id=2 nick=ana room=- address=127.0.0.1 idle=0",
                "CONNECTION id=3 nick=bo room=- address=127.0.0.1 idle=0",
                "OK CONNECTIONS count=3",
            ])
        harness.send(admin, "KICK ana", "ANNOUNCE text=hello")
        #expect(harness.take(admin) == ["OK KICK nick=ana", "NOTICE text=hello", "OK ANNOUNCE count=3"])
        #expect(harness.take(ana).isEmpty && harness.take(bo).isEmpty)
        harness.advance(1000)
        #expect(harness.take(ana) == ["BYE kicked by the operator"])
        #expect(harness.closed.contains(ana))
        #expect(harness.take(bo) == ["NOTICE text=hello"])
        harness.send(admin, "CONNECTIONS")
        #expect(harness.take(admin).last == "OK CONNECTIONS count=2")
    }

    /// A session that moved to another shard (its room is there) is listed once by every shard at once, not
    /// twice by one and not at all by the other until their sweeps.
    @Test func aSessionThatMovedShardsIsListedOnceEverywhere() {
        let harness = ShardsHarness(shards: 2, operatorSecret: Self.secret)
        let admins = [0, 1].map { shard in
            let admin = harness.connect(to: shard)
            harness.send(admin, "HELLO tilerace 1", "AUTH \(Self.secret)")
            _ = harness.take(admin)
            return admin
        }
        let ana = harness.player("ana", on: 0)
        harness.send(ana, "CREATE fri")
        #expect(harness.shardOf[ana] == 1)
        for admin in admins {
            harness.send(admin, "CONNECTIONS")
            let listed = harness.take(admin)
            #expect(listed.filter { $0.contains(" nick=ana ") }.count == 1, "\(listed)")
            #expect(listed.last == "OK CONNECTIONS count=3")
        }
    }

    /// A connection open but not greeted when the notice reaches its shard
    /// gets it once greeted.
    @Test func aNoticeReachesWhoSaysHelloAfterItOnAnotherShard() {
        let harness = ShardsHarness(shards: 2, operatorSecret: Self.secret)
        let admin = harness.connect(to: 0)
        harness.send(admin, "HELLO tilerace 1", "AUTH \(Self.secret)")
        let shy = harness.connect(to: 1)
        harness.send(admin, "ANNOUNCE text=hello")
        harness.advance(1000)
        #expect(harness.take(shy).count == 1)  // the greeting
        harness.send(shy, "HELLO tilerace 1 shy")
        let greeted = harness.take(shy)
        #expect(greeted.count == 2 && greeted.first?.hasPrefix("OK HELLO nick=shy ") == true && greeted.last == "NOTICE text=hello")
        harness.advance(1000)
        #expect(harness.take(shy).isEmpty, "given once")
        // One who connects after it does not get it.
        let late = harness.player("late", on: 1)
        harness.advance(1000)
        #expect(harness.take(late).isEmpty)
    }

    /// A ban another server of the store made reaches this one when it reads the bans again.
    @Test func bansReadAgainFromTheStoreCloseWhomTheyName() {
        let harness = CoreHarness(operatorSecret: Self.secret)
        let bo = harness.player("bo")
        harness.core.startBanRefresh(every: 2000)
        #expect(
            harness.leaderboard.answer(.ban(BanInfo(target: .nickname("bo"), untilMilliseconds: nil, reason: "elsewhere")))
                == .moderated(found: true))
        harness.advance(1999)
        #expect(harness.take(bo).isEmpty)
        harness.advance(1)
        #expect(harness.take(bo) == ["BYE banned: the nickname bo is banned for good: elsewhere"])
        #expect(harness.isClosed(bo))
    }
}

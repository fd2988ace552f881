/// The Lua scripts the Redis store runs: each request is one script, so each
/// is one atomic step however many servers share the store (Redis runs one
/// script at a time). They keep the rules of `Leaderboard` exactly, and
/// write its records' text: the differential tests
/// (`LeaderboardDifferentialTests`) apply thousands of random sequences to
/// both stores and compare every answer, board, claim and stored value.
///
/// One rule only this store needs: a submission whose new claim's token is
/// the claim's token is the same game sent again after its answer was lost
/// (Redis may have run the script), and finds its own claim. The journal's
/// store answers only once the records are stored, so it never meets one.
///
/// Key layout (see docs/hosting.md, "Many servers"), with `tilerace:` before each:
/// - `sequence`: the last record number (orders equal scores).
/// - `claims`: hash, nickname key → the claim's record, `claim seq= nick=
///   token= date=` (`LeaderboardRecord.text`).
/// - `boards-of`: hash, nickname key → how many boards hold its entry (claims
///   of nicknames on no board can expire).
/// - `board:<board>`: sorted set of nickname keys; the score is
///   `score * 2^30 + (2^30 - 1 - sequence)`, so higher scores, then earlier
///   records, rank first (exact in a double while scores stay below 2^23).
///   On a sprint board it is `time * 2^30 + sequence`, read lowest first, so
///   lower sprint times, then earlier records, rank first (exact while times
///   stay below 2^23 ms: a sprint takes at most 2 hours, 7,200,000 ms).
/// - `entries:<board>`: hash, nickname key → the entry's record without its
///   log, `entry seq= board= nick= score= max= moves= time= size= target=
///   assists= seed= date=` (`RedisLeaderboardValue`).
/// - `logs:<board>`: hash, nickname key → the game's record.
/// - `bans`: hash, `nick:<nickname key>` or `address:<address>` → the ban's
///   record, `ban seq= target= until=<ms>|never [reason=]`.
/// - `ratings`: hash, nickname key → the player's rating's record, `rating
///   seq= nick= r= rd= vol= day= races=` (a rated nickname counts once in
///   `boards-of`, so its claim never expires, as in the journal's store).
/// `<board>` is `all`, `daily:YYYY-MM-DD`, `sprint` or `sprint-daily:YYYY-MM-DD`. Values written by servers before
/// claims and entries were records are still read (`RedisLeaderboardValue`).
enum RedisLeaderboardScripts {
    /// A submission. KEYS: claims, sequence, boards-of, then board, entries
    /// and logs of the all-time board, then of the daily board for a daily
    /// game, then of the sprint board and the sprint-daily board for a
    /// sprint. ARGV: nickname, nickname key, token (empty: none), the new
    /// claim's token, today, the claim-expiry cutoff (empty: none), `1` when
    /// another connection uses the nickname, score, the entry's record after
    /// its nickname (`LeaderboardRecord.entryFields`, without the log), log
    /// (empty: none), the board capacity, the sprint time (empty: not a
    /// sprint), the sprint entries' record after the nickname (with
    /// `sprint=`), then the name of each board named in KEYS (`all`,
    /// `daily:YYYY-MM-DD`, `sprint`, `sprint-daily:YYYY-MM-DD`).
    ///
    /// Returns `{"taken"}`, `{"bad-token", nickname, "0"|"1" (a token was
    /// given)}` or `{"ok", nickname, claimed token or "", improved "0"|"1",
    /// rank or 0, best score}` for the last score board named, followed for
    /// a sprint by `sprint improved "0"|"1", sprint rank or 0, best time` on
    /// the sprint board.
    static let submit = """
        local claimsKey, sequenceKey, boardsOf = KEYS[1], KEYS[2], KEYS[3]
        local nickname, key, token, newToken = ARGV[1], ARGV[2], ARGV[3], ARGV[4]
        local date, cutoff, inUse = ARGV[5], ARGV[6], ARGV[7]
        local score, entryFields, log = tonumber(ARGV[8]), ARGV[9], ARGV[10]
        local capacity = tonumber(ARGV[11])
        local sprintTime, sprintFields = tonumber(ARGV[12]), ARGV[13]
        local base = 1073741824
        local sequence = tonumber(redis.call('GET', sequenceKey) or '0')
        local function nextSequence()
          sequence = sequence + 1
          redis.call('SET', sequenceKey, sequence)
        end
        -- A claim's record, as LeaderboardRecord.text writes it.
        local function claimRecord(claimNickname, claimToken)
          return 'claim seq=' .. sequence .. ' nick=' .. claimNickname .. ' token=' .. claimToken .. ' date=' .. date
        end
        -- Token, date (nil: none) and nickname of a stored claim: a record, or
        -- `token date nickname` (`-`: no date) as servers wrote before.
        local function readClaim(text)
          if string.sub(text, 1, 6) == 'claim ' then
            return string.match(text, ' token=(%S+)'), string.match(text, ' date=(%S+)'), string.match(text, ' nick=(%S+)')
          end
          local oldToken, oldDate, oldNickname = string.match(text, '^(%S+) (%S+) (.+)$')
          if oldDate == '-' then oldDate = nil end
          return oldToken, oldDate, oldNickname
        end
        local shown, claimed = nickname, ''
        local claim = redis.call('HGET', claimsKey, key)
        local held, claimToken, claimDate, claimNickname = false, nil, nil, nil
        if claim then
          claimToken, claimDate, claimNickname = readClaim(claim)
          local onBoards = tonumber(redis.call('HGET', boardsOf, key) or '0')
          local expired = claimDate ~= nil and cutoff ~= '' and claimDate < cutoff and onBoards == 0
          held = not expired
        end
        if held then
          if token ~= claimToken then
            -- The submitter's own claim, made by an attempt whose answer was lost: give its token again.
            if claimToken ~= newToken then return {'bad-token', claimNickname, token == '' and '0' or '1'} end
            claimed = newToken
          end
          shown = claimNickname
          if claimDate ~= date then
            nextSequence()
            redis.call('HSET', claimsKey, key, claimRecord(claimNickname, claimToken))
          end
        else
          if inUse == '1' then return {'taken'} end
          nextSequence()
          redis.call('HSET', claimsKey, key, claimRecord(nickname, newToken))
          claimed = newToken
        end
        -- Places the entry on a board: by score (higher first), or on a sprint board by time (lower first).
        local function place(boardKey, entriesKey, logsKey, boardName, isSprint)
          local existing = redis.call('ZSCORE', boardKey, key)
          local composite, above, fields
          if isSprint then
            if existing and math.floor(tonumber(existing) / base) <= sprintTime then return false end
            composite = sprintTime * base + (sequence + 1)
            above = redis.call('ZCOUNT', boardKey, '-inf', string.format('(%.17g', composite))
            fields = sprintFields
          else
            if existing and math.floor(tonumber(existing) / base) >= score then return false end
            composite = score * base + (base - 1 - (sequence + 1))
            -- Written in full: `..` would write 14 digits (from a score of 93,132 up, not exact).
            above = redis.call('ZCOUNT', boardKey, string.format('(%.17g', composite), '+inf')
            fields = entryFields
          end
          if above >= capacity then return false end
          nextSequence()
          redis.call('ZADD', boardKey, composite, key)
          local record = 'entry seq=' .. sequence .. ' board=' .. boardName .. ' nick=' .. shown .. ' ' .. fields
          redis.call('HSET', entriesKey, key, record)
          if log ~= '' then redis.call('HSET', logsKey, key, log) else redis.call('HDEL', logsKey, key) end
          if not existing then redis.call('HINCRBY', boardsOf, key, 1) end
          while redis.call('ZCARD', boardKey) > capacity do
            local dropped = redis.call(isSprint and 'ZPOPMAX' or 'ZPOPMIN', boardKey)[1]
            redis.call('HDEL', entriesKey, dropped)
            redis.call('HDEL', logsKey, dropped)
            if redis.call('HINCRBY', boardsOf, dropped, -1) <= 0 then redis.call('HDEL', boardsOf, dropped) end
          end
          return true
        end
        local boardCount = (#KEYS - 3) / 3
        local scoreBoards = sprintTime and boardCount - 2 or boardCount
        local improved, boardKey = false, nil
        for board = 1, scoreBoards do
          boardKey = KEYS[board * 3 + 1]
          improved = place(boardKey, KEYS[board * 3 + 2], KEYS[board * 3 + 3], ARGV[13 + board], false)
        end
        local rank = redis.call('ZREVRANK', boardKey, key)
        local best = score
        local kept = redis.call('ZSCORE', boardKey, key)
        if kept then best = math.floor(tonumber(kept) / base) end
        local reply = {'ok', shown, claimed, improved and '1' or '0', rank and (rank + 1) or 0, best}
        if not sprintTime then return reply end
        local sprintKey = KEYS[scoreBoards * 3 + 4]
        local sprintImproved = false
        for board = scoreBoards + 1, boardCount do
          local placed = place(KEYS[board * 3 + 1], KEYS[board * 3 + 2], KEYS[board * 3 + 3], ARGV[13 + board], true)
          if board == scoreBoards + 1 then sprintImproved = placed end
        end
        local sprintRank = redis.call('ZRANK', sprintKey, key)
        local sprintBest = sprintTime
        local sprintKept = redis.call('ZSCORE', sprintKey, key)
        if sprintKept then sprintBest = math.floor(tonumber(sprintKept) / base) end
        reply[7] = sprintImproved and '1' or '0'
        reply[8] = sprintRank and (sprintRank + 1) or 0
        reply[9] = sprintBest
        return reply
        """

    /// The operator's ban. KEYS: bans, sequence. ARGV: the target's key
    /// (`BanTarget.key`), the record's words after its number. Returns 1.
    static let ban = """
        local sequence = redis.call('INCR', KEYS[2])
        redis.call('HSET', KEYS[1], ARGV[1], 'ban seq=' .. sequence .. ' ' .. ARGV[2])
        return 1
        """

    /// The operator's lifting of a ban. KEYS: bans, sequence. ARGV: the
    /// target's key. Returns 1, or 0 when there was no such ban. A lifted
    /// ban takes a record number, as the journal's `unban` record does.
    static let unban = """
        if redis.call('HDEL', KEYS[1], ARGV[1]) == 0 then return 0 end
        redis.call('INCR', KEYS[2])
        return 1
        """

    /// The operator's removal of an entry. KEYS: board, entries, logs,
    /// boards-of, sequence. ARGV: nickname key. Returns 1, or 0 when there
    /// was no entry. A removal takes a record number, as the journal's
    /// `removal` record does.
    static let removeEntry = """
        if redis.call('HEXISTS', KEYS[2], ARGV[1]) == 0 then return 0 end
        redis.call('INCR', KEYS[5])
        redis.call('ZREM', KEYS[1], ARGV[1])
        redis.call('HDEL', KEYS[2], ARGV[1])
        redis.call('HDEL', KEYS[3], ARGV[1])
        if redis.call('HINCRBY', KEYS[4], ARGV[1], -1) <= 0 then redis.call('HDEL', KEYS[4], ARGV[1]) end
        return 1
        """

    /// Whether a token proves a nickname's claim, and its rating record
    /// when it does (`READY token=` in a rated room, and `QUEUE`). KEYS:
    /// claims, boards-of, ratings. ARGV: nickname key, token (empty: none),
    /// the claim-expiry cutoff (empty: none). Returns `{"ok", record}` (an
    /// empty record: none), `{"unclaimed"}` (none, or expired) or
    /// `{"bad-token", nickname}`.
    static let proveClaim = """
        local claim = redis.call('HGET', KEYS[1], ARGV[1])
        if not claim then return {'unclaimed'} end
        local claimToken, claimDate, claimNickname
        if string.sub(claim, 1, 6) == 'claim ' then
          claimToken, claimDate, claimNickname = string.match(claim, ' token=(%S+)'), string.match(claim, ' date=(%S+)'), string.match(claim, ' nick=(%S+)')
        else
          claimToken, claimDate, claimNickname = string.match(claim, '^(%S+) (%S+) (.+)$')
          if claimDate == '-' then claimDate = nil end
        end
        local onBoards = tonumber(redis.call('HGET', KEYS[2], ARGV[1]) or '0')
        if claimDate ~= nil and ARGV[3] ~= '' and claimDate < ARGV[3] and onBoards == 0 then return {'unclaimed'} end
        if claimToken ~= ARGV[2] then return {'bad-token', claimNickname} end
        return {'ok', redis.call('HGET', KEYS[3], ARGV[1]) or ''}
        """

    /// A rated race's new ratings, written only if no racer's rating changed
    /// since it was read. KEYS: ratings, sequence, boards-of. ARGV: for each
    /// racer, its nickname key, the rating's record as read (empty: none),
    /// its nickname, and the new record's words after the nickname
    /// (`LeaderboardRecord.ratingFields`). Returns `ok`, or `changed`
    /// (nothing written: read again).
    static let rate = """
        for i = 1, #ARGV, 4 do
          if (redis.call('HGET', KEYS[1], ARGV[i]) or '') ~= ARGV[i + 1] then return 'changed' end
        end
        for i = 1, #ARGV, 4 do
          local sequence = redis.call('INCR', KEYS[2])
          redis.call('HSET', KEYS[1], ARGV[i], 'rating seq=' .. sequence .. ' nick=' .. ARGV[i + 2] .. ' ' .. ARGV[i + 3])
          if ARGV[i + 1] == '' then redis.call('HINCRBY', KEYS[3], ARGV[i], 1) end
        end
        return 'ok'
        """

    /// A board's entries, best first. KEYS: board, entries. ARGV: `sprint`
    /// for a sprint board (lowest first), empty for a score board.
    static let board = """
        local keys = redis.call(ARGV[1] == 'sprint' and 'ZRANGE' or 'ZREVRANGE', KEYS[1], 0, -1)
        if #keys == 0 then return {} end
        return redis.call('HMGET', KEYS[2], unpack(keys))
        """

    /// One entry and its log. KEYS: entries, logs. ARGV: nickname key.
    static let record = """
        return {redis.call('HGET', KEYS[1], ARGV[1]), redis.call('HGET', KEYS[2], ARGV[1])}
        """
}

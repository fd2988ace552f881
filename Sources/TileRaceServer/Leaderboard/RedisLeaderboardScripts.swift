/// The Redis store's Lua scripts: one script per request, so each is one
/// atomic step however many servers share the store. They keep the rules of
/// `Leaderboard` exactly (`LeaderboardDifferentialTests` compare them).
///
/// A submission whose new claim token equals the stored claim's is a resend
/// after a lost answer, and finds its own claim.
///
/// Key layout (docs/hosting.md, "Many servers"), each under `tilerace:`:
/// - `sequence`, `claims`, `entries:<board>`, `logs:<board>`, `bans`,
///   `ratings`, `assisted`: record text by nickname key (entries without their log);
///   `reports`: open reports' record text by id.
/// - `held`: held submissions' records (with their logs) by id.
/// - `boards-of`: boards holding a nickname's entry (ratings count once),
///   so claims of nicknames on no board can expire.
/// - `board:<board>`: sorted set; score `score * 2^30 + (2^30 - 1 - seq)`,
///   or on sprint boards `time * 2^30 + seq` read lowest first. Exact in a
///   double while scores and times stay below 2^23 (a sprint is at most
///   7,200,000 ms).
enum RedisLeaderboardScripts {
    /// A submission, or the approval of a held one. KEYS: claims, sequence,
    /// boards-of, held, then board, entries and logs of each board (all-time,
    /// daily, sprint, sprint-daily as they apply), then assisted. ARGV: see
    /// `RedisLeaderboardCommands`; empty means none. A submission with a held
    /// record's words (ARGV[14]) is held instead of placed; an approval
    /// (ARGV[15]: the held id) skips the claim, takes the held record off and
    /// places its entries. Returns `{"gone"}` (an approval of no held id),
    /// `{"taken"}`, `{"bad-token", nick, "0"|"1" (token given)}` or
    /// `{"ok", nick, claimed token or "", improved "0"|"1", rank or 0, best}`
    /// for the last score board, then for a sprint the same three for the
    /// sprint board; ranks as `TOP` lists them (0 for an assisted nickname).
    static let submit = """
        local claimsKey, sequenceKey, boardsOf, heldKey = KEYS[1], KEYS[2], KEYS[3], KEYS[4]
        local nickname, key, token, newToken = ARGV[1], ARGV[2], ARGV[3], ARGV[4]
        local date, cutoff, inUse = ARGV[5], ARGV[6], ARGV[7]
        local score, entryFields, log = tonumber(ARGV[8]), ARGV[9], ARGV[10]
        local capacity = tonumber(ARGV[11])
        local sprintTime, sprintFields = tonumber(ARGV[12]), ARGV[13]
        local heldFields, approved = ARGV[14], ARGV[15]
        local base = 1073741824
        local sequence = tonumber(redis.call('GET', sequenceKey) or '0')
        local function nextSequence()
          sequence = sequence + 1
          redis.call('SET', sequenceKey, sequence)
        end
        if approved ~= '' then
          if redis.call('HDEL', heldKey, approved) == 0 then return {'gone'} end
          -- The review's record.
          nextSequence()
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
        -- An approval's nickname was claimed when it was held.
        if approved == '' then
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
        end
        if heldFields ~= '' then
          nextSequence()
          redis.call('HSET', heldKey, sequence, 'held seq=' .. sequence .. ' nick=' .. shown .. ' ' .. heldFields)
        end
        -- Places the entry on a board: by score (higher first), or on a sprint board by time (lower first).
        local function place(boardKey, entriesKey, logsKey, boardName, isSprint)
          if heldFields ~= '' then return false end
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
        local assistedKey = KEYS[#KEYS]
        -- A rank as TOP lists it: assisted nicknames' entries above are left out; an assisted nickname has none.
        local function listed(rankedKey, rank, rankCommand)
          if not rank or redis.call('HEXISTS', assistedKey, key) == 1 then return 0 end
          local above = 0
          for _, other in ipairs(redis.call('HKEYS', assistedKey)) do
            local otherRank = redis.call(rankCommand, rankedKey, other)
            if otherRank and otherRank < rank then above = above + 1 end
          end
          return rank + 1 - above
        end
        -- Four keys before the boards, assisted after them.
        local boardCount = (#KEYS - 5) / 3
        local scoreBoards = sprintTime and boardCount - 2 or boardCount
        local improved, boardKey = false, nil
        for board = 1, scoreBoards do
          boardKey = KEYS[board * 3 + 2]
          improved = place(boardKey, KEYS[board * 3 + 3], KEYS[board * 3 + 4], ARGV[15 + board], false)
        end
        local rank = redis.call('ZREVRANK', boardKey, key)
        local best = score
        local kept = redis.call('ZSCORE', boardKey, key)
        if kept then best = math.floor(tonumber(kept) / base) end
        local reply = {'ok', shown, claimed, improved and '1' or '0', listed(boardKey, rank, 'ZREVRANK'), best}
        if not sprintTime then return reply end
        local sprintKey = KEYS[scoreBoards * 3 + 5]
        local sprintImproved = false
        for board = scoreBoards + 1, boardCount do
          local placed = place(KEYS[board * 3 + 2], KEYS[board * 3 + 3], KEYS[board * 3 + 4], ARGV[15 + board], true)
          if board == scoreBoards + 1 then sprintImproved = placed end
        end
        local sprintRank = redis.call('ZRANK', sprintKey, key)
        local sprintBest = sprintTime
        local sprintKept = redis.call('ZSCORE', sprintKey, key)
        if sprintKept then sprintBest = math.floor(tonumber(sprintKept) / base) end
        reply[7] = sprintImproved and '1' or '0'
        reply[8] = listed(sprintKey, sprintRank, 'ZRANK')
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

    /// KEYS: bans, sequence. ARGV: the target's key. Returns 1, or 0 when no
    /// such ban. Takes a record number, like the journal's `unban`.
    static let unban = """
        if redis.call('HDEL', KEYS[1], ARGV[1]) == 0 then return 0 end
        redis.call('INCR', KEYS[2])
        return 1
        """

    /// A player's report, numbered by the sequence (its id). KEYS: reports,
    /// sequence. ARGV: the record's words after its number. Returns the id.
    static let report = """
        local sequence = redis.call('INCR', KEYS[2])
        redis.call('HSET', KEYS[1], sequence, 'report seq=' .. sequence .. ' ' .. ARGV[1])
        return sequence
        """

    /// KEYS: reports, sequence. ARGV: the report's id. Returns 1, or 0 when
    /// no such open report. Takes a record number, like the journal's `dismissal`.
    static let dismiss = """
        if redis.call('HDEL', KEYS[1], ARGV[1]) == 0 then return 0 end
        redis.call('INCR', KEYS[2])
        return 1
        """
    /// KEYS: assisted, sequence. ARGV: the nickname key. Returns 1, or 0 when
    /// not marked. Takes a record number, like the journal's `unassist`.
    static let unassist = unban

    /// KEYS: board, entries, logs, boards-of, sequence. ARGV: nickname key.
    /// Returns 1, or 0 when no entry. Takes a record number, like the
    /// journal's `removal`.
    static let removeEntry = """
        if redis.call('HEXISTS', KEYS[2], ARGV[1]) == 0 then return 0 end
        redis.call('INCR', KEYS[5])
        redis.call('ZREM', KEYS[1], ARGV[1])
        redis.call('HDEL', KEYS[2], ARGV[1])
        redis.call('HDEL', KEYS[3], ARGV[1])
        if redis.call('HINCRBY', KEYS[4], ARGV[1], -1) <= 0 then redis.call('HDEL', KEYS[4], ARGV[1]) end
        return 1
        """

    /// KEYS: claims, boards-of, ratings, assisted. ARGV: nickname key, token, expiry
    /// cutoff. Returns `{"ok", record}`, `{"unclaimed"}`,
    /// `{"bad-token", nickname}` or `{"assisted", nickname}`.
    /// The operator's `REJECT`. KEYS: held, sequence. ARGV: the held id.
    /// Returns 1, or 0 when nothing is held under it. Takes a record number,
    /// like the journal's `review`.
    static let reject = """
        if redis.call('HDEL', KEYS[1], ARGV[1]) == 0 then return 0 end
        redis.call('INCR', KEYS[2])
        return 1
        """

    /// KEYS: claims, boards-of, ratings. ARGV: nickname key, token, expiry
    /// cutoff. Returns `{"ok", record}`, `{"unclaimed"}` or
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
        if redis.call('HEXISTS', KEYS[4], ARGV[1]) == 1 then return {'assisted', claimNickname} end
        return {'ok', redis.call('HGET', KEYS[3], ARGV[1]) or ''}
        """

    /// Writes new ratings only if none changed since read (else `changed`:
    /// read again). KEYS: ratings, sequence, boards-of. ARGV per racer: key,
    /// record as read, nickname, new record's fields.
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

    /// A board's entries, best first, but assisted nicknames'. KEYS: board, entries,
    /// assisted. ARGV: `sprint` for a sprint board (lowest first), empty for a score board.
    static let board = """
        local keys = {}
        for _, key in ipairs(redis.call(ARGV[1] == 'sprint' and 'ZRANGE' or 'ZREVRANGE', KEYS[1], 0, -1)) do
          if redis.call('HEXISTS', KEYS[3], key) == 0 then keys[#keys + 1] = key end
        end
        if #keys == 0 then return {} end
        return redis.call('HMGET', KEYS[2], unpack(keys))
        """

    /// Every rating but assisted nicknames'. KEYS: ratings, assisted.
    static let ratings = """
        local all, shown = redis.call('HGETALL', KEYS[1]), {}
        for i = 1, #all, 2 do
          if redis.call('HEXISTS', KEYS[2], all[i]) == 0 then shown[#shown + 1] = all[i + 1] end
        end
        return shown
        """

    /// `ASSIST`, as `Leaderboard.assist`: each opponent in the nickname's `took=` (in
    /// key order) gets its points back on its rating, the nickname's `took=` is emptied,
    /// then the mark unless it is marked already. KEYS: assisted, ratings, sequence. ARGV:
    /// nickname key, the `assist` record's words after its number. Returns `{opponents,
    /// millionths, 1 if marked now else 0}`.
    static let assist = """
        local isNew = redis.call('HEXISTS', KEYS[1], ARGV[1]) == 0
        local sequence = tonumber(redis.call('GET', KEYS[3]) or '0')
        local first, refunded, points = sequence, 0, 0
        local function renumbered(text)
          sequence = sequence + 1
          return (string.gsub(text, '^rating seq=%d+', 'rating seq=' .. sequence))
        end
        local own = redis.call('HGET', KEYS[2], ARGV[1])
        local took = own and string.match(own, ' took=(%S+)')
        if took then
          for key, lost in string.gmatch(took, '([^:,]+):(%d+)') do
            local rating = redis.call('HGET', KEYS[2], key)
            if rating then
              local r = tonumber(string.match(rating, ' r=(%d+)')) + tonumber(lost)
              rating = string.gsub(renumbered(rating), ' r=%d+', ' r=' .. string.format('%d', r))
              redis.call('HSET', KEYS[2], key, rating)
              refunded, points = refunded + 1, points + tonumber(lost)
            end
          end
          redis.call('HSET', KEYS[2], ARGV[1], (string.gsub(renumbered(own), ' took=%S+', '')))
        end
        if isNew then
          sequence = sequence + 1
          redis.call('HSET', KEYS[1], ARGV[1], 'assist seq=' .. sequence .. ' ' .. ARGV[2])
        end
        if sequence ~= first then redis.call('SET', KEYS[3], sequence) end
        return {refunded, points, isNew and 1 or 0}
        """

    /// One entry and its log. KEYS: entries, logs. ARGV: nickname key.
    static let record = """
        return {redis.call('HGET', KEYS[1], ARGV[1]), redis.call('HGET', KEYS[2], ARGV[1])}
        """
}

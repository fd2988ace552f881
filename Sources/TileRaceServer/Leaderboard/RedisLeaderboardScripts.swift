/// The Lua scripts the Redis store runs: each request is one script, so each
/// is one atomic step however many servers share the store (Redis runs one
/// script at a time). They keep the rules of `Leaderboard` exactly; the
/// contract tests run the same cases against both stores.
///
/// Key layout (see README, "Many servers"), with `tilerace:` before each:
/// - `sequence`: the last record number (orders equal scores).
/// - `claims`: hash, nickname key → `token date nickname` (`-` for no date).
/// - `boards-of`: hash, nickname key → how many boards hold its entry (claims
///   of nicknames on no board can expire).
/// - `board:<board>`: sorted set of nickname keys; the score is
///   `score * 2^30 + (2^30 - 1 - sequence)`, so higher scores, then earlier
///   records, rank first (exact in a double while scores stay below 2^23).
/// - `entries:<board>`: hash, nickname key → `sequence nickname date score
///   max moves milliseconds size target assists seed`.
/// - `logs:<board>`: hash, nickname key → the game's record.
/// `<board>` is `all` or `daily:YYYY-MM-DD`.
enum RedisLeaderboardScripts {
    /// A submission. KEYS: claims, sequence, boards-of, then board, entries
    /// and logs of the all-time board, then of the daily board for a daily
    /// game. ARGV: nickname, nickname key, token (empty: none), the new
    /// claim's token, today, the claim-expiry cutoff (empty: none), `1` when
    /// another connection uses the nickname, score, `max moves milliseconds
    /// size target assists seed`, log (empty: none), the board capacity.
    ///
    /// Returns `{"taken"}`, `{"bad-token", nickname, "0"|"1" (a token was
    /// given)}` or `{"ok", nickname, claimed token or "", improved "0"|"1",
    /// rank or 0, best score}` for the last board named.
    static let submit = """
        local claimsKey, sequenceKey, boardsOf = KEYS[1], KEYS[2], KEYS[3]
        local nickname, key, token, newToken = ARGV[1], ARGV[2], ARGV[3], ARGV[4]
        local date, cutoff, inUse = ARGV[5], ARGV[6], ARGV[7]
        local score, fields, log = tonumber(ARGV[8]), ARGV[9], ARGV[10]
        local capacity = tonumber(ARGV[11])
        local base = 1073741824
        local sequence = tonumber(redis.call('GET', sequenceKey) or '0')
        local function nextSequence()
          sequence = sequence + 1
          redis.call('SET', sequenceKey, sequence)
        end
        local shown, claimed = nickname, ''
        local claim = redis.call('HGET', claimsKey, key)
        local held, claimToken, claimDate, claimNickname = false, nil, nil, nil
        if claim then
          claimToken, claimDate, claimNickname = string.match(claim, '^(%S+) (%S+) (.+)$')
          local onBoards = tonumber(redis.call('HGET', boardsOf, key) or '0')
          local expired = claimDate ~= '-' and cutoff ~= '' and claimDate < cutoff and onBoards == 0
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
            redis.call('HSET', claimsKey, key, claimToken .. ' ' .. date .. ' ' .. claimNickname)
          end
        else
          if inUse == '1' then return {'taken'} end
          nextSequence()
          redis.call('HSET', claimsKey, key, newToken .. ' ' .. date .. ' ' .. nickname)
          claimed = newToken
        end
        local function place(boardKey, entriesKey, logsKey)
          local existing = redis.call('ZSCORE', boardKey, key)
          if existing and math.floor(tonumber(existing) / base) >= score then return false end
          local composite = score * base + (base - 1 - (sequence + 1))
          if redis.call('ZCOUNT', boardKey, '(' .. composite, '+inf') >= capacity then return false end
          nextSequence()
          redis.call('ZADD', boardKey, composite, key)
          redis.call('HSET', entriesKey, key, sequence .. ' ' .. shown .. ' ' .. date .. ' ' .. score .. ' ' .. fields)
          if log ~= '' then redis.call('HSET', logsKey, key, log) else redis.call('HDEL', logsKey, key) end
          if not existing then redis.call('HINCRBY', boardsOf, key, 1) end
          while redis.call('ZCARD', boardKey) > capacity do
            local dropped = redis.call('ZPOPMIN', boardKey)[1]
            redis.call('HDEL', entriesKey, dropped)
            redis.call('HDEL', logsKey, dropped)
            if redis.call('HINCRBY', boardsOf, dropped, -1) <= 0 then redis.call('HDEL', boardsOf, dropped) end
          end
          return true
        end
        local improved = place(KEYS[4], KEYS[5], KEYS[6])
        local boardKey, entriesKey = KEYS[4], KEYS[5]
        if #KEYS >= 9 then
          improved = place(KEYS[7], KEYS[8], KEYS[9])
          boardKey, entriesKey = KEYS[7], KEYS[8]
        end
        local rank = redis.call('ZREVRANK', boardKey, key)
        local best = score
        local entry = redis.call('HGET', entriesKey, key)
        if entry then best = tonumber(string.match(entry, '^%S+ %S+ %S+ (%S+)')) end
        return {'ok', shown, claimed, improved and '1' or '0', rank and (rank + 1) or 0, best}
        """

    /// A board's entries, best first. KEYS: board, entries.
    static let board = """
        local keys = redis.call('ZREVRANGE', KEYS[1], 0, -1)
        if #keys == 0 then return {} end
        return redis.call('HMGET', KEYS[2], unpack(keys))
        """

    /// One entry and its log. KEYS: entries, logs. ARGV: nickname key.
    static let record = """
        return {redis.call('HGET', KEYS[1], ARGV[1]), redis.call('HGET', KEYS[2], ARGV[1])}
        """
}

import Testing

@testable import TileRaceRedis

/// `RedisRequestQueue`: order, replies, deadlines, and compaction.
@Suite struct RedisRequestQueueTests {
    static func request(_ tag: UInt8, replies: Int = 1, deadline: UInt64 = 100, isSent: Bool = false) -> RedisRequest {
        var request = RedisRequest(bytes: [tag], replyCount: replies, deadline: deadline, purpose: .selectDatabase)
        request.isSent = isSent
        return request
    }

    @Test func requestsLeaveInOrderWithTheirReplies() {
        var queue = RedisRequestQueue()
        for tag in 0..<5000 { queue.append(RedisRequestQueueTests.request(UInt8(tag % 256), replies: 2, isSent: true)) }
        for tag in 0..<5000 {
            let isCompleteAfterOne = queue.addReplyToFirst(.integer(tag))
            let isCompleteAfterTwo = queue.addReplyToFirst(.integer(-tag))
            #expect(!isCompleteAfterOne && isCompleteAfterTwo)
            let request = queue.removeFirst()
            #expect(request?.bytes == [UInt8(tag % 256)])
            #expect(request?.replies == [.integer(tag), .integer(-tag)])
        }
        #expect(queue.isEmpty)
        let none = queue.removeFirst()
        #expect(none == nil)
        let isComplete = queue.addReplyToFirst(.integer(1))
        #expect(!isComplete)
    }

    @Test func aPrependedRequestComesFirstAndUnsentOnesAreWrittenTogether() {
        var queue = RedisRequestQueue()
        queue.append(RedisRequestQueueTests.request(1))
        queue.append(RedisRequestQueueTests.request(2))
        _ = queue.removeFirst()
        queue.prepend(RedisRequestQueueTests.request(0))
        queue.prepend(RedisRequestQueueTests.request(9))
        let written = queue.markAllSent()
        let writtenAgain = queue.markAllSent()
        let all = queue.removeAll()
        #expect(written == [9, 0, 2])
        #expect(writtenAgain == [])
        #expect(all.map(\.bytes) == [[9], [0], [2]])
        #expect(queue.isEmpty)
    }

    @Test func expiredRequestsAreTakenOff() {
        var queue = RedisRequestQueue()
        queue.append(RedisRequestQueueTests.request(1, deadline: 50))
        queue.append(RedisRequestQueueTests.request(2, deadline: 150))
        queue.append(RedisRequestQueueTests.request(3, deadline: 100))
        #expect(queue.earliestDeadline == 50)
        #expect(!queue.hasSentRequest(expiredAt: 200))
        let expired = queue.removeExpired(at: 100)
        #expect(expired.map(\.bytes) == [[1], [3]])
        #expect(queue.earliestDeadline == 150)
        _ = queue.markAllSent()
        #expect(!queue.hasSentRequest(expiredAt: 149))
        #expect(queue.hasSentRequest(expiredAt: 150))
    }
}

/// Where a room is in its cycle: waiting for ready players, counting down, or racing.
public enum RoomState: String, CaseIterable, Hashable, Sendable {
    case waiting, countdown, racing
}

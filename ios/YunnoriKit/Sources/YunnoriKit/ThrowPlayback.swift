import Foundation
import YutCore

/// The time a flight is played on. The app's is the system's (`SystemThrowClock`); tests
/// pass their own, so that nothing waits in real time.
public protocol ThrowClock: Sendable {
    /// Now, from a fixed origin.
    var now: Duration { get }
    /// Returns at `deadline` (at once if it has passed); throws `CancellationError` when
    /// the calling task is cancelled.
    func sleep(until deadline: Duration) async throws
}

/// The system's monotonic clock.
public struct SystemThrowClock: ThrowClock {
    private let origin = ContinuousClock.now
    public init() {}
    public var now: Duration { ContinuousClock.now - origin }
    public func sleep(until deadline: Duration) async throws {
        try await Task.sleep(until: origin + deadline, clock: .continuous)
    }
}

/// A clock on which every wait is over at once (time stands still): flights land as soon
/// as they are planned. For tests and previews.
public struct ImmediateClock: ThrowClock {
    public init() {}
    public var now: Duration { .zero }
    public func sleep(until deadline: Duration) async throws {
        try Task.checkCancellation()
    }
}

extension ThrowClock where Self == SystemThrowClock {
    public static var system: SystemThrowClock { SystemThrowClock() }
}

extension ThrowClock where Self == ImmediateClock {
    public static var immediate: ImmediateClock { ImmediateClock() }
}

/// What a stick's knock sounds and feels like: the app plays a wooden clack at a volume of
/// `strength` (0...1) and a haptic tap of that intensity. Asked once per contact of the
/// flight, at its time, never while muted (`GameModel.muted`).
public protocol ThrowFeedback: Sendable {
    @MainActor func knock(strength: Double, against: Against)
}

/// A throw's flight on the mat: shown from the moment the core has planned it until the
/// next one. Its result (`GameState.lastThrow`, with the same `id`) comes only once the last
/// stick has settled (`durationMs` after `start`).
public struct FlightShow: Sendable, Equatable, Identifiable {
    public let id: Int
    public let seat: Int32
    public let flight: Flight
    /// Reduce Motion: a short drop onto the resting poses instead of the flight.
    public let drop: Bool
    /// When it started, on the view's clock (a flight restored at rest started long ago).
    public let start: Date

    /// The drop's length with Reduce Motion.
    public static let dropMs: Int = 350

    public init(id: Int, seat: Int32, flight: Flight, drop: Bool, start: Date) {
        self.id = id
        self.seat = seat
        self.flight = flight
        self.drop = drop
        self.start = start
    }

    /// How long the sticks move: until the last one settles, or the drop.
    public var durationMs: Int { drop ? Self.dropMs : Int(flight.endMs) }

    /// Every stick `ms` after the start.
    public func poses(atMs ms: Double) -> [Pose] {
        drop ? flight.dropPoses(atMs: ms, durationMs: Double(Self.dropMs)) : flight.poses(atMs: ms)
    }

    /// Every stick at `date` on the view's clock.
    public func poses(at date: Date) -> [Pose] {
        poses(atMs: date.timeIntervalSince(start) * 1000)
    }

    /// Every stick at `date`, the flight taking over from the bundle the finger let go of
    /// (`hand`, see `Flight.poses(atMs:handOff:)`); the drop starts from its own poses.
    public func poses(at date: Date, handOff hand: [Pose]) -> [Pose] {
        let ms = date.timeIntervalSince(start) * 1000
        return drop ? poses(atMs: ms) : flight.poses(atMs: ms, handOff: hand)
    }

    /// Whether every stick has come to rest `ms` after the start.
    public func hasLanded(afterMs ms: Double) -> Bool { ms >= Double(durationMs) }

    /// The knocks to play: each contact at its time, or with Reduce Motion one soft knock
    /// as the sticks land.
    public var knocks: [Contact] {
        guard drop else { return flight.contacts }
        let loudest = flight.contacts.map(\.strength).max() ?? 0
        guard loudest > 0 else { return [] }
        return [Contact(atMs: UInt32(Self.dropMs), stick: 0, against: .mat, impulse: 0,
                        strength: min(loudest, 0.5))]
    }
}

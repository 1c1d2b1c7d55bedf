import LiquidGeometry
import LiquidRaster
import LiquidUI

/// The `--record FILE` of `liquid play`: the touches the mouse made and the frames the window ticked at,
/// written as an events file that `liquid simulate` replays to the same states, frame for frame.
///
/// The file is `{"events": […], "fps": F, "ticks": [t0, t1, …]}` (docs/command-line.md): every touch in
/// the component's own points, as the window dispatched it, and every frame time, exactly (numbers are
/// written in their shortest form that reads back to the same bit pattern). The host hands each touch to
/// ``touch(_:)`` before dispatching it and each frame time to ``frame(at:)`` after stepping it; a touch
/// belongs to the first frame after it, as `simulate` plays it.
///
/// Guarantees:
/// - The file is opened when the recorder is made (an unwritable path fails before a window opens) and
///   written whole or not at all by ``finish()``: a regular file is replaced only when complete.
/// - What is written reads back as a valid events file: times never decrease, ticks strictly increase
///   and no touch comes after the last tick. Recording stops — and ``stopReason`` says why — at the first
///   frame that would pass ``SimulateCommand/maximumDuration`` or make the file larger than an events
///   file may be; the touches of the frames kept are all written (a finger may still be down at the end).
@MainActor
final class EventsRecorder {
    /// The path given.
    let path: String
    /// Why recording stopped before the window closed, once it has.
    private(set) var stopReason: String?
    /// How many frames are recorded so far.
    var frameCount: Int { ticks.count }

    /// The nominal frame rate of the window (1…360), written as `"fps"`; set it once the window is open.
    var framesPerSecond = 60.0

    private let file: OutputFile
    /// Where the component's origin is in the window, in points.
    private let origin: Point
    /// The encoded events of the frames recorded, separated by commas.
    private var events: [UInt8] = []
    /// The encoded events dispatched since the last recorded frame.
    private var pending: [UInt8] = []
    private var ticks: [Double] = []
    /// Bytes of the file as it would be written now.
    private var size = 0
    /// The most a recording may hold: what `simulate` reads of an events file.
    private let byteLimit: Int

    /// Opens `path` for a recording of a component placed at `origin` (window points) — before the
    /// window opens, so that a path that cannot be written fails first.
    /// - Throws: `LiquidError` naming the path when it cannot be written (a missing folder, no permission).
    init(path: String, origin: Point, byteLimit: Int = ImageFileIO.documentByteLimit) throws {
        self.path = path
        self.origin = origin
        self.byteLimit = byteLimit
        file = try OutputFile(path: path, mode: .replacing)
        size = Self.prefix.count + Self.middle(0).count + Self.rateAllowance + Self.footer.count
    }

    /// Records `touch` (window points) in the component's points and returns the touch the window should
    /// dispatch: the recorded one placed back in the window, so the window and a replay see the very same
    /// location values.
    func touch(_ touch: Touch) -> Touch {
        let local = Point(touch.location.x - origin.x, touch.location.y - origin.y)
        var placed = touch
        placed.location = local + origin  // as ComponentSimulator places a script's touches
        if stopReason == nil {
            if !pending.isEmpty { pending.append(UInt8(ascii: ",")) }
            pending += Self.encode(touch, at: local)
        }
        return placed
    }

    /// Records a frame the window stepped at `time`, with the touches since the previous one. A time not
    /// later than the previous frame's was no frame (the run loop's clock dropped it): its touches wait
    /// for the next.
    func frame(at time: Double) {
        guard stopReason == nil, time.isFinite, ticks.last.map({ time > $0 }) ?? true else { return }
        let tick = Array("\(time)".utf8)
        let added = pending.count + tick.count + (ticks.isEmpty ? 0 : 1) + (events.isEmpty || pending.isEmpty ? 0 : 1)
        if time > SimulateCommand.maximumDuration {
            stopReason = "a recording ends at \(Int(SimulateCommand.maximumDuration)) s, the longest simulation"
        } else if size + added > byteLimit {
            stopReason = "a recording holds at most \(byteLimit / (1 << 20)) MB, what simulate reads of an events file"
        }
        guard stopReason == nil else {
            pending = []
            return
        }
        if !pending.isEmpty {
            if !events.isEmpty { events.append(UInt8(ascii: ",")) }
            events += pending
            pending = []
        }
        ticks.append(time)
        size += added
    }

    /// Writes the recording and puts it in place.
    /// - Throws: `LiquidError` naming the path when no frame was recorded or the file cannot be written.
    func finish() throws {
        guard !ticks.isEmpty else {
            file.discard()
            throw LiquidError.io("nothing to record in '\(ImageFileIO.quoted(path))': the window showed no frame")
        }
        var bytes = Self.prefix
        bytes.reserveCapacity(size)
        bytes += events
        bytes += Self.middle(framesPerSecond)
        for (index, tick) in ticks.enumerated() {
            if index > 0 { bytes.append(UInt8(ascii: ",")) }
            bytes += Array("\(tick)".utf8)
        }
        bytes += Self.footer
        try file.write(bytes)
        try file.commit()
    }

    /// The bytes before the events, between them and the ticks, and after the ticks.
    private static let prefix = Array("{\"events\":[".utf8)
    private static func middle(_ framesPerSecond: Double) -> [UInt8] {
        Array("],\"fps\":\(framesPerSecond),\"ticks\":[".utf8)
    }

    private static let footer = Array("]}\n".utf8)
    /// Room kept in the size for the digits of any rate (a `Double` prints in at most 24 characters).
    private static let rateAllowance = 24

    /// One event object, keys sorted; `force` only when not 0 (its default). Swift prints a finite
    /// `Double` in the shortest form that reads back exactly, which is also valid JSON.
    private static func encode(_ touch: Touch, at location: Point) -> [UInt8] {
        let phase = switch touch.phase {
        case .began: "down"
        case .moved: "move"
        case .ended: "up"
        case .cancelled: "cancel"
        }
        let force = touch.force == 0 ? "" : "\"force\":\(touch.force),"
        return Array("{\(force)\"id\":\(touch.id),\"phase\":\"\(phase)\",\"t\":\(touch.timestamp),\"x\":\(location.x),\"y\":\(location.y)}".utf8)
    }
}

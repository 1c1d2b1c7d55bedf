import Foundation
import LiquidGeometry
import LiquidMotion
import LiquidRaster
import LiquidScene

/// The samples file of `liquid motion velocity`: `{"samples": [{"t": 0.1, "x": 10, "y": 20}, …]}` — times
/// in seconds, positions in points.
///
/// Read strictly, as events files are (docs/command-line.md): standard JSON, no unknown key, no `null`,
/// every value a number; `t` in 0…1 000 000 and never earlier than the sample before; `x` and `y` in
/// −10¹²…10¹²; one to 100,000 samples. Every problem is one line naming the file and the sample
/// (`flick.json: samples[3].t: 0.1 is earlier than samples[2].t (0.4)`).
enum VelocitySamplesFile {
    /// Most samples one file may hold.
    static let maximumSamples = 100_000
    /// The documented ranges: times in seconds, coordinates in points.
    static let timeRange = CommandLineInput.sampleTimeRange
    static let coordinateRange = SpringCommand.valueRange

    private struct File: Decodable {
        let samples: [Entry]

        private enum Key: String, CodingKey, CaseIterable { case samples }

        init(from decoder: any Decoder) throws {
            let c = try decoder.strictContainer(keyedBy: Key.self)
            let list = try c.nestedUnkeyedContainer(forKey: .samples)
            let count = list.count ?? 0
            guard count <= VelocitySamplesFile.maximumSamples else {
                throw LiquidError.at("samples", "\(count) samples; at most \(VelocitySamplesFile.maximumSamples) are allowed")
            }
            samples = try c.decode([Entry].self, forKey: .samples)
        }
    }

    private struct Entry: Decodable {
        let t: Double
        let x: Double
        let y: Double

        private enum Key: String, CodingKey, CaseIterable { case t, x, y }

        init(from decoder: any Decoder) throws {
            let c = try decoder.strictContainer(keyedBy: Key.self)
            t = try c.decode(Double.self, forKey: .t)
            x = try c.decode(Double.self, forKey: .x)
            y = try c.decode(Double.self, forKey: .y)
        }
    }

    /// The samples of the file at `path` (or `-` for standard input), in file order.
    /// - Throws: ``ValidationErrorMessage`` naming the file and the first problem.
    static func load(_ path: String) throws -> [VelocityTracker.Sample] {
        let data = Data(try ImageFileIO.readAll(path, limit: ImageFileIO.documentByteLimit, allowsStandardInput: true,
                                               failure: "cannot read samples file"))
        do {
            return try samples(in: data)
        } catch {
            throw ValidationErrorMessage("\(path): \(error)")
        }
    }

    /// The samples of a samples file's contents.
    static func samples(in data: Data) throws(LiquidError) -> [VelocityTracker.Sample] {
        let tree = try JSONParser.parse(data, root: "")
        let file = try JSONValueDecoder(tree, root: "").decode(File.self)
        guard !file.samples.isEmpty else { throw LiquidError.at("samples", "is empty; give at least one sample") }
        var samples: [VelocityTracker.Sample] = []
        samples.reserveCapacity(file.samples.count)
        for (index, entry) in file.samples.enumerated() {
            func check(_ value: Double, _ key: String, _ range: ClosedRange<Double>, _ bounds: String) throws(LiquidError) {
                guard !range.contains(value) else { return }
                throw LiquidError.at("samples[\(index)].\(key)", "must be between \(bounds); got \(LiquidError.quoted(value))",
                                     kind: .outOfRange)
            }
            try check(entry.t, "t", timeRange, "0 and 1000000 seconds")
            try check(entry.x, "x", coordinateRange, "-1e12 and 1e12 points")
            try check(entry.y, "y", coordinateRange, "-1e12 and 1e12 points")
            if let previous = samples.last, entry.t < previous.time {
                throw LiquidError.at("samples[\(index)].t", "\(LiquidError.quoted(entry.t)) is earlier than samples[\(index - 1)].t "
                                     + "(\(LiquidError.quoted(previous.time))); samples must be in time order")
            }
            samples.append(VelocityTracker.Sample(position: Point(entry.x, entry.y), time: entry.t))
        }
        return samples
    }
}

import Foundation

/// Runs the built `liquid` executable, as a user would, and captures what it prints.
struct LiquidProcess {
    struct Result {
        let status: Int32
        let stdout: String
        let stderr: String

        /// Standard output parsed as a JSON object.
        func json() throws -> [String: Any] {
            let object = try JSONSerialization.jsonObject(with: Data(stdout.utf8))
            guard let dictionary = object as? [String: Any] else { throw CocoaError(.propertyListReadCorrupt) }
            return dictionary
        }
    }

    /// The executable: `LIQUID_BINARY` if set, else the `liquid` built beside the test bundle, else the
    /// package's default debug build folder.
    static let executable: URL = {
        if let path = ProcessInfo.processInfo.environment["LIQUID_BINARY"] { return URL(fileURLWithPath: path) }
        let testBinary = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        let candidates = [
            testBinary.deletingLastPathComponent().appendingPathComponent("liquid"),
            testBinary.deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("liquid"),
            URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
                .deletingLastPathComponent().appendingPathComponent(".build/debug/liquid"),
        ]
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) } ?? candidates[0]
    }()

    static func run(_ arguments: [String]) throws -> Result {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        try process.run()
        // Read both pipes to the end before waiting, so a large output cannot block the child.
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        let errData = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Result(status: process.terminationStatus,
                      stdout: String(decoding: outData, as: UTF8.self),
                      stderr: String(decoding: errData, as: UTF8.self))
    }
}

import Foundation

/// Runs the built `liquid` executable, as a user would, and captures what it prints.
struct LiquidProcess {
    struct Result {
        let status: Int32
        let stdout: String
        let stderr: String
        /// Whether the process was still running at the deadline and was killed.
        var timedOut = false

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

    /// Bytes read from a pipe on another thread.
    private final class Collected: @unchecked Sendable {
        private let lock = NSLock()
        private var data = Data()
        private let done = DispatchSemaphore(value: 0)

        init(_ handle: FileHandle) {
            DispatchQueue.global().async { [self] in
                let bytes = handle.readDataToEndOfFile()
                lock.withLock { data = bytes }
                done.signal()
            }
        }

        func wait() -> Data {
            done.wait()
            return lock.withLock { data }
        }
    }

    /// Runs `script` with bash, the executable's path in `$LIQUID` (for pipelines and resource limits a
    /// single process cannot express).
    static func shell(_ script: String, timeout: Double = 300) throws -> Result {
        try run(["-c", script], program: URL(fileURLWithPath: "/bin/bash"), environment: ["LIQUID": executable.path],
                timeout: timeout)
    }

    /// Runs `liquid arguments…` with standard input from `input` (the null device by default) and
    /// `environment` added to this process's; a run still going after `timeout` seconds is killed and
    /// reported as ``Result/timedOut``.
    static func run(_ arguments: [String], program: URL = executable, input: FileHandle? = nil,
                    environment: [String: String] = [:], timeout: Double = 300) throws -> Result {
        let process = Process()
        process.executableURL = program
        process.arguments = arguments
        if !environment.isEmpty {
            process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        }
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = input ?? FileHandle.nullDevice
        try process.run()
        // Read both pipes on their own threads, so a large output cannot block the child.
        let stdout = Collected(out.fileHandleForReading), stderr = Collected(err.fileHandleForReading)
        let deadline = Date().addingTimeInterval(timeout)
        var timedOut = false
        while process.isRunning {
            if Date() > deadline {
                timedOut = true
                kill(process.processIdentifier, SIGKILL)
                break
            }
            usleep(2000)
        }
        process.waitUntilExit()
        return Result(status: process.terminationStatus,
                      stdout: String(decoding: stdout.wait(), as: UTF8.self),
                      stderr: String(decoding: stderr.wait(), as: UTF8.self), timedOut: timedOut)
    }
}

import Foundation

/// Runs the built `liquid` executable, as a user would, and captures what it prints.
struct LiquidProcess {
    struct Result {
        let status: Int32
        /// Standard output as bytes, and as text (UTF-8, invalid bytes replaced).
        let output: Data
        var stdout: String { String(decoding: output, as: UTF8.self) }
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

    /// Runs `liquid arguments…` with its standard streams on the null device, waits for it, and returns
    /// its exit status and its peak resident memory in bytes (from `wait4`). On Linux that figure is at least
    /// this process's own peak at the spawn (the child starts on this process's memory until it execs), so
    /// compare it only with another run measured the same way, never with an absolute bound.
    static func peakMemory(_ arguments: [String]) throws -> (status: Int32, bytes: Int) {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        let argv = ([executable.path] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, executable.path, &actions, nil, argv, environ)
        guard spawned == 0 else { throw CocoaError(.executableLoad) }
        var status: Int32 = 0
        var usage = rusage()
        while wait4(pid, &status, 0, &usage) < 0 {
            guard errno == EINTR else { throw CocoaError(.executableLoad) }
        }
        // ru_maxrss is in kilobytes on Linux.
        return ((status >> 8) & 0xff, usage.ru_maxrss * 1024)
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
        return Result(status: process.terminationStatus, output: stdout.wait(),
                      stderr: String(decoding: stderr.wait(), as: UTF8.self), timedOut: timedOut)
    }
}

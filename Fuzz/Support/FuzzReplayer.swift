import Foundation

/// The `main` of a fuzz target built normally: it replays files through the target's
/// `LLVMFuzzerTestOneInput`, so a corpus or a reproducer runs without libFuzzer.
///
/// A fuzz target is a thin executable that exports `LLVMFuzzerTestOneInput` (through `@_cdecl`). Built
/// for fuzzing (`--sanitize fuzzer`, with `-DLIQUID_FUZZ`; see `scripts/checks/fuzz/run.sh`), libFuzzer
/// supplies `main` and calls that function; built normally, the target's `@main` calls ``main(_:)`` here
/// with the same function.
///
/// Every argument is a file or a folder (whose regular files are taken, sorted by name, not recursively).
/// Each file's path is printed to stderr, then its bytes go through the target once; the process exits 0
/// when all of them ran. An argument that cannot be read is one line on stderr and exit status 1; no
/// argument at all is a usage line and exit status 2. A file that makes the target trap ends the process,
/// so the last path printed names it.
package enum FuzzReplayer {
    /// libFuzzer's callback: one input of `size` bytes at `data` (nil when empty); returns 0.
    package typealias TestOneInput = @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt

    /// The bytes libFuzzer passes, as an array (empty when `data` is nil).
    package static func bytes(_ data: UnsafePointer<UInt8>?, _ size: Int) -> [UInt8] {
        guard let data, size > 0 else { return [] }
        return Array(UnsafeBufferPointer(start: data, count: size))
    }

    /// Replays the files named on the command line through `testOneInput` and exits.
    package static func main(_ testOneInput: TestOneInput) -> Never {
        let name = URL(fileURLWithPath: CommandLine.arguments.first ?? "fuzz").lastPathComponent
        exit(replay(Array(CommandLine.arguments.dropFirst()), through: testOneInput, name: name))
    }

    /// Replays every file named by `arguments` through `testOneInput`; returns the exit status.
    static func replay(_ arguments: [String], through testOneInput: TestOneInput, name: String) -> Int32 {
        func fail(_ line: String, status: Int32) -> Int32 {
            FileHandle.standardError.write(Data("\(line)\n".utf8))
            return status
        }
        guard !arguments.isEmpty else {
            return fail("usage: \(name) FILE-OR-FOLDER… (replays each file once; see docs/reliability.md to fuzz)", status: 2)
        }
        var files: [String] = []
        for argument in arguments {
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: argument, isDirectory: &isFolder) else {
                return fail("\(name): no such file or folder '\(argument)'", status: 1)
            }
            guard isFolder.boolValue else {
                files.append(argument)
                continue
            }
            guard let names = try? FileManager.default.contentsOfDirectory(atPath: argument) else {
                return fail("\(name): cannot list folder '\(argument)'", status: 1)
            }
            for file in names.sorted() {
                let path = (argument as NSString).appendingPathComponent(file)
                var isSubfolder: ObjCBool = false
                if FileManager.default.fileExists(atPath: path, isDirectory: &isSubfolder), !isSubfolder.boolValue {
                    files.append(path)
                }
            }
        }
        for path in files {
            guard let data = FileManager.default.contents(atPath: path) else {
                return fail("\(name): cannot read '\(path)'", status: 1)
            }
            FileHandle.standardError.write(Data("\(name): \(path)\n".utf8))
            let bytes = [UInt8](data)
            _ = bytes.withUnsafeBufferPointer { testOneInput($0.baseAddress, $0.count) }
        }
        FileHandle.standardError.write(Data("\(name): replayed \(files.count) inputs\n".utf8))
        return 0
    }
}

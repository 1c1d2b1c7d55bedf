import Foundation
#if LIQUID_FUZZ
import CFuzzerDriver
#endif

/// The `main` of every fuzz target: libFuzzer's driver in a fuzzing build, a corpus replayer otherwise.
///
/// A fuzz target is a thin executable that exports `LLVMFuzzerTestOneInput` (through `@_cdecl`) and
/// passes that same function here.
///
/// - **Fuzzing build** (`-sanitize=fuzzer,address -DLIQUID_FUZZ`, see `scripts/checks/fuzz/run.sh`):
///   the command line goes to libFuzzer's driver (`LLVMFuzzerRunDriver`), which owns the process from
///   then on. The target cannot simply leave `main` to libFuzzer: SwiftPM links every executable with
///   `--defsym main=<module>_main`, so the program's entry is always its Swift `@main`, and that entry
///   starts the driver. libFuzzer's own `main` is still linked (the runtime is a whole archive), which
///   is why the target must define `LLVMFuzzerTestOneInput` under that name.
/// - **Normal build**: every argument is a file or a folder (whose regular files are taken, sorted by
///   name, not recursively); each file's bytes go through the target once, and the process exits 0 when
///   all of them ran. An argument that cannot be read is one line on stderr and exit status 1; no
///   argument at all is a usage line and exit status 2.
package enum FuzzDriver {
    /// libFuzzer's callback: one input of `size` bytes at `data` (nil when empty); returns 0.
    package typealias TestOneInput = @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt

    /// The bytes libFuzzer passes, as an array (empty when `data` is nil).
    package static func bytes(_ data: UnsafePointer<UInt8>?, _ size: Int) -> [UInt8] {
        guard let data, size > 0 else { return [] }
        return Array(UnsafeBufferPointer(start: data, count: size))
    }

    /// Runs the target: fuzzes with `testOneInput` in a fuzzing build, replays files through it otherwise.
    package static func main(_ testOneInput: TestOneInput) -> Never {
        #if LIQUID_FUZZ
        var argc = CommandLine.argc
        var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
        exit(LLVMFuzzerRunDriver(&argc, &argv, testOneInput))
        #else
        let name = URL(fileURLWithPath: CommandLine.arguments.first ?? "fuzz").lastPathComponent
        exit(replay(Array(CommandLine.arguments.dropFirst()), through: testOneInput, name: name))
        #endif
    }

    /// Replays every file named by `arguments` (files, or folders of files) through `testOneInput`.
    /// Returns the exit status: 0 when every file ran, 1 when an argument could not be read, 2 for no
    /// arguments. A file that makes the target trap ends the process, so the last path printed names it.
    static func replay(_ arguments: [String], through testOneInput: TestOneInput, name: String) -> Int32 {
        guard !arguments.isEmpty else {
            FileHandle.standardError.write(Data("usage: \(name) FILE-OR-FOLDER… (replays each file once; build with -DLIQUID_FUZZ and -sanitize=fuzzer to fuzz)\n".utf8))
            return 2
        }
        var files: [String] = []
        for argument in arguments {
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: argument, isDirectory: &isFolder) else {
                FileHandle.standardError.write(Data("\(name): no such file or folder '\(argument)'\n".utf8))
                return 1
            }
            guard isFolder.boolValue else {
                files.append(argument)
                continue
            }
            guard let names = try? FileManager.default.contentsOfDirectory(atPath: argument) else {
                FileHandle.standardError.write(Data("\(name): cannot list folder '\(argument)'\n".utf8))
                return 1
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
                FileHandle.standardError.write(Data("\(name): cannot read '\(path)'\n".utf8))
                return 1
            }
            FileHandle.standardError.write(Data("\(name): \(path)\n".utf8))
            let bytes = [UInt8](data)
            _ = bytes.withUnsafeBufferPointer { testOneInput($0.baseAddress, $0.count) }
        }
        FileHandle.standardError.write(Data("\(name): replayed \(files.count) inputs\n".utf8))
        return 0
    }
}

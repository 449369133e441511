import Foundation

/// Timing and reporting shared by the benchmarks.
enum BenchmarkSupport {
    /// Seconds of wall-clock time spent in `body`.
    static func time(_ body: () throws -> Void) rethrows -> Double {
        let start = DispatchTime.now().uptimeNanoseconds
        try body()
        return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
    }

    /// The median of a non-empty list.
    static func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        let middle = sorted.count / 2
        return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
    }

    /// The value of `--name value` in `arguments`, if present.
    static func option(_ name: String, in arguments: [String]) -> String? {
        guard let index = arguments.firstIndex(of: "--" + name), index + 1 < arguments.count else { return nil }
        return arguments[index + 1]
    }

    /// A number with thousands separators, e.g. `17,234,001`.
    static func grouped(_ value: Double) -> String {
        let digits = String(Int(value.rounded()))
        var result = ""
        for (offset, character) in digits.reversed().enumerated() {
            if offset > 0, offset % 3 == 0, character != "-" { result.append(",") }
            result.append(character)
        }
        return String(result.reversed())
    }

    /// The real review log: `$ZHIXI_REVLOG`, else `shared/data` one or two folders above the
    /// current directory or the package root (a checkout beside `shared`, or a worktree one
    /// level deeper), or `nil` when it is absent.
    static func sharedReviewLogPath() -> String? {
        let name = "shared/data/anki-revlog-josh-2024.csv"
        let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let candidates = [ProcessInfo.processInfo.environment["ZHIXI_REVLOG"]].compactMap { $0 } + [
            FileManager.default.currentDirectoryPath + "/../" + name,
            FileManager.default.currentDirectoryPath + "/../../" + name,
            packageRoot.deletingLastPathComponent().path + "/" + name,
            packageRoot.deletingLastPathComponent().deletingLastPathComponent().path + "/" + name,
        ]
        return candidates.first { FileManager.default.fileExists(atPath: $0) }
    }

    /// Peak resident memory of this process so far, in bytes (Linux: VmHWM), or `nil`.
    static func peakResidentBytes() -> Int? {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return nil }
        for line in status.split(separator: "\n") where line.hasPrefix("VmHWM:") {
            let kilobytes = line.split(separator: " ").compactMap { Int($0) }.first
            return kilobytes.map { $0 * 1024 }
        }
        return nil
    }

    /// A JSON string literal, quotes included.
    static func jsonString(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case _ where scalar.value < 0x20: result += String(format: "\\u%04x", scalar.value)
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }
}

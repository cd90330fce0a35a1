import XTree
import XTreeArgumentParser

/// How a launched app's failures are said: with what it printed last.
extension LaunchedApp {
    /// An error that says how the child ended: the app's own fatal message first (`Fatal
    /// error: …`, `Precondition failed: …`, which a backtrace after it would hide), then the
    /// end of what it printed.
    package func failure(_ what: String) -> CLIError {
        // An example app's child is this tool: its `error:` line is this tool's message.
        if title != nil, let said = ownError { return .failure(said) }
        var message = (title ?? "the launched app \(TerminalText.escaped(path))") + " \(what)"
        let tail = output?.last(16_384, waiting: ended == nil ? 0 : 0.5) ?? []
        let lines = String(decoding: tail, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: true)
        let fatal = Self.fatalLine(in: lines)
        if let fatal { message += "; it said: " + TerminalText.quoted(String(fatal.prefix(500))) }
        // With the app's message, the backtrace after it says little; without one, the end.
        let end = String(decoding: tail.suffix(2_048), as: UTF8.self).split(separator: "\n").suffix(3)
        let last = fatal == nil ? Array(end) : []
        if !last.isEmpty {
            message += "; its last output: " + last.map { TerminalText.quoted(String($0)) }.joined(separator: " | ")
        }
        return .failure(message)
    }

    /// The last `error: ` line an example app's child printed, without its prefix.
    private var ownError: String? {
        let tail = output?.last(16_384, waiting: ended == nil ? 0 : 0.5) ?? []
        let lines = String(decoding: tail, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: true)
        return lines.last { $0.hasPrefix("error: ") }.map { String($0.dropFirst("error: ".count).prefix(2_000)) }
    }

    /// The last line of the Swift runtime's fatal message in `lines`, if there is one.
    package static func fatalLine(in lines: [Substring]) -> Substring? {
        lines.last { line in
            ["Fatal error:", "Precondition failed", "Assertion failed", "Unexpectedly found nil"].contains {
                line.contains($0)
            }
        }
    }

    /// The app's own fatal message, from the end of what the child printed, once it ended.
    package var fatalMessage: String? {
        let tail = output?.last(16_384, waiting: 0.5) ?? []
        let lines = String(decoding: tail, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: true)
        return Self.fatalLine(in: lines).map { String($0.prefix(500)) }
    }
}

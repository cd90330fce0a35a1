import Foundation
import XTree

/// How the CLI's `log`, `watch`, `record`, `replay` and web page print an event: one line,
/// escaped for a terminal.
extension JournalEvent {
    /// `#7 21:42:00.125 link recipes://… (inspector, 0.21 ms, 2 searches visited 11)`,
    /// `#9 21:42:05.000 delivered held link browser://… (app, …, held by SceneCoordinator)` or
    /// `#8 21:42:03.500 change: 2 notifications from 1 object`.
    package var summary: String {
        let head = "#\(sequence) \(Self.clockTime(time))"
        switch kind {
        case .restore(let restore):
            let milliseconds = String(format: "%.2f", restore.duration * 1000)
            let outcome = restore.error.map { ": failed: \(TerminalText.escaped($0))" } ?? ""
            return
                "\(head) restore to \(restore.to == 0 ? "the start" : "#\(restore.to)") (\(milliseconds) ms)\(outcome)"
        case .outlived(let outlived):
            return "\(head) outlived: \(outlived.count) object\(outlived.count == 1 ? "" : "s") left the tree and "
                + "\(outlived.count == 1 ? "is" : "are") still alive"
        case .change:
            return "\(head) change: \(Self.counted(notifications, objects))"
        case .link(let link):
            let searches = "\(link.searches) search\(link.searches == 1 ? "" : "es") visited \(link.visits)"
            let milliseconds = String(format: "%.2f", link.duration * 1000)
            let outcome =
                link.error.map { ": failed: \(TerminalText.escaped($0))" } ?? (unchanged ? ": unchanged" : "")
            let held = link.held.map { ", held by \(TerminalText.escaped($0))" } ?? ""
            let what = link.delivery.map { "\($0.rawValue) held link" } ?? "link"
            return "\(head) \(what) \(TerminalText.escaped(link.url)) (\(link.source.rawValue), \(milliseconds) ms, "
                + "\(searches)\(held))\(outcome)"
        }
    }

    /// `2 notifications from 1 object`.
    package static func counted(_ notifications: Int, _ objects: Int) -> String {
        "\(notifications) notification\(notifications == 1 ? "" : "s") from \(objects) object\(objects == 1 ? "" : "s")"
    }

    /// `failed` or `unchanged` for such a link, which the web page shows in a colour of its own.
    package var flag: String? {
        guard let link else { return nil }
        return link.error != nil ? "failed" : unchanged ? "unchanged" : nil
    }

    /// `21:42:00.125`, local time.
    package static func clockTime(_ seconds: Double) -> String {
        let parts = Calendar.current.dateComponents(
            [.hour, .minute, .second], from: Date(timeIntervalSince1970: seconds.rounded(.down)))
        let milliseconds = min(999, Int((seconds - seconds.rounded(.down)) * 1000))
        return String(
            format: "%02d:%02d:%02d.%03d", parts.hour ?? 0, parts.minute ?? 0, parts.second ?? 0, milliseconds)
    }
}

extension JournalEvent.Outlived {
    /// `DefaultRatingViewModel #00gbv5j0 "Irish Stew" left in #3 at 21:42:00.125`.
    package var summary: String {
        "\(node) left in #\(left) at \(JournalEvent.clockTime(leftTime))"
    }
}

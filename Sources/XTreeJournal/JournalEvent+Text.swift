import Foundation
import XTree

/// How the CLI's `log`, `record`, `replay` and web page print an event: one line, escaped
/// for a terminal.
extension JournalEvent {
    /// `#7 21:42:00.125 link recipes://… (inspector, 0.21 ms, 2 searches visited 11)` or
    /// `#8 21:42:03.500 change: 2 notifications from 1 object`.
    package var summary: String {
        Self.summary(
            sequence: sequence, time: time, link: link, restore: restore, outlived: outlived,
            notifications: notifications, objects: objects, unchanged: unchanged)
    }

    /// The line of an event of these fields: the one wording of an event, whether it is read
    /// with its diff (`log`) or as the app sends it (the web page's journal).
    static func summary(
        sequence: Int, time: Double, link: Link?, restore: Restore?, outlived: [Outlived]?, notifications: Int,
        objects: Int, unchanged: Bool
    ) -> String {
        let head = "#\(sequence) \(Self.clockTime(time))"
        if let restore = restore {
            let milliseconds = String(format: "%.2f", restore.duration * 1000)
            let outcome = restore.error.map { ": failed: \(TerminalText.escaped($0))" } ?? ""
            return
                "\(head) restore to \(restore.to == 0 ? "the start" : "#\(restore.to)") (\(milliseconds) ms)\(outcome)"
        }
        if let outlived = outlived {
            return "\(head) outlived: \(outlived.count) object\(outlived.count == 1 ? "" : "s") left the tree and "
                + "\(outlived.count == 1 ? "is" : "are") still alive"
        }
        guard let link = link else {
            let (count, objects) = (notifications, objects)
            return "\(head) change: \(count) notification\(count == 1 ? "" : "s") from \(objects) "
                + "object\(objects == 1 ? "" : "s")"
        }
        let searches = "\(link.searches) search\(link.searches == 1 ? "" : "es") visited \(link.visits)"
        let milliseconds = String(format: "%.2f", link.duration * 1000)
        let outcome =
            link.error.map { ": failed: \(TerminalText.escaped($0))" } ?? (unchanged ? ": unchanged" : "")
        return "\(head) link \(TerminalText.escaped(link.url)) (\(link.source.rawValue), \(milliseconds) ms, "
            + "\(searches))\(outcome)"
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

extension JournalRecord {
    /// Whether this is a link that succeeded and changed nothing: its edit is empty. The same
    /// rule as ``JournalEvent/unchanged``, read without the tree.
    package var unchanged: Bool { link.map { $0.error == nil } == true && edit.isEmpty }

    /// The line `log` prints for the event this record makes, read without the tree.
    package var summary: String {
        JournalEvent.summary(
            sequence: sequence, time: time, link: link, restore: restore, outlived: outlived,
            notifications: notifications, objects: objects, unchanged: unchanged)
    }
}

extension JournalEvent.Outlived {
    /// `DefaultRatingViewModel #00gbv5j0 "Irish Stew" left in #3 at 21:42:00.125`.
    package var summary: String {
        "\(node) left in #\(left) at \(JournalEvent.clockTime(leftTime))"
    }
}

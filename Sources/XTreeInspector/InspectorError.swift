/// Why attaching to, or serving, an inspector failed.
public enum InspectorError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The runtime directory is not the user's alone.
    case unsafeDirectory(String, String)
    /// No running app matches what was asked for.
    case noSuchApp(String)
    /// Several running apps have the name asked for.
    case ambiguous(String, pids: [Int32])
    /// The app could not be reached, or went away.
    case disconnected(String)
    /// The app did not answer in time: most likely its main actor is busy, since every
    /// request touches the tree there.
    case noAnswer(seconds: Double)
    /// The app refused a request, or answered with something that is not the protocol.
    case refused(String)
    /// A file or socket operation failed.
    case io(String)

    /// The reason in a sentence, for an `error:` line.
    public var description: String {
        switch self {
        case .unsafeDirectory(let path, let problem): "the inspector directory \(path) \(problem)"
        case .noSuchApp(let target): "no inspectable app matches '\(target)'; see 'xtree-cli list'"
        case .ambiguous(let name, let pids):
            "several apps are named '\(name)' (pids \(pids.map(String.init).joined(separator: ", "))); attach by pid"
        case .disconnected(let reason): "the app went away: \(reason)"
        case .noAnswer(let seconds):
            "the app did not answer within \(seconds.rounded() == seconds ? String(Int(seconds)) : String(seconds)) s; "
                + "its main actor may be busy, it may be stopped at a breakpoint, or (an iOS app in the background) "
                + "suspended"
        case .refused(let reason): "the app refused: \(reason)"
        case .io(let reason): reason
        }
    }
}

import XTree
import XTreeArgumentParser

/// `--attach` or `--launch`: a running app, or one started for the command, instead of the
/// example one.
package struct AttachOption: ParsableArguments {
    package init() {}
    @Option(
        name: "attach", value: "NAME|PID|ADDRESS",
        help: "Work on a running app's tree (see 'xtree-cli list') instead of starting the app.")
    package var attach: String?
    @Option(
        name: "launch", value: "PATH|NAME",
        help:
            "Start an app, work on it, then stop it: your launch executable (see Inspector.serve), a NAME from "
            + ".xtree.json, or an example app (recipes, shop)."
    )
    package var launch: String?
    package func validate() throws(CLIError) {
        if attach != nil, launch != nil {
            throw .usage("--attach and --launch name two different apps; give one", command: nil)
        }
    }
}

/// `--hold-timeout`: how long a running app waits for a link it holds to be delivered.
package struct HoldOption: ParsableArguments {
    package init() {}
    @Option(
        name: "hold-timeout", value: "SECONDS",
        help: "Wait this long for a link the app holds until it can handle it (default 5, or XTREE_HOLD_TIMEOUT).")
    package var holdTimeout: String?

    /// The seconds `text` gives, if it is a number from 0 to a day.
    package static func seconds(_ text: String?) -> Double? {
        text.flatMap(Double.init).flatMap { $0.isFinite && $0 >= 0 && $0 <= 86_400 ? $0 : nil }
    }

    package func validate() throws(CLIError) {
        if let holdTimeout, Self.seconds(holdTimeout) == nil {
            throw .usage(
                "--hold-timeout takes a number of seconds from 0 to 86400, got '\(TerminalText.shortened(holdTimeout))'",
                command: nil)
        }
    }
}

/// `--snapshot` or `--attach`: a tree other than the example app's.
package struct TargetOptions: ParsableArguments {
    package init() {}
    package static let isExclusive = true

    @Option(
        name: "snapshot", value: "FILE|-",
        help: "Read the tree from a JSON snapshot (- for standard input) instead of starting the app.")
    package var snapshot: RawPath?
    @OptionGroup package var attach: AttachOption

    package func validate() throws(CLIError) {
        if attach.attach != nil || attach.launch != nil, snapshot != nil {
            throw .usage(
                "--\(attach.attach != nil ? "attach" : "launch") and --snapshot name two different trees; give one",
                command: nil)
        }
    }
}

extension Context {
    /// The target `--attach`, `--launch` or `--snapshot` names, or a fresh start of the
    /// example app. Options that configure the example app are refused with another target.
    package func target(_ app: AttachOption, snapshot source: RawPath? = nil) throws(CLIError) -> any Target {
        if let running = try running(app) { return running }
        guard let source else { return try launchExample().target }
        try refuseEmbeddedOptions(with: "--snapshot")
        return SnapshotTarget(try snapshot(from: source))
    }

    /// The app `--attach` or `--launch` names, for a command that applies links to it over its
    /// inspector; `nil` when neither is given or `--launch` names the example app.
    ///
    /// - Parameter hold: `--hold-timeout`, where the command takes it, over
    ///   `XTREE_HOLD_TIMEOUT` (else the app's default, 5 s).
    package func running(_ app: AttachOption, hold: HoldOption? = nil) throws(CLIError) -> AttachedTarget? {
        guard app.attach != nil || !isExample(app.launch) else { return nil }
        try refuseEmbeddedOptions(with: app.attach != nil ? "--attach" : "--launch")
        let holdTimeout = HoldOption.seconds(hold?.holdTimeout)
        guard let path = app.launch else {
            let target = try attach(app.attach ?? "")
            if let holdTimeout { target.client.holdTimeout = holdTimeout }
            return target
        }
        let launched = try launch(path)
        if let holdTimeout { launched.holdTimeout = holdTimeout }
        guard let target = launched.target else { preconditionFailure("a launched app is attached") }
        return target
    }

    /// The app `--attach` or `--launch` names, else the example app launched in a child.
    package func runningOrExample(_ app: AttachOption, hold: HoldOption? = nil) throws(CLIError) -> AttachedTarget {
        if let running = try running(app, hold: hold) { return running }
        let (target, launched) = try launchExample()
        if let seconds = HoldOption.seconds(hold?.holdTimeout) { launched.holdTimeout = seconds }
        return target
    }

    /// Options that configure the example app are refused with another app or tree: they
    /// would be dropped without a word.
    private func refuseEmbeddedOptions(with other: String) throws(CLIError) {
        let given = embeddedOptionsGiven
        guard given.isEmpty else {
            throw .usage(
                "\(given.joined(separator: ", ")) configure\(given.count == 1 ? "s" : "") the example app and "
                    + "cannot be used with " + other,
                command: command)
        }
    }

    package func target(_ options: TargetOptions) throws(CLIError) -> any Target {
        try target(options.attach, snapshot: options.snapshot)
    }
}

import XTree
import XTreeArgumentParser

/// `--attach` or `--launch`: a running app, or one started for the command, instead of the
/// embedded one.
package struct AttachOption: ParsableArguments {
    package init() {}
    @Option(
        name: "attach", value: "NAME|PID|ADDRESS",
        help: "Work on a running app's tree (see 'xtree-cli list') instead of starting the app.")
    package var attach: String?
    @Option(
        name: "launch", value: "PATH|NAME",
        help:
            "Start your app's launch executable (see Inspector.serve; a NAME from .xtree.json), work on it, then stop it."
    )
    package var launch: String?

    package func validate() throws(CLIError) {
        if attach != nil, launch != nil {
            throw .usage("--attach and --launch name two different apps; give one", command: nil)
        }
    }
}

/// `--snapshot` or `--attach`: a tree other than the embedded app's.
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
    /// embedded app. Options that configure the embedded app are refused with another target.
    package func target(_ app: AttachOption, snapshot source: RawPath? = nil) throws(CLIError) -> any Target {
        guard app.attach != nil || app.launch != nil || source != nil else { return try startApp().target() }
        guard embeddedOptionsGiven.isEmpty else {
            let given = embeddedOptionsGiven
            let other = app.attach != nil ? "--attach" : app.launch != nil ? "--launch" : "--snapshot"
            throw .usage(
                "\(given.joined(separator: ", ")) configure\(given.count == 1 ? "s" : "") the embedded app and "
                    + "cannot be used with " + other,
                command: command)
        }
        if let attach = app.attach { return try self.attach(attach) }
        if let path = app.launch {
            guard let target = try launch(path).target else { preconditionFailure("a launched app is attached") }
            return target
        }
        return SnapshotTarget(try snapshot(from: source ?? RawPath("-")))
    }

    package func target(_ options: TargetOptions) throws(CLIError) -> any Target {
        try target(options.attach, snapshot: options.snapshot)
    }
}

import XTree
import XTreeArgumentParser

/// `--attach`: a running app instead of the embedded one.
package struct AttachOption: ParsableArguments {
    package init() {}
    @Option(
        name: "attach", value: "NAME|PID|ADDRESS",
        help: "Work on a running app's tree (see 'xtree-cli list') instead of starting the app.")
    package var attach: String?
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
        if attach.attach != nil, snapshot != nil {
            throw .usage("--attach and --snapshot name two different trees; give one", command: nil)
        }
    }
}

extension Context {
    /// The target `--attach` and `--snapshot` name, or a fresh start of the embedded app.
    /// Options that configure the embedded app are refused with another target.
    package func target(attach: String?, snapshot source: RawPath? = nil) throws(CLIError) -> any Target {
        guard attach != nil || source != nil else { return try startApp().target() }
        guard embeddedOptionsGiven.isEmpty else {
            let given = embeddedOptionsGiven
            throw .usage(
                "\(given.joined(separator: ", ")) configure\(given.count == 1 ? "s" : "") the embedded app and "
                    + "cannot be used with " + (attach != nil ? "--attach" : "--snapshot"),
                command: command)
        }
        if let attach { return try self.attach(attach) }
        return SnapshotTarget(try snapshot(from: source ?? RawPath("-")))
    }

    package func target(_ options: TargetOptions) throws(CLIError) -> any Target {
        try target(attach: options.attach.attach, snapshot: options.snapshot)
    }
}

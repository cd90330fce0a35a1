import Foundation
import XTreeArgumentParser
import XTreeConsole

/// The options every command takes.
struct CommonOptions: ParsableArguments {
    enum ColorChoice: String, CaseIterable { case auto, always, never }

    @Option(name: "color", help: "Colour the output (auto: only on a terminal and without NO_COLOR).")
    var color: ColorChoice = .auto

    /// Decides whether standard output is coloured.
    func configure(_ console: Console, environment: [String: String]) {
        switch color {
        case .always: console.colors = true
        case .never: console.colors = false
        case .auto:
            let noColor = environment["NO_COLOR"].map { !$0.isEmpty } ?? false
            console.colors = console.isTerminal && !noColor
        }
    }
}

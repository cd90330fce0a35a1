import Foundation
import XTreeArgumentParser
import XTreeConsole

/// The options every command takes.
package struct CommonOptions: ParsableArguments {
    package init() {}
    package enum ColorChoice: String, CaseIterable { case auto, always, never }

    @Option(name: "color", help: "Colour the output (auto: only on a terminal and without NO_COLOR).")
    package var color: ColorChoice = .auto

    /// Decides whether standard output is coloured.
    package func configure(_ console: Console, environment: [String: String]) {
        switch color {
        case .always: console.colors = true
        case .never: console.colors = false
        case .auto:
            let noColor = environment["NO_COLOR"].map { !$0.isEmpty } ?? false
            console.colors = console.isTerminal && !noColor
        }
    }
}

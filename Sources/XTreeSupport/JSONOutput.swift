import Foundation

/// The one way the package writes JSON for people and tools: keys sorted, so that the same
/// value is the same bytes in every run, and slashes as they are (links stay readable).
package enum JSONOutput {
    /// An encoder so set; `pretty` adds line breaks and indentation, for files people read.
    package static func encoder(pretty: Bool = false) -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting =
            pretty ? [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes] : [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }
}

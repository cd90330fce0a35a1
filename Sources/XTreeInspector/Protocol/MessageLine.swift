import Foundation
import XTreeSupport

/// A message as one line of JSON with sorted keys, `\n` included.
func encodedLine(_ message: some Encodable) -> [UInt8] {
    let encoder = JSONOutput.encoder()
    // Every field is a string, number, Boolean, or an array or object of them.
    let data = (try? encoder.encode(message)) ?? Data("{}".utf8)
    return Array(data) + [UInt8(ascii: "\n")]
}

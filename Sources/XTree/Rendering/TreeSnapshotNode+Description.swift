extension TreeSnapshot.Node: CustomStringConvertible {
    /// `order Type #id "label" key=value …`: how every output names a node.
    public var description: String { headline() }

    func headline(attributes showsAttributes: Bool = true) -> String {
        var bytes: [UInt8] = []
        appendHeadline(to: &bytes, attributes: showsAttributes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Appends the headline's UTF-8 bytes; built as bytes, since renderers write a line per
    /// node and a byte append costs a fraction of a string append.
    func appendHeadline(to bytes: inout [UInt8], attributes showsAttributes: Bool = true) {
        withUnsafePointer(to: self) { Self.appendHeadline(of: $0, to: &bytes, attributes: showsAttributes) }
    }

    /// ``appendHeadline(to:attributes:)`` for a node read in place, field by field, so that
    /// the node is never copied as a whole (a retain and a release of each of its fields).
    static func appendHeadline(
        of node: UnsafePointer<Self>, to bytes: inout [UInt8], attributes showsAttributes: Bool = true
    ) {
        appendDecimal(node.pointee.order, to: &bytes)
        bytes.append(UInt8(ascii: " "))
        TerminalText.appendEscaped(node.pointee.type, to: &bytes)
        bytes.append(contentsOf: " #".utf8)
        TerminalText.appendEscaped(node.pointee.id, to: &bytes)
        if !node.pointee.label.isEmpty {
            bytes.append(UInt8(ascii: " "))
            bytes.append(contentsOf: TerminalText.quoted(node.pointee.label).utf8)
        }
        guard showsAttributes else { return }
        for attribute in node.pointee.attributes {
            bytes.append(UInt8(ascii: " "))
            TerminalText.appendEscaped(attribute.key, to: &bytes)
            bytes.append(UInt8(ascii: "="))
            bytes.append(contentsOf: TerminalText.displayValue(attribute.value).utf8)
        }
    }
}

/// Appends `number` in decimal.
func appendDecimal(_ number: Int, to bytes: inout [UInt8]) {
    if number < 0 { bytes.append(UInt8(ascii: "-")) }
    // The digits, last first, in a buffer on the stack: 20 digits hold any Int.
    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { digits in
        var rest = number.magnitude
        var start = 20
        repeat {
            start -= 1
            digits[start] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: rest % 10)
            rest /= 10
        } while rest > 0
        bytes.append(contentsOf: UnsafeBufferPointer(rebasing: digits[start...]))
    }
}

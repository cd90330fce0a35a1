import XTreeEscaping

extension TreeSnapshot.Node: CustomStringConvertible {
    /// `order Type #id "label" key=value …`: how every output names a node.
    public var description: String { headline() }

    package func headline(attributes showsAttributes: Bool = true) -> String {
        var bytes = UTF8Buffer()
        appendHeadline(to: &bytes, attributes: showsAttributes)
        return bytes.string
    }

    /// Appends the headline's UTF-8 bytes; built as bytes, since renderers write a line per
    /// node and a byte append costs a fraction of a string append.
    package func appendHeadline(to bytes: inout UTF8Buffer, attributes showsAttributes: Bool = true) {
        var label = label
        label.withUTF8 { label in
            Self.appendHeadline(
                order: order, label: label, attributes: showsAttributes ? attributes[...] : [], to: &bytes,
                type: { TerminalText.appendEscaped(type, to: &$0) }, id: { TerminalText.appendEscaped(id, to: &$0) })
        }
    }

    /// The one writer of headlines, for node values and for a snapshot's columns alike; the
    /// type and the id are appended, already escaped, by `appendType` and `appendID`.
    @inlinable @inline(__always)
    package static func appendHeadline(
        order: Int,
        label: UnsafeBufferPointer<UInt8>,
        attributes: ArraySlice<TreeSnapshot.Attribute>,
        to bytes: inout UTF8Buffer,
        type appendType: (inout UTF8Buffer) -> Void,
        id appendID: (inout UTF8Buffer) -> Void
    ) {
        appendDecimal(order, to: &bytes)
        bytes.append(UInt8(ascii: " "))
        appendType(&bytes)
        bytes.append(" #")
        appendID(&bytes)
        if !label.isEmpty {
            bytes.append(UInt8(ascii: " "))
            TerminalText.appendQuoted(utf8: label, to: &bytes)
        }
        for attribute in attributes {
            bytes.append(UInt8(ascii: " "))
            TerminalText.appendDisplayKey(attribute.key, to: &bytes)
            bytes.append(UInt8(ascii: "="))
            TerminalText.appendDisplayValue(attribute.value, to: &bytes)
        }
    }
}

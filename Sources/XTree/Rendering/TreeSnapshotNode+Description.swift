extension TreeSnapshot.Node: CustomStringConvertible {
    /// `order Type #id "label" key=value …`: how every output names a node.
    public var description: String { headline() }

    func headline(attributes showsAttributes: Bool = true) -> String {
        var text = ""
        appendHeadline(to: &text, attributes: showsAttributes)
        return text
    }

    func appendHeadline(to text: inout String, attributes showsAttributes: Bool = true) {
        text += String(order)
        text += " "
        text += TerminalText.escaped(type)
        text += " #"
        text += TerminalText.escaped(id)
        if !label.isEmpty {
            text += " "
            text += TerminalText.quoted(label)
        }
        guard showsAttributes else { return }
        for attribute in attributes {
            text += " "
            text += TerminalText.escaped(attribute.key)
            text += "="
            text += TerminalText.displayValue(attribute.value)
        }
    }
}

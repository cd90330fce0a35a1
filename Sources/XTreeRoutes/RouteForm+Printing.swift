/// A form printed: as people read it, and as a link with values.
extension RouteForm {
    /// The form as people read it, after `prefix` (`shop://`): each value as `<name>`, or its
    /// choices as `<a|b|c>`; a query item a link may leave out in brackets (`[token=<token>]`),
    /// and one it may give several times with `…` after them.
    func form(after prefix: String) -> String {
        let shown = { (index: Int) in
            "<" + (choices[safe: index]?.map { $0.joined(separator: "|") } ?? valueNames[safe: index] ?? "") + ">"
        }
        return prefix
            + render(shown) { name, index in
                lists[index] ? ["[\(name)=\(shown(index))]…"] : accepts[index]("") ? ["[\(name)=\(shown(index))]"] : nil
            }
    }

    /// The link's text after its prefix, with `values` (percent-encoded), in the pattern's order:
    /// a list's query item once for each element, and an optional one left out without a value.
    package func path(with values: [String]) -> String {
        let items = { (name: String, index: Int) -> [String]? in
            let text = values[safe: index] ?? ""
            if lists[index] { return (RouteList.elements(of: text) ?? []).map { "\(name)=\(Self.encoded($0))" } }
            return text.isEmpty ? [] : nil
        }
        return render({ Self.encoded(values[safe: $0] ?? "") }, items: items)
    }

    /// The pattern with each value as `text` gives it for the value's index, and each query item
    /// whose whole value is a value as `items` gives it (`nil` for as `text` does).
    private func render(_ text: (Int) -> String, items: (_ name: String, _ index: Int) -> [String]?) -> String {
        func rendered(_ piece: Piece) -> String {
            switch piece {
            case .literal(let literal): literal
            case .value(let index, let prefix, let suffix): prefix + text(index) + suffix
            }
        }
        var result = segments.map(rendered).joined(separator: "/")
        let query = query.flatMap { name, piece -> [String] in
            if case .value(let index, "", "") = piece, let given = items(name, index) { return given }
            return ["\(name)=" + rendered(piece)]
        }
        if !query.isEmpty { result += "?" + query.joined(separator: "&") }
        return result
    }

    /// `text` with everything but RFC 3986's unreserved characters percent-encoded.
    static func encoded(_ text: String) -> String {
        var result = ""
        for byte in text.utf8 {
            let unreserved =
                (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x30 && byte <= 0x39)
                || byte == 0x2D || byte == 0x2E || byte == 0x5F || byte == 0x7E
            if unreserved {
                result.append(Character(Unicode.Scalar(byte)))
            } else {
                result += "%" + String(byte, radix: 16, uppercase: true).leftPadded(to: 2)
            }
        }
        return result
    }
}

extension String {
    fileprivate func leftPadded(to count: Int) -> String {
        String(repeating: "0", count: Swift.max(0, count - self.count)) + self
    }
}

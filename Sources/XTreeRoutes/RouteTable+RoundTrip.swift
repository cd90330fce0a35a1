extension RouteTable where Link: Equatable {
    /// Every way printing and parsing fail to be each other's inverse, for every form, scheme
    /// and host, after the table's ``problems``: each form's samples and, in each of its values,
    /// `generated` texts made for it (spaces, reserved and non-ASCII characters, percent signs,
    /// slashes), those its value accepts. Empty when they round-trip: one line in a test.
    ///
    /// ```swift
    /// #expect(ShopLink.routes.roundTripFailures().isEmpty)
    /// ```
    public func roundTripFailures(generated: Int = 64) -> [String] {
        var failures = problems
        var generator = Generator(seed: 0x5EED)
        for route in routes where route.problem == nil {
            // Generated texts in each value in turn, the others their first sample's.
            let first = route.samples.first ?? route.valueNames.map { _ in "a" }
            let generatedSamples = route.valueNames.indices.flatMap { index in
                (0..<generated).map { _ in
                    var texts = first
                    texts[index] =
                        route.lists[index]
                        ? RouteList.text(of: [generator.text(), generator.text()]) : generator.text()
                    return texts
                }
            }
            for texts in route.samples + generatedSamples {
                guard let link = route.make(texts) else { continue }
                let shown = texts.map { "'\($0)'" }.joined(separator: ", ")
                let urls = urls(for: link)
                if urls.isEmpty { failures.append("\(route.pattern) with \(shown): no form prints the link") }
                for url in urls {
                    do {
                        let parsed = try parse(url)
                        if parsed != link { failures.append("\(url) parses to another link than was printed") }
                    } catch {
                        failures.append("\(url), printed for \(shown), does not parse: \(error.reason)")
                    }
                }
            }
        }
        return failures
    }
}

/// Texts for round trips, the same in every run.
private struct Generator {
    var state: UInt64
    init(seed: UInt64) { state = seed }

    static let alphabet = Array("aZ09-._~ /?#&=%+:@!$'()*,;[]\"<>\\^`{|}é日😀\u{7F}\t")

    mutating func next() -> UInt64 {
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        return state >> 33
    }

    /// A text, never `.` or `..`: no link carries those as a segment (RFC 3986 removes them).
    mutating func text() -> String {
        let text = String(
            (0..<(1 + Int(next() % 12))).map { _ in Self.alphabet[Int(next() % UInt64(Self.alphabet.count))] })
        return text == "." || text == ".." ? text + "a" : text
    }
}

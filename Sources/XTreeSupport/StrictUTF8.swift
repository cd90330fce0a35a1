extension String {
    /// The bytes as text if they are UTF-8, else `nil`: what `String(validating:as:)` says on
    /// systems new enough to have it (iOS 18, macOS 15), for every system the package builds for.
    package init?(strictUTF8 bytes: some Collection<UInt8>) {
        let text = String(decoding: bytes, as: UTF8.self)
        // Decoding repairs what is not UTF-8 with U+FFFD, which changes the bytes.
        guard text.utf8.elementsEqual(bytes) else { return nil }
        self = text
    }
}

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

extension UInt8 {
    /// The value of this byte as a hexadecimal digit (`0`–`9`, `a`–`f`, `A`–`F`), else `nil`:
    /// for the readers of percent-escapes.
    package var hexDigitValue: UInt8? {
        switch self {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): self - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): self - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): self - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}

import Foundation
import RecipesDomain

/// libFuzzer entry point: arbitrary bytes through `URL`, `URLComponents` and `DeepLink`.
///
/// Besides "no crash", it checks the parser's promises: every accepted link round-trips
/// through its canonical `url` to an equal `DeepLink`; every rejection is a `DeepLinkError`
/// (the typed throws make that a compile-time fact; its message must be non-empty and
/// mention no more than 200 characters of the link).
@_cdecl("LLVMFuzzerTestOneInput")
public func deepLinkFuzzTarget(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let bytes = Data(bytes: start, count: count)
    check(String(decoding: bytes, as: UTF8.self))
    if let url = URL(dataRepresentation: bytes, relativeTo: nil) {
        do {
            let link = try DeepLink(url: url)
            roundTrip(link)
        } catch {
            checkMessage(error)
        }
    }
    return 0
}

private func check(_ text: String) {
    do {
        let link = try DeepLink(string: text)
        roundTrip(link)
    } catch {
        checkMessage(error)
    }
}

private func roundTrip(_ link: DeepLink) {
    guard let again = try? DeepLink(url: link.url), again == link else {
        fatalError("accepted link \(link) does not round-trip through \(link.url)")
    }
    guard let fromText = try? DeepLink(string: link.description), fromText == link else {
        fatalError("accepted link \(link) does not round-trip through its description")
    }
}

private func checkMessage(_ error: DeepLinkError) {
    guard !error.description.isEmpty, error.link.count <= 201 else {
        fatalError("rejection without a usable message: \(error.reason)")
    }
}

import XTreeWeb

/// libFuzzer entry point: arbitrary bytes as the start of a connection to `xtree-cli web`.
///
/// Besides "no crash", it checks that an accepted request takes no more bytes than arrived,
/// holds no line break or NUL in any field, and writes back as bytes that read as the same
/// request; and that a refusal gives a client error status and a reason.
@_cdecl("LLVMFuzzerTestOneInput")
public func httpFuzzTarget(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let bytes = Array(UnsafeRawBufferPointer(start: start, count: count))
    switch HTTPRequest.parse(bytes) {
    case .request(let request, let length):
        guard length <= bytes.count else { fatalError("a request longer than its bytes") }
        for field in request.headers {
            if field.value.unicodeScalars.contains(where: { $0 == "\r" || $0 == "\n" || $0 == "\0" }) {
                fatalError("a header value holds a line break or NUL")
            }
        }
        let written = request.serialized
        guard case .request(let again, let length) = HTTPRequest.parse(written), again == request,
            length == written.count
        else { fatalError("an accepted request does not read back as itself") }
    case .refused(let status, let reason):
        guard (400...505).contains(status), !reason.isEmpty else { fatalError("a refusal without a reason") }
    case .incompleteBody(let head, let length):
        guard head.body.isEmpty, length > 0, length <= HTTPRequest.maximumHeadBytes + HTTPRequest.maximumBodyBytes + 4
        else { fatalError("a head whose body length is out of bounds") }
    case .incomplete:
        break
    }
    return 0
}

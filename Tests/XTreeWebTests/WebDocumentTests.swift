import Foundation
import Testing

@testable import XTreeWeb

/// The protocol document's web section states the limits the server keeps: a change to either
/// without the other fails here.
@Suite struct WebDocumentTests {
    @Test func theDocumentStatesEveryLimitTheServerKeeps() throws {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Docs/InspectorProtocol.md")
        let text = try String(contentsOf: url, encoding: .utf8)
        let web = try #require(text.components(separatedBy: "## The web server").last)
        let document = web.replacingOccurrences(of: "\n  ", with: " ").replacingOccurrences(of: "\n", with: " ")
        func grouped(_ number: Int) -> String {
            let formatter = NumberFormatter()
            formatter.numberStyle = .decimal
            formatter.locale = Locale(identifier: "en_US")
            return formatter.string(from: NSNumber(value: number)) ?? "\(number)"
        }
        let limits = WebServer.Limits()
        let statements = [
            "A request head is at most \(grouped(HTTPRequest.maximumHeadBytes)) bytes and "
                + "\(HTTPRequest.maximumFields) fields (431), a body at most \(grouped(HTTPRequest.maximumBodyBytes)) bytes",
            "At most \(limits.connections) connections are open at once",
            "at most \(limits.strangers), each with \(Int(limits.headTimeout)) seconds for its whole head",
            "At most \(limits.requests) requests that showed the token",
            "each with \(Int(limits.bodyTimeout)) seconds for its body and \(Int(limits.writeTimeout)) seconds",
            "At most \(limits.streams) event streams are open at once",
            "leaves \(grouped(limits.streamBacklog)) bytes unread",
            "a comment every \(Int(limits.keepAlive)) seconds",
            "the cookie `\(WebDoor.cookieName)`",
            "`\(HTTPRequest.methods.joined(separator: "` and `"))` only",
        ]
        for statement in statements {
            #expect(document.contains(statement), "Docs/InspectorProtocol.md's web section does not say: \(statement)")
        }
    }
}

import Foundation
import XTree
import XTreeInspector
import XTreeJournal
import XTreePlatform
import XTreeSnapshot
import XTreeSupport

extension InspectorClient {
    /// What the app said of where a link would end: the answer of its search alone, or (from
    /// its own router, or an app of an earlier build) the search's trace and the tree.
    package enum WhyReply {
        case answer(WhyResult, FoundAnswer)
        case traced(WhyResult, SearchTrace, TreeSnapshot)
    }

    /// Asks the app where `link` would end, without applying it, for the answer alone where the
    /// app can give it (a route table's link, searched in its live view: no tree sent), with at
    /// most `shown` visited nodes' lines.
    package func whyAnswer(_ link: String, shown: Int) throws(InspectorError) -> WhyReply {
        let reply = try exchange(request(.why(link: link, answerOnly: true, shown: shown)))
        guard let result = reply.why else { throw .refused("a why reply without its result") }
        if let found = reply.found { return .answer(result, found) }
        guard let trace = reply.trace else { throw .refused("a why reply without its result") }
        return .traced(result, trace, try readSnapshot(announced: reply))
    }

    /// Asks the app where `link` would end, without applying it: the app parses it with its
    /// route table and searches its tree for the receiver, as `find` does; no handler runs.
    ///
    /// - Returns: The link's form and receiver, the search's trace, and the tree searched.
    /// - Throws: ``InspectorError/refused(_:)`` if the app has no route table or the link is of
    ///   none of its forms.
    public func why(_ link: String) throws(InspectorError) -> (
        result: WhyResult, trace: SearchTrace, snapshot: TreeSnapshot
    ) {
        let reply = try exchange(request(.why(link: link, answerOnly: false, shown: nil)))
        guard let result = reply.why, let trace = reply.trace else { throw .refused("a why reply without its result") }
        return (result, trace, try readSnapshot(announced: reply))
    }
}

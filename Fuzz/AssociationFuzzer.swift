import Foundation
import XTreeReachability

/// The URLs every file that reads is matched against.
let associationURLs = [
    "https://e.example/", "https://e.example/buy/shoes?articleNumber=1234#top", "https://e.example/a%20b/c?x=1&y",
    "https://e.example/" + String(repeating: "a/", count: 200),
]

/// libFuzzer entry point: arbitrary bytes as an `apple-app-site-association` file, as
/// `xtree-cli links --aasa` reads one from a website.
///
/// Besides "no crash" and the fuzzer's time limit on each input (the matcher has no
/// backtracking), it checks that a file is read or refused with a message, and that the rule
/// deciding a URL is one of the entry's rules.
@_cdecl("LLVMFuzzerTestOneInput")
public func associationFuzzTarget(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let data = Data(bytes: start, count: count)
    let file: AppSiteAssociation
    do {
        file = try AppSiteAssociation(data: data)
    } catch {
        if error.description.isEmpty { fatalError("a refusal without a message") }
        return 0
    }
    for entry in file.entries {
        let index = RuleIndex(entry)
        for url in associationURLs {
            guard let components = URLComponents(string: url) else { continue }
            let rule = file.decidingRule(for: components, in: entry)
            if let rule, !entry.rules.contains(rule) {
                fatalError("a deciding rule that is not the entry's")
            }
            // The index the check decides by agrees with trying every rule in order.
            var budget = Int.max
            let indexed = index.decidingRule(for: URLParts(components), in: entry, budget: &budget)
            if indexed.map({ entry.rules[$0] }) != rule
                || (indexed != nil && entry.rules.firstIndex(of: rule!) != indexed)
            {
                fatalError("the rule index decides otherwise than the rules in order")
            }
        }
    }
    return 0
}

import Testing

@testable import XTree

/// Node ids are checked for collisions after the walk; these tests make collisions common (ids
/// of a few bits) and compare with the rule applied node by node.
@Suite struct NodeIDTests {
    /// The rule, node by node: a candidate taken by an earlier id is mixed again until free.
    static func referenceIDs(steps: [UInt64], parents: [Int32], keyBits: Int) -> [UInt64] {
        let mask: UInt64 = (1 << UInt64(keyBits)) - 1
        var hashes: [UInt64] = []
        var used = Set<UInt64>()
        for (node, step) in steps.enumerated() {
            var hash = mix((parents[node] < 0 ? 0 : hashes[Int(parents[node])]) ^ mix(step))
            while used.contains(hash & mask) { hash = mix(hash) }
            used.insert(hash & mask)
            hashes.append(hash)
        }
        return hashes.map { $0 & mask }
    }

    /// A random breadth-first tree: parents never decrease and come before their children.
    /// Steps come from a small range, so that siblings often share one and collide for sure.
    static func randomTree(count: Int, using random: inout some RandomNumberGenerator) -> (
        steps: [UInt64], parents: [Int32]
    ) {
        var parents: [Int32] = [-1]
        for node in 1..<count {
            let previous = Int(parents[node - 1] < 0 ? 0 : parents[node - 1])
            parents.append(Int32(Int.random(in: previous...Swift.min(previous + 2, node - 1), using: &random)))
        }
        return ((0..<count).map { _ in UInt64.random(in: 0..<8, using: &random) }, parents)
    }

    @Test(arguments: [
        (keyBits: 6, count: 20), (keyBits: 7, count: 32), (keyBits: 13, count: 3_000), (keyBits: 16, count: 20_000),
        (keyBits: 40, count: 20_000),
    ])
    func idsFollowTheRuleNodeByNode(keyBits: Int, count: Int) {
        var random = SystemRandomNumberGenerator()
        for _ in 0..<5 {
            let tree = Self.randomTree(count: count, using: &random)
            var ids = NodeIDs(keyBits: keyBits)
            for (node, step) in tree.steps.enumerated() {
                ids.append(step: step, parent: tree.parents[node] < 0 ? nil : Int(tree.parents[node]))
            }
            ids.resolveCollisions(parents: tree.parents)
            let expected = Self.referenceIDs(steps: tree.steps, parents: tree.parents, keyBits: keyBits)
            let actual = ids.ids()
            let firstDifference = zip(actual, expected).enumerated().first { $0.element.0 != $0.element.1 }?.offset
            #expect(actual.count == expected.count)
            #expect(firstDifference == nil, "the ids differ from node \(firstDifference ?? -1) on")
            #expect(Set(actual).count == count)
        }
    }

    @Test func unmixUndoesMix() {
        var random = SystemRandomNumberGenerator()
        for value in [0, 1, .max, 0x9E37_79B9_7F4A_7C15] + (0..<1_000).map({ _ in random.next() as UInt64 }) {
            #expect(unmix(mix(value)) == value, "\(value)")
        }
    }

    @Test func shortIDsReadBackAndRejectOtherText() {
        var random = SystemRandomNumberGenerator()
        for _ in 0..<1_000 {
            let value = UInt64.random(in: 0..<(1 << 40), using: &random)
            let text = ShortID.string(value)
            #expect(text.utf8.count == 8)
            #expect(ShortID.value(of: text) == value)
        }
        #expect(ShortID.string(0) == "00000000")
        #expect(ShortID.string((1 << 40) - 1) == "zzzzzzzz")
        for text in ["", "0000000", "000000000", "0000000i", "0000000L", "0000000é", "#6bhxk1t"] {
            #expect(ShortID.value(of: text) == nil, "\(text)")
        }
    }
}

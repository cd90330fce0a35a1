import Testing

@testable import XTree

/// The visited sets under searches and snapshots, fed addresses directly, so that layouts no
/// test tree would produce (objects far apart, tagged pointers) are covered too.
@Suite struct VisitedSetTests {
    /// Addresses as objects have them (16-byte aligned), dense runs and scattered ones, each
    /// offered twice in a shuffled order, and tagged-pointer-like values (odd, or with the high
    /// bit set) next to real addresses that differ from them only in those bits.
    static func addresses() -> [UInt] {
        var random = SystemRandomNumberGenerator()
        var addresses: [UInt] = []
        let dense: UInt = 0x7f12_3450_0000
        addresses += (0..<5_000).map { dense + UInt($0) * 32 }
        addresses += (0..<5_000).map { _ in UInt.random(in: 1..<(1 << 44), using: &random) << 4 }
        addresses += (0..<200).map { dense + UInt($0) * 32 + 1 }
        addresses += (0..<200).map { (1 << 63) | (dense + UInt($0) * 32) }
        return (addresses + addresses).shuffled(using: &random)
    }

    @Test func addressBitmapMarksEachAddressOnceLikeASet() {
        var bitmap = AddressBitmap()
        var reference = Set<UInt>()
        for address in Self.addresses() {
            #expect(bitmap.insert(address: address) == reference.insert(address).inserted)
        }
    }

    @Test func visitOrdersGiveTheOrderOfTheFirstVisitBeforeAndAfterTheFirstRepeat() {
        var marks = VisitOrders()
        var reference: [UInt: Int] = [:]
        var visits: [UInt] = []
        var askedForOrders = 0
        for address in Self.addresses() {
            var first = marks.firstOrder(ofAddress: address, ifNewThen: visits.count)
            if let order = first, order < 0 {
                // As a walk does: every address so far was a visit.
                askedForOrders += 1
                marks.recordOrders(visits)
                first = marks.firstOrder(ofAddress: address, ifNewThen: visits.count)
            }
            #expect(first == reference[address])
            if first == nil {
                reference[address] = visits.count
                visits.append(address)
            }
        }
        #expect(visits.count == reference.count)
        #expect(askedForOrders == 1)
    }

    @Test func identityTableReturnsTheFirstValueStored() {
        var table = IdentityTable()
        var reference: [UInt: Int] = [:]
        for (index, address) in Self.addresses().enumerated() {
            let stored = table.value(forKey: address, insertingIfAbsent: index)
            #expect(stored == reference[address])
            if stored == nil { reference[address] = index }
        }
        #expect(table.count == reference.count)
    }
}

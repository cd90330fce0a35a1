import XTreeEscaping
import XTreeObservation
import XTreeRendering
import XTreeSnapshot

/// The walk under every traversal, search and snapshot: breadth first over the `children`
/// arrays in place.
///
/// The queue holds the arrays themselves, each read by index, so no element is copied or
/// retained into a second queue; holding the arrays also keeps every visited object alive
/// until the walk ends, so no address in the visited set can be reused by a new object.
/// An object is marked when it is first met in array order, which is exactly breadth-first
/// order with each object once, cycles and shared objects included. Order is a running
/// count; depth and parent are stored once per array, not per object.
///
/// Generic over what the visited set remembers: searches need only membership (an
/// ``AddressBitmap``), snapshots the order of each object, for links to objects met before
/// (``VisitOrders``). Objects are marked by address, read in place without a retain.
@MainActor
struct BreadthFirstCore<Marks: ObjectMarks & ~Copyable>: ~Copyable {
    /// One element met: an object visited now, or one met again (visited earlier, at `order`).
    struct Element {
        /// The object when it is visited now; `nil` when it is met again, so that a repeat is
        /// never copied out of its array (a retain, and a cache miss on a far-away object).
        let node: (any DeepLinkable)?
        /// The breadth-first number: of the visit, or of the earlier visit.
        let order: Int
        let isNew: Bool
        /// The array the element is in, which gives its parent and depth, and its place there.
        let array: Int
        let position: Int
    }

    private var arrays: [[any DeepLinkable]]
    private var parents: [Int32]
    private var depths: [Int32]
    private(set) var marks = Marks()
    private var head = 0
    private var position = 0
    private var headCount = 1
    private var expandsLast = false
    /// How many objects have been visited.
    private(set) var visited = 0
    /// Elements queued but not yet met, repeats included.
    private(set) var pending = 1

    // Depth and parent of each array; a plain search needs neither and keeps neither.
    private let tracksStructure: Bool
    // Whether the walk reads the children of each visited object itself.
    private let expandsVisits: Bool

    /// Creates a walk from `root`; without `tracksStructure`, ``parent(ofArray:)`` and
    /// ``depth(ofArray:)`` must not be asked, and the walk keeps 8 bytes less per array.
    /// Without `expandsVisits`, the caller gives the children of each visited element to
    /// ``enqueue(children:)``: a caller that holds the object anyway reads them without the
    /// walk taking the object out of its array a second time (a retain and a release).
    init(root: any DeepLinkable, tracksStructure: Bool = true, expandsVisits: Bool = true) {
        arrays = [[root]]
        parents = [-1]
        depths = [0]
        self.tracksStructure = tracksStructure
        self.expandsVisits = expandsVisits
    }

    /// The order of the object whose `children` are `array`, or `nil` for the root's array.
    func parent(ofArray array: Int) -> Int? {
        parents[array] < 0 ? nil : Int(parents[array])
    }

    /// The object at `position` in `array`.
    func node(inArray array: Int, at position: Int) -> any DeepLinkable { arrays[array][position] }

    /// The depth of the objects in `array`.
    func depth(ofArray array: Int) -> Int { Int(depths[array]) }

    /// The next element, visited or met again; `nil` when the walk is over. The last visited
    /// object's children are read first, so a walk that stops at an object never reads its
    /// children.
    mutating func nextElement() -> Element? {
        if expandsLast { expandLast() }
        while head < arrays.count {
            if position < headCount {
                position &+= 1
                pending &-= 1
                // Checked in place: only an object visited now is copied out.
                let address = address(at: position &- 1)
                if var first = marks.firstOrder(ofAddress: address, ifNewThen: visited) {
                    if first < 0 { first = orderOfFirstRepeat(address) }
                    return Element(node: nil, order: first, isNew: false, array: head, position: position &- 1)
                }
                visited &+= 1
                expandsLast = expandsVisits
                return Element(
                    node: arrays[head][position &- 1], order: visited &- 1, isNew: true, array: head,
                    position: position &- 1)
            }
            head &+= 1
            position = 0
            if head < arrays.count { headCount = arrays[head].count }
        }
        return nil
    }

    /// Moves to the next visited object without copying it out (no retain): for loops that
    /// mostly need only its type; `false` when the walk is over.
    mutating func advanceToNextVisit() -> Bool {
        if expandsLast { expandLast() }
        while head < arrays.count {
            if position < headCount {
                position &+= 1
                pending &-= 1
                if marks.firstOrder(ofAddress: address(at: position &- 1), ifNewThen: visited) != nil { continue }
                visited &+= 1
                expandsLast = expandsVisits
                return true
            }
            head &+= 1
            position = 0
            if head < arrays.count { headCount = arrays[head].count }
        }
        return false
    }

    /// The order of the object at `address`, met again for the first time in the walk, by
    /// marks that keep orders only from then on: every element met before this one was a
    /// visit, so the arrays give the address of each order.
    private mutating func orderOfFirstRepeat(_ address: UInt) -> Int {
        var addresses: [UInt] = []
        addresses.reserveCapacity(visited)
        for array in arrays[..<head] {
            for object in array { addresses.append(UInt(bitPattern: ObjectIdentifier(object))) }
        }
        for object in arrays[head][..<(position &- 1)] {
            addresses.append(UInt(bitPattern: ObjectIdentifier(object)))
        }
        assert(addresses.count == visited, "every element before the first repeat is a visit")
        marks.recordOrders(addresses)
        return marks.firstOrder(ofAddress: address, ifNewThen: visited)!
    }

    /// The address of the object at `position` in the head array, read without a retain.
    @inline(__always)
    private func address(at position: Int) -> UInt {
        UInt(bitPattern: ObjectIdentifier(arrays[head][position]))
    }

    /// The dynamic type of the object ``advanceToNextVisit()`` moved to, read in place.
    var currentType: ObjectIdentifier { ObjectIdentifier(Swift.type(of: arrays[head][position &- 1])) }

    /// The object ``advanceToNextVisit()`` moved to.
    var current: any DeepLinkable { arrays[head][position &- 1] }

    /// The next visited object, skipping objects met again.
    mutating func nextVisit() -> (node: any DeepLinkable, order: Int, array: Int, position: Int)? {
        while let element = nextElement() {
            if let node = element.node { return (node, element.order, element.array, element.position) }
        }
        return nil
    }

    private mutating func expandLast() {
        expandsLast = false
        enqueue(children: arrays[head][position &- 1].children)
    }

    /// Queues `children`, those of the element ``nextElement()`` has just visited, in a walk
    /// that does not expand its visits; call it before the next element, once per visit.
    ///
    /// The array is taken, not copied: the queue keeps the caller's reference.
    mutating func enqueue(children: consuming [any DeepLinkable]) {
        guard !children.isEmpty else { return }
        if tracksStructure {
            parents.append(Int32(truncatingIfNeeded: visited &- 1))
            depths.append(depths[head] &+ 1)
        }
        pending &+= children.count
        arrays.append(children)
    }
}

/// What a walk's visited set remembers about each object, keyed by its address.
protocol ObjectMarks: ~Copyable {
    init()
    /// The order stored for the object at `address` if it was met before; otherwise stores
    /// `order` for it and returns `nil`. Marks that keep orders only once an object is met
    /// again return a negative number the first time: ``recordOrders(_:)`` then gives the
    /// addresses visited so far, and the question is asked again.
    mutating func firstOrder(ofAddress address: UInt, ifNewThen order: Int) -> Int?
    /// Stores the order of each address in `addresses`: its position.
    mutating func recordOrders(_ addresses: [UInt])
}

/// The visited set of snapshots, which need the order of an object met again: a bitmap for
/// membership, so that a walk without shared objects or cycles keeps nothing else. At the
/// first object met again, the walk gives the addresses of all objects so far, in order, to
/// an ``IdentityTable``, which every later object joins.
struct VisitOrders: ObjectMarks, ~Copyable {
    private var seen = AddressBitmap()
    private var orders: IdentityTable?

    init() {}

    @inline(__always)
    mutating func firstOrder(ofAddress address: UInt, ifNewThen order: Int) -> Int? {
        if seen.insert(address: address) {
            if orders != nil { _ = orders!.value(forKey: address, insertingIfAbsent: order) }
            return nil
        }
        guard orders != nil else { return -1 }
        return orders!.value(forKey: address, insertingIfAbsent: order)
    }

    mutating func recordOrders(_ addresses: [UInt]) {
        var table = IdentityTable()
        for (order, address) in addresses.enumerated() {
            _ = table.value(forKey: address, insertingIfAbsent: order)
        }
        orders = consume table
    }
}

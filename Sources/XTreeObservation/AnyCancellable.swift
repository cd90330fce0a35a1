import XTreeSupport

#if !canImport(Combine)
    import Foundation

    /// A subscription that ends when cancelled or when the token is deinitialized, on
    /// platforms without Combine.
    ///
    /// Keep it for as long as you want to be notified, as with Combine:
    ///
    /// ```swift
    /// var subscriptions: Set<AnyCancellable> = []
    /// model.objectWillChange.sink { print("will change") }.store(in: &subscriptions)
    /// ```
    public final class AnyCancellable: Hashable {
        private let cancellation: Locked<(() -> Void)?>

        /// Creates a token that calls `cancel` once, on the first `cancel()` or at deinit.
        public init(_ cancel: @escaping () -> Void) {
            cancellation = Locked(cancel)
        }

        deinit { cancel() }

        /// Ends the subscription; later calls do nothing.
        public func cancel() {
            let cancel = cancellation.withLock { cancel in
                defer { cancel = nil }
                return cancel
            }
            cancel?()
        }

        /// Adds the token to `set`, which keeps the subscription alive as long as it holds it.
        public func store(in set: inout Set<AnyCancellable>) {
            set.insert(self)
        }

        /// Tokens are equal when they are the same token.
        public static func == (lhs: AnyCancellable, rhs: AnyCancellable) -> Bool { lhs === rhs }

        /// Hashes the token's identity.
        public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
    }
#endif

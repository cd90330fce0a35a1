import XTreeSupport

#if !canImport(Combine)
    /// A property whose changes are announced, on platforms without Combine.
    ///
    /// Combine's semantics and signatures: setting the property first fires the enclosing
    /// object's synthesised `objectWillChange` (if it is an ``ObservableObject`` that has one
    /// and it was ever read), then the projected publisher with the new value, then stores it.
    ///
    /// ```swift
    /// @MainActor final class HomeViewModel: ObservableObject {
    ///     @Published var tab = HomeTab.meat
    /// }
    ///
    /// let subscription = home.$tab.sink { print("tab:", $0) }   // prints "tab: meat"
    /// home.tab = .veggie                                        // prints "tab: veggie"
    /// ```
    ///
    /// Only properties of classes can use it: the compiler rejects it elsewhere.
    @propertyWrapper
    public struct Published<Value> {
        // One reference, so that a set applies the storage key path once; copies share it, as
        // copies of Combine's `Published` share their publisher.
        @usableFromInline let storage: PublishedStorage<Value>

        /// Creates the property with its initial value.
        public init(wrappedValue: Value) {
            storage = PublishedStorage(wrappedValue)
        }

        /// Creates the property with its initial value.
        public init(initialValue: Value) {
            storage = PublishedStorage(initialValue)
        }

        /// Unavailable: `@Published` needs an enclosing class to notify.
        @available(*, unavailable, message: "@Published is only available on properties of classes")
        public var wrappedValue: Value {
            get { fatalError("unavailable") }
            set { fatalError("unavailable") }  // swift-format-ignore
        }

        /// A publisher of the property's values: the current one on subscription, then each new
        /// one before it is stored.
        public var projectedValue: Publisher {
            mutating get { Publisher(subject: storage.projectedSubject()) }
            set { storage.replaceSubject(with: newValue.subject) }
        }

        /// Reads and writes the property through its enclosing object, announcing writes.
        ///
        /// The package's one `@inlinable`: unspecialised, the key path application here cost
        /// 92 ns of every read and most of every set (measured in `xtree-bench`); inlined, the
        /// app's module specialises it to a direct field access.
        @inlinable
        public static subscript<EnclosingSelf: AnyObject>(
            _enclosingInstance object: EnclosingSelf,
            wrapped wrappedKeyPath: ReferenceWritableKeyPath<EnclosingSelf, Value>,
            storage storageKeyPath: ReferenceWritableKeyPath<EnclosingSelf, Self>
        ) -> Value {
            get { object[keyPath: storageKeyPath].storage.value }
            set { object[keyPath: storageKeyPath].storage.set(newValue, of: object) }
        }

        /// The values of one `@Published` property.
        public struct Publisher {
            fileprivate let subject: PublishedSubject<Value>

            /// Calls `receiveValue` with the current value now, and with every new value before
            /// it is stored.
            ///
            /// - Parameter receiveValue: Called on the thread that sets the property.
            /// - Returns: A token that unsubscribes when cancelled or deinitialized.
            public func sink(receiveValue: @escaping (Value) -> Void) -> AnyCancellable {
                subject.subscribe(receiveValue)
            }
        }
    }

    /// The state of one `@Published` property, touched only in its object's isolation.
    ///
    /// Its properties are not checked for exclusive access at run time: they are reached only
    /// through the property's own accessors, each access ends before the next begins, and
    /// none is held while subscribers run (a subscriber may set the property again). The
    /// checks were a fifth of a set.
    @usableFromInline
    final class PublishedStorage<Value> {
        @exclusivity(unchecked) @usableFromInline private(set) var value: Value
        @exclusivity(unchecked) @usableFromInline var subject: PublishedSubject<Value>?
        // The enclosing object's synthesised publisher once found, and the registry generation
        // at the last look-up, so a set is a look-up only after a new publisher appeared.
        @exclusivity(unchecked) @usableFromInline var objectWillChange: ObservableObjectPublisher?
        @exclusivity(unchecked) @usableFromInline var checkedGeneration = -1

        init(_ value: Value) {
            self.value = value
        }

        @usableFromInline
        func findObjectWillChange(of object: AnyObject) {
            let registry = ObjectWillChangeRegistry.shared
            let generation = registry.generation
            guard generation != checkedGeneration else { return }
            checkedGeneration = generation
            objectWillChange = registry.existingPublisher(for: object)
        }

        func projectedSubject() -> PublishedSubject<Value> {
            if let subject { return subject }
            let subject = PublishedSubject(value)
            self.subject = subject
            return subject
        }

        func replaceSubject(with subject: PublishedSubject<Value>) {
            self.subject = subject
        }

        /// Announces, then stores. Nothing is being accessed while subscribers run, so they
        /// may read the property.
        @inlinable
        func set(_ newValue: Value, of object: AnyObject) {
            if objectWillChange == nil { findObjectWillChange(of: object) }
            objectWillChange?.send()
            subject?.send(newValue)
            value = newValue
        }
    }

    /// The current value and the subscribers of a `@Published` property's projected publisher.
    @usableFromInline
    final class PublishedSubject<Value> {
        private let current: Locked<Value>
        private let subscribers = SubscriberList<Value>()

        init(_ value: Value) {
            current = Locked(value)
        }

        @usableFromInline
        func send(_ value: Value) {
            current.withLock { $0 = value }
            subscribers.send(value)
        }

        func subscribe(_ receive: @escaping (Value) -> Void) -> AnyCancellable {
            receive(current.withLock { $0 })
            return subscribers.add(receive)
        }
    }
#endif

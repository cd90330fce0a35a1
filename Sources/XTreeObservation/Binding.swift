#if canImport(SwiftUI)
    import SwiftUI

    /// SwiftUI's binding, where SwiftUI exists.
    public typealias Binding = SwiftUI.Binding
#else
    /// A two-way connection to a value stored elsewhere, on platforms without SwiftUI.
    ///
    /// SwiftUI's `Binding(get:set:)` takes `@Sendable` closures that may be isolated to an
    /// actor; this one takes `@Sendable` closures isolated to the main actor or to nothing,
    /// so every binding written here compiles where SwiftUI exists. Unlike SwiftUI's, it is
    /// itself isolated to the main actor, where bindings are read and written.
    ///
    /// ```swift
    /// let binding = Binding(get: { settings.units }, set: { settings.units = $0 })
    /// binding.wrappedValue = .metric   // settings.units is now .metric
    /// ```
    @MainActor
    @propertyWrapper
    @dynamicMemberLookup
    public struct Binding<Value> {
        private let get: @MainActor @Sendable () -> Value
        private let set: @MainActor @Sendable (Value) -> Void

        /// Creates a binding from a getter and a setter.
        public init(
            get: @escaping @MainActor @Sendable () -> Value,
            set: @escaping @MainActor @Sendable (Value) -> Void
        ) {
            self.get = get
            self.set = set
        }

        /// A binding to a value that never changes; setting it does nothing.
        public static func constant(_ value: Value) -> Self where Value: Sendable {
            Self(get: { value }, set: { _ in })
        }

        /// The value, read and written through the binding.
        public var wrappedValue: Value {
            get { get() }
            nonmutating set { set(newValue) }
        }

        /// The binding itself.
        public var projectedValue: Self { self }

        /// A binding to a member of the value.
        public subscript<Member>(dynamicMember keyPath: WritableKeyPath<Value, Member>) -> Binding<Member> {
            let (get, set) = (self.get, self.set)
            // Key paths are immutable values; sharing one between the two closures is safe.
            nonisolated(unsafe) let keyPath = keyPath
            return Binding<Member>(
                get: { get()[keyPath: keyPath] },
                set: { member in
                    var value = get()
                    value[keyPath: keyPath] = member
                    set(value)
                }
            )
        }
    }
#endif

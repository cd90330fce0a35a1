// SwiftUI's navigation stack and destinations, as Apple documents them, for the compile-only
// stub of `../shared/apple-compat/check`. A test fixture, not part of the package: every
// declaration quotes Apple's, every body traps.

/// docs: `nonisolated struct NavigationStack<Data, Root> where Root : View` (iOS 16, macOS 13, tvOS 16, watchOS 9)
@available(iOS 16.0, macOS 13.0, tvOS 16.0, watchOS 9.0, *)
public struct NavigationStack<Data, Root>: View where Root: View {
    /// docs: `nonisolated init(path: Binding<Data>, @ContentBuilder root: () -> Root) where Data : MutableCollection, Data : RandomAccessCollection, Data : RangeReplaceableCollection, Data.Element : Hashable`
    nonisolated public init(path: Binding<Data>, @ContentBuilder root: () -> Root)
    where
        Data: MutableCollection, Data: RandomAccessCollection, Data: RangeReplaceableCollection,
        Data.Element: Hashable
    {
        fatalError()
    }

    /// docs: a primitive view, `View` with `typealias Body = Never`
    public var body: Never { fatalError() }
}

/// docs: `struct NavigationPath` (iOS 16, macOS 13, tvOS 16, watchOS 9)
@available(iOS 16.0, macOS 13.0, tvOS 16.0, watchOS 9.0, *)
public struct NavigationPath {
    /// docs: `init()`
    public init() { fatalError() }
}

@available(iOS 16.0, macOS 13.0, tvOS 16.0, watchOS 9.0, *)
extension NavigationStack where Data == NavigationPath {
    /// docs: `nonisolated init(@ContentBuilder root: () -> Root) where Data == NavigationPath`
    nonisolated public init(@ContentBuilder root: () -> Root) { fatalError() }
}

extension View {
    /// docs: `nonisolated func navigationDestination<D, C>(for data: D.Type, @ContentBuilder destination: @escaping (D) -> C) -> some View where D : Hashable, C : View`
    @available(iOS 16.0, macOS 13.0, tvOS 16.0, watchOS 9.0, *)
    nonisolated public func navigationDestination<D, C>(
        for data: D.Type, @ContentBuilder destination: @escaping (D) -> C
    ) -> some View where D: Hashable, C: View { fatalError() }

    /// docs: `nonisolated func navigationDestination<D, C>(item: Binding<Optional<D>>, @ContentBuilder destination: @escaping (D) -> C) -> some View where D : Hashable, C : View`
    @available(iOS 17.0, macOS 14.0, tvOS 17.0, watchOS 10.0, *)
    nonisolated public func navigationDestination<D, C>(
        item: Binding<D?>, @ContentBuilder destination: @escaping (D) -> C
    ) -> some View where D: Hashable, C: View { fatalError() }

    /// docs: `nonisolated func navigationTitle<S>(_ title: S) -> some View where S : StringProtocol`
    @available(iOS 14.0, macOS 11.0, tvOS 14.0, watchOS 7.0, *)
    nonisolated public func navigationTitle<S>(_ title: S) -> some View where S: StringProtocol { fatalError() }
}

#if canImport(Combine)
    import Combine

    // Where Combine exists, view models use Combine's own types, so that SwiftUI observes them
    // as it observes any `ObservableObject`; `import XTree` alone brings them into scope.

    /// Combine's `ObservableObject`.
    public typealias ObservableObject = Combine.ObservableObject
    /// Combine's `@Published`.
    public typealias Published = Combine.Published
    /// Combine's `ObservableObjectPublisher`.
    public typealias ObservableObjectPublisher = Combine.ObservableObjectPublisher
    /// Combine's `AnyCancellable`.
    public typealias AnyCancellable = Combine.AnyCancellable
#endif

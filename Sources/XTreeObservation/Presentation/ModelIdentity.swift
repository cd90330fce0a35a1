#if canImport(SwiftUI)
    import SwiftUI
#endif

/// A model typed as a class-bound protocol, made `Identifiable` and `Hashable` by its
/// object's identity.
///
/// A protocol-typed model (`any RatingViewModel`) cannot be `Identifiable` itself, so
/// SwiftUI's item-based presentation (`sheet(item:)`) and value-based navigation do not take
/// it. Wrapped, it can be: two identities are equal when they hold the same object, so a
/// change the model announces does not make it a new item, and another object does.
///
/// ```swift
/// let identity = ModelIdentity(coordinator.ratingViewModel!)   // any RatingViewModel
/// identity.id == ObjectIdentifier(coordinator.ratingViewModel!) // true
/// ```
///
/// `Binding.identified()` and `Binding.identifiedStack()` turn a coordinator's optional model
/// and its stack of models into bindings of identities, writing dismissals and pops back.
public struct ModelIdentity<Model>: Identifiable, Hashable {
    /// The model.
    public let model: Model
    /// The identity of the model's object.
    public let id: ObjectIdentifier

    /// Wraps `model`, which must be a class instance (a model typed as a class-bound protocol
    /// always is). A value traps, saying to use the value itself: Swift 6 cannot refuse it
    /// when the code is compiled (a class-bound existential does not satisfy `AnyObject`).
    public init(_ model: Model) {
        precondition(
            type(of: model as Any) is AnyClass,
            "ModelIdentity<\(Model.self)> needs a class instance, got a \(type(of: model as Any)): a value is its own "
                + "identity; give it to sheet(item:) or a navigation path as it is (Identifiable or Hashable)")
        self.model = model
        id = ObjectIdentifier(model as AnyObject)
    }

    /// Whether both hold the same object.
    public static func == (lhs: Self, rhs: Self) -> Bool { lhs.id == rhs.id }

    /// Hashes the object's identity.
    public func hash(into hasher: inout Hasher) { hasher.combine(id) }
}

extension ModelIdentity: Sendable where Model: Sendable {}

extension ModelIdentity {
    /// Whether `models` holds the same objects as `identities`, in the same order: a path the
    /// UI writes back unchanged is not a change of the coordinator's stack.
    static func sameObjects(_ identities: [ModelIdentity], _ models: [Model]) -> Bool {
        identities.count == models.count
            && zip(identities, models).allSatisfy { $0.id == ObjectIdentifier($1 as AnyObject) }
    }
}

extension Binding {
    /// A binding to an optional model as a binding to its optional identity, for item-based
    /// presentation.
    ///
    /// Reading wraps the model the coordinator holds now. Writing `nil` (a dismissal in the
    /// UI) writes `nil` back into the coordinator; writing another object's identity writes
    /// its model. Writing the identity of the object the coordinator already holds writes
    /// nothing, so the coordinator announces no change that did not happen.
    public func identified<Model: Sendable>() -> Binding<ModelIdentity<Model>?> where Value == Model? {
        let source = self
        return Binding<ModelIdentity<Model>?>(
            get: { @MainActor in source.wrappedValue.map(ModelIdentity.init) },
            set: { @MainActor identity in
                guard identity?.id != source.wrappedValue.map({ ObjectIdentifier($0 as AnyObject) }) else { return }
                source.wrappedValue = identity?.model
            })
    }

    /// A binding to a coordinator's stack of models as a navigation path of identities.
    ///
    /// Reading wraps the models the coordinator holds now, the first at the bottom. Writing a
    /// path (a pop in the UI writes a shorter one) writes its models back, so the popped ones
    /// leave the coordinator's array; models the coordinator appends or replaces are pushed
    /// on the next read. A path of the objects the coordinator already holds, in its order,
    /// writes nothing.
    public func identifiedStack<Model: Sendable>() -> Binding<[ModelIdentity<Model>]> where Value == [Model] {
        let source = self
        return Binding<[ModelIdentity<Model>]>(
            get: { @MainActor in source.wrappedValue.map(ModelIdentity.init) },
            set: { @MainActor path in
                guard !ModelIdentity.sameObjects(path, source.wrappedValue) else { return }
                source.wrappedValue = path.map(\.model)
            })
    }
}

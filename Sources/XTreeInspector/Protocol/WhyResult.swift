import XTree

/// What a `why` request found the link to be, without applying it: its form, the type it must
/// end on and what that object must satisfy. The search's trace and the tree follow as for
/// `find`.
public struct WhyResult: Codable, Sendable, Hashable {
    /// The form the link is of: `shop://product/<sku>`.
    public var form: String
    /// The type it must end on.
    public var receiver: String
    /// What the receiver must satisfy.
    public var conditions: [NodeCondition]
    /// `true` when the app's own router answered (``DeepLinkableApp/route(_:in:)``): `form` is
    /// then the app's route, and `receiver` the type its search looks for. Absent from a table's.
    public var router: Bool?
    /// The holder that would keep the link until the app can handle it, when the router says so.
    public var heldBy: String?

    /// Records a link's form, receiver and conditions.
    public init(form: String, receiver: String, conditions: [NodeCondition]) {
        self.form = form
        self.receiver = receiver
        self.conditions = conditions
    }
}

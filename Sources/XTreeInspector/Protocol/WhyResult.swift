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

    /// Records a link's form, receiver and conditions.
    public init(form: String, receiver: String, conditions: [NodeCondition]) {
        self.form = form
        self.receiver = receiver
        self.conditions = conditions
    }
}

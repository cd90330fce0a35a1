/// A form of link an app takes, and one link of that form.
public struct LinkExample: Sendable, Hashable, Codable {
    /// The form, as people read it: `recipes://recipes/<slug>`.
    public var form: String
    /// A link of that form that the app's data makes real: `recipes://recipes/irish-stew`.
    public var link: String
    /// The type the link must end on, by its name as the tree shows it (or a name it answers
    /// to in searches), where the app states one: `xtree-cli check` then fails the example
    /// if it ends on anything else. `nil`: any object in the app's tree will do.
    public var reaches: String?
    /// Whether a link of this form opens something new each time it is applied (a tab, a
    /// window, a draft): fuzzing then expects a second application to change the tree again,
    /// where it expects any other link to change nothing more.
    public var opensNewEachTime: Bool

    /// Creates an example, what it must reach if that is stated, and whether its form opens
    /// something new each time.
    public init(form: String, link: String, reaches: String? = nil, opensNewEachTime: Bool = false) {
        self.form = form
        self.link = link
        self.reaches = reaches
        self.opensNewEachTime = opensNewEachTime
    }

    private enum CodingKeys: String, CodingKey {
        case form, link, reaches, opensNewEachTime
    }

    /// Reads an example; one without `opensNewEachTime` (as earlier builds write) does not.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        form = try container.decode(String.self, forKey: .form)
        link = try container.decode(String.self, forKey: .link)
        reaches = try container.decodeIfPresent(String.self, forKey: .reaches)
        opensNewEachTime = try container.decodeIfPresent(Bool.self, forKey: .opensNewEachTime) ?? false
    }

    /// Writes the example, `opensNewEachTime` only where it does.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(form, forKey: .form)
        try container.encode(link, forKey: .link)
        try container.encodeIfPresent(reaches, forKey: .reaches)
        if opensNewEachTime { try container.encode(true, forKey: .opensNewEachTime) }
    }
}

import Foundation

/// A recipe of the catalog.
public struct Recipe: Identifiable, Codable, Hashable, Sendable {
    /// A recipe's stable identifier, which is also its URL slug (`orange-marmalade`).
    ///
    /// A distinct type, so a recipe id cannot be confused with another string, and stable
    /// across launches and catalog edits, so a link that names it keeps working. Valid ids
    /// are 1 to 64 lowercase ASCII letters and digits in groups joined by single hyphens.
    public struct ID: RawRepresentable, Codable, Hashable, Comparable, Sendable, CustomStringConvertible {
        /// The slug.
        public let rawValue: String

        /// Creates an id from a slug, or `nil` if `rawValue` is not a valid slug.
        public init?(rawValue: String) {
            guard Self.isValid(rawValue) else { return nil }
            self.rawValue = rawValue
        }

        /// The slug.
        public var description: String { rawValue }

        /// Orders ids by their slugs.
        public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }

        /// Decodes a slug, rejecting invalid ones.
        public init(from decoder: any Decoder) throws {
            let container = try decoder.singleValueContainer()
            let text = try container.decode(String.self)
            guard let id = Self(rawValue: text) else {
                throw DecodingError.dataCorruptedError(in: container, debugDescription: Self.rule(for: text))
            }
            self = id
        }

        /// Encodes the slug.
        public func encode(to encoder: any Encoder) throws {
            var container = encoder.singleValueContainer()
            try container.encode(rawValue)
        }

        /// Why `text` is not an id, as a sentence.
        static func rule(for text: String) -> String {
            "'\(text.prefix(80))' is not a recipe id: ids are 1 to 64 lowercase letters and digits, "
                + "in groups joined by single hyphens (such as orange-marmalade)"
        }

        private static func isValid(_ text: String) -> Bool {
            let bytes = Array(text.utf8)
            guard (1...64).contains(bytes.count), bytes.first != UInt8(ascii: "-"), bytes.last != UInt8(ascii: "-")
            else {
                return false
            }
            var previous: UInt8 = 0
            for byte in bytes {
                let isAlphanumeric =
                    (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
                    || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
                guard isAlphanumeric || (byte == UInt8(ascii: "-") && previous != byte) else { return false }
                previous = byte
            }
            return true
        }
    }

    /// The stable identifier, also used in URLs.
    public var id: ID
    /// The name shown to people.
    public var title: String
    /// What goes in, one line each.
    public var ingredients: [String]
    /// What to do, in order.
    public var steps: [String]
    /// Whether the recipe has no meat or fish; decides the tab it is listed under.
    public var isVegetarian: Bool
    /// Where the recipe comes from, if known.
    public var sourceURL: URL?
    /// What people thought of it.
    public var ratings: [Rating]

    /// The URL slug, which is the id's raw value.
    public var slug: String { id.rawValue }

    /// The mean of the ratings' values, or `nil` when there are none.
    public var meanRating: Double? {
        ratings.isEmpty ? nil : Double(ratings.map(\.value).reduce(0, +)) / Double(ratings.count)
    }

    /// Creates a recipe.
    public init(
        id: ID,
        title: String,
        ingredients: [String],
        steps: [String],
        isVegetarian: Bool,
        sourceURL: URL? = nil,
        ratings: [Rating]
    ) {
        self.id = id
        self.title = title
        self.ingredients = ingredients
        self.steps = steps
        self.isVegetarian = isVegetarian
        self.sourceURL = sourceURL
        self.ratings = ratings
    }
}

/// One person's rating of a recipe.
public struct Rating: Codable, Hashable, Sendable {
    /// Who rated.
    public var author: String
    /// From 1 (poor) to 5 (excellent); catalogs with other values are rejected.
    public var value: Int
    /// What they said.
    public var comment: String

    /// Creates a rating.
    public init(author: String, value: Int, comment: String) {
        self.author = author
        self.value = value
        self.comment = comment
    }
}

import Foundation

extension Entry {
    /// The activity type a universal link arrives as (`NSUserActivityTypeBrowsingWeb`'s value).
    public static let browsingWebType = "NSUserActivityTypeBrowsingWeb"

    /// A universal link as the system hands it to an app: a user activity of
    /// ``browsingWebType`` whose web page is `url`.
    public static func browsingWeb(_ url: String) -> Entry {
        .activity(type: browsingWebType, url: url, info: [:])
    }

    /// User info or a payload as an entry holds it: a property list as the system gives it
    /// (`NSUserActivity.userInfo`, a shortcut's `userInfo`, a notification's
    /// `content.userInfo`), its values as JSON. Strings, numbers, booleans, lists and
    /// dictionaries are kept as they are (at any depth); a date becomes its ISO 8601 text, data
    /// its base64 text, a URL its text. Keys that are not strings, and values of any other type,
    /// are left out and named in `leftOut`, so that nothing is dropped without a word.
    ///
    /// ```swift
    /// let entry = Entry.notification(payload: Entry.values(of: content.userInfo).values)
    /// ```
    public static func values(of propertyList: [AnyHashable: Any]?) -> (values: [String: JSONText], leftOut: [String]) {
        var values: [String: JSONText] = [:]
        var leftOut: [String] = []
        for (key, value) in propertyList ?? [:] {
            guard let name = key.base as? String else {
                leftOut.append("\(key.base)")
                continue
            }
            guard let json = jsonValue(value), JSONSerialization.isValidJSONObject([json]),
                let data = try? JSONSerialization.data(
                    withJSONObject: [json], options: [.sortedKeys, .withoutEscapingSlashes]),
                let text = JSONText(json: String(decoding: data.dropFirst().dropLast(), as: UTF8.self))
            else {
                leftOut.append(name)
                continue
            }
            values[name] = text
        }
        return (values, leftOut.sorted())
    }

    /// `value` as something `JSONSerialization` writes, or `nil` if it is no property list. A
    /// number is taken as `NSNumber`, so that a property list's boolean (an `NSNumber` on
    /// Apple's systems) stays a boolean and an integer 1 does not become one.
    private static func jsonValue(_ value: Any) -> Any? {
        if type(of: value) == Bool.self { return value }
        switch value {
        case let string as String: return string
        case let number as NSNumber: return JSONSerialization.isValidJSONObject([number]) ? number : nil
        case let date as Date: return ISO8601DateFormatter().string(from: date)
        case let data as Data: return data.base64EncodedString()
        case let url as URL: return url.absoluteString
        case let list as [Any]:
            let values = list.compactMap(jsonValue)
            return values.count == list.count ? values : nil
        case let object as [AnyHashable: Any]:
            var values: [String: Any] = [:]
            for (key, value) in object {
                guard let name = key.base as? String, let json = jsonValue(value) else { return nil }
                values[name] = json
            }
            return values
        default: return nil
        }
    }
}

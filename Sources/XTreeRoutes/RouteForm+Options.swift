/// What a form says of the links it reads beyond its pattern.
extension RouteForm {
    /// The same form, ignoring the query items named `names` in the links it reads (a tracking
    /// token, a campaign's name): they are neither refused as stray nor printed.
    public func ignoringQueryItems(_ names: String...) -> Self {
        var form = self
        form.ignoredQueryItems.formUnion(names)
        return form
    }

    /// The same form, declared to open something new each time a link of it is applied (a tab,
    /// a window, a draft): its examples say so (`LinkExample.opensNewEachTime`), and fuzzing
    /// expects a second application to change the tree again, not to change nothing more.
    public func openingNewEachTime() -> Self {
        var form = self
        form.opensNewEachTime = true
        return form
    }
}

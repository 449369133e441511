/// A command's options as one value: each stored property is an option (a ``CommandOption`` or
/// a ``DefaultedOption``) or a group of options another value of this kind holds (e.g. the
/// options every `auth` command takes), and the help lists them in the order they are declared.
/// The options are enumerated from the value itself, so they are written once: adding an option
/// is adding one property.
///
/// ```swift
/// struct Options: CommandOptions {
///     let days = CommandOption.integer("days", range: 1...366, default: 7, unit: "days", help: "days planned")
///     let format = SharedOptions.format([.text, .json])
///     let connection = AuthOptions.Common()
/// }
/// static let options = Options()
/// ```
protocol CommandOptions: Sendable {}

extension CommandOptions {
    /// Every option, in the order of the declaration, the options of a group in its place.
    /// - Complexity: O(*n*) in the number of options.
    var declarations: [AnyCommandOption] {
        Mirror(reflecting: self).children.flatMap { child -> [AnyCommandOption] in
            if let option = child.value as? any OptionDeclaration { return [option.erased] }
            if let group = child.value as? any CommandOptions { return group.declarations }
            preconditionFailure("\(type(of: self)).\(child.label ?? "?") is neither an option nor a group of options")
        }
    }
}

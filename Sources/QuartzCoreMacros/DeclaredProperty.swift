import SwiftSyntax

/// One property as its declaration in a class body states it: `@Declared(…) open var name: Type`.
///
/// The key-value coding key is the property's name, except for a `Bool` named `isX`, whose key is
/// `x` — the rule by which Swift imports Apple's `@property(getter=isHidden) BOOL hidden` as
/// `isHidden` while its key stays `"hidden"`.
struct DeclaredProperty {
    /// The Swift name, such as `opacity` or `isHidden`.
    let name: String
    /// The declared type, as written.
    let type: TypeSyntax
    /// The arguments of the `@Declared` attribute, as written.
    let arguments: LabeledExprListSyntax

    /// Reads `member`, or `nil` when it is not a variable declaration marked `@Declared`.
    init?(_ member: MemberBlockItemSyntax) {
        guard let variable = member.decl.as(VariableDeclSyntax.self),
            let attribute = variable.declaredAttribute,
            let binding = variable.bindings.first,
            let identifier = binding.pattern.as(IdentifierPatternSyntax.self),
            let type = binding.typeAnnotation?.type
        else { return nil }
        name = identifier.identifier.text
        self.type = type.trimmed
        arguments = attribute.arguments?.as(LabeledExprListSyntax.self) ?? []
    }

    /// The key-value coding key (see the type's comment).
    var key: String {
        let rest = name.dropFirst(2)
        guard type.trimmedDescription == "Bool", name.hasPrefix("is"), let first = rest.first,
            first.isUppercase
        else { return name }
        return first.lowercased() + rest.dropFirst()
    }

    /// Whether the type is written as an optional (`T?` or `Optional<T>`).
    var isOptional: Bool {
        if type.is(OptionalTypeSyntax.self) || type.is(ImplicitlyUnwrappedOptionalTypeSyntax.self) {
            return true
        }
        return type.as(IdentifierTypeSyntax.self)?.name.text == "Optional"
    }

    /// The argument labelled `label`, if written.
    func argument(_ label: String) -> ExprSyntax? {
        arguments.first { $0.label?.text == label }?.expression
    }

    /// The arguments except those labelled with one of `labels`, as source text to append to
    /// another argument list (with a leading comma when not empty).
    func forwardedArguments(except labels: Set<String>) -> String {
        let kept = arguments.filter { !labels.contains($0.label?.text ?? "") }
        return kept.map { ", \($0.label.map { "\($0.text): " } ?? "")\($0.expression.trimmedDescription)" }
            .joined()
    }

    /// The `@Declared` properties of a class body, in order.
    static func all(in members: MemberBlockSyntax) -> [DeclaredProperty] {
        members.members.compactMap(DeclaredProperty.init)
    }
}

extension VariableDeclSyntax {
    /// The `@Declared` attribute, if the declaration has one.
    var declaredAttribute: AttributeSyntax? {
        attributes.lazy.compactMap { $0.as(AttributeSyntax.self) }
            .first { $0.attributeName.trimmedDescription == "Declared" }
    }
}

extension AttributeListSyntax {
    /// Whether the list holds an attribute named `name`.
    func contains(named name: String) -> Bool {
        contains { $0.as(AttributeSyntax.self)?.attributeName.trimmedDescription == name }
    }
}

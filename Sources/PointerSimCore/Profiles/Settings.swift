// A profile's settings, each declared once (docs/Architecture.md, "Profiles"):
// its scene key, its type, what it means and where it comes from; each
// profile's value is in the profile's file. The scene reader and writer, the
// tables of docs/Formats/Scene.md and the tests all go through these
// declarations, as swift-argument-parser derives parsing, help and docs from
// one declaration of an option.

/// One setting's value, as a scene file writes it.
package enum SettingValue: Sendable, Hashable {
    case bool(Bool)
    case number(Double)
    /// One of the setting's choices (``SettingType/choice(_:)``).
    case choice(String)
    /// A modifier set.
    case modifiers(ModifierFlags)
    /// A list of modifier sets.
    case modifierSets([ModifierFlags])
    /// An optional setting without a value (`null`).
    case none
    /// A band profile's flag-set → mode table.
    case modeTable([BandProfile.Rule])
}

/// A setting's type, as a scene file gives its value.
package enum SettingType: Sendable, Hashable {
    case bool
    /// A number in this range, in this unit (`seconds`, `points`).
    case number(ClosedRange<Double>, unit: String)
    /// One of these strings.
    case choice([String])
    /// One of these strings, or `null`.
    case optionalChoice([String])
    /// A modifier set, e.g. `["shift"]`.
    case modifiers
    /// An array of modifier sets, e.g. `[["command"]]`.
    case modifierSets
    /// An array of rules `{"flags": […], "match": "exact" | "includes", "mode": …}`.
    case modeTable
}

/// The value of one click rule, as a scene file writes it.
package typealias ClickRuleValue = SettingValue
/// A click rule's type.
package typealias ClickRuleType = SettingType
/// One click rule's declaration (``ClickRules/registry``).
package typealias ClickRuleInfo = Setting<ClickRules>
/// One band field's declaration (``BandProfile/settings``).
package typealias BandFieldInfo = Setting<BandProfile>

/// A type whose settings are declared once, in ``settings``.
package protocol DeclaredSettings: Sendable {
    /// Every setting, in the order a scene file writes them.
    static var settings: [Setting<Self>] { get }
}

/// One setting of `Root` (a ``ClickRules`` rule, a ``BandProfile`` field),
/// declared once: its name (the scene file's key), its type, what it means
/// and where the values come from in general; each registered profile's
/// value and its own source are in the profile's file
/// (``ProfileDefinition``).
package struct Setting<Root: Sendable>: Sendable {
    /// The scene file's key.
    package let name: String
    /// The value's type.
    package let type: SettingType
    /// What the setting does.
    package let meaning: String
    /// Where the profiles' values come from, for all of them (a profile's
    /// own source follows, ``ProfileDefinition``): the toolkit function or
    /// the measured corpus, Apple's documentation, or "our reading".
    package let sharedSource: String
    /// The Swift property.
    package let keyPath: any AnyKeyPath & Sendable
    let get: @Sendable (Root) -> SettingValue
    let set: @Sendable (inout Root, SettingValue) -> Void

    /// The setting's value in `root`.
    package func value(in root: Root) -> SettingValue { get(root) }
    /// Sets the setting in `root` (a value of another type than the setting's is ignored).
    package func setValue(_ v: SettingValue, in root: inout Root) { set(&root, v) }

    static func bool(_ name: String, _ kp: any WritableKeyPath<Root, Bool> & Sendable, _ meaning: String, source: String = "") -> Self {
        Self(
            name: name,
            type: .bool,
            meaning: meaning,
            sharedSource: source,
            keyPath: kp,
            get: { .bool($0[keyPath: kp]) },
            set: { r, v in if case .bool(let b) = v { r[keyPath: kp] = b } }
        )
    }

    static func number(
        _ name: String,
        _ kp: any WritableKeyPath<Root, Double> & Sendable,
        _ range: ClosedRange<Double>,
        unit: String,
        _ meaning: String,
        source: String = ""
    ) -> Self {
        Self(
            name: name,
            type: .number(range, unit: unit),
            meaning: meaning,
            sharedSource: source,
            keyPath: kp,
            get: { .number($0[keyPath: kp]) },
            set: { r, v in if case .number(let d) = v { r[keyPath: kp] = d } }
        )
    }

    static func choice<E: RawRepresentable & CaseIterable & Sendable>(
        _ name: String,
        _ kp: any WritableKeyPath<Root, E> & Sendable,
        _ meaning: String,
        source: String = ""
    ) -> Self where E.RawValue == String {
        Self(
            name: name,
            type: .choice(E.allCases.map(\.rawValue)),
            meaning: meaning,
            sharedSource: source,
            keyPath: kp,
            get: { .choice($0[keyPath: kp].rawValue) },
            set: { r, v in if case .choice(let c) = v, let e = E(rawValue: c) { r[keyPath: kp] = e } }
        )
    }

    static func optionalChoice<E: RawRepresentable & CaseIterable & Sendable>(
        _ name: String,
        _ kp: any WritableKeyPath<Root, E?> & Sendable,
        _ meaning: String,
        source: String = ""
    ) -> Self where E.RawValue == String {
        Self(
            name: name,
            type: .optionalChoice(E.allCases.map(\.rawValue)),
            meaning: meaning,
            sharedSource: source,
            keyPath: kp,
            get: { $0[keyPath: kp].map { .choice($0.rawValue) } ?? .none },
            set: { r, v in
                if case .choice(let c) = v, let e = E(rawValue: c) { r[keyPath: kp] = e } else if case .none = v { r[keyPath: kp] = nil }
            }
        )
    }

    static func modifiers(_ name: String, _ kp: any WritableKeyPath<Root, ModifierFlags> & Sendable, _ meaning: String, source: String = "") -> Self {
        Self(
            name: name,
            type: .modifiers,
            meaning: meaning,
            sharedSource: source,
            keyPath: kp,
            get: { .modifiers($0[keyPath: kp]) },
            set: { r, v in if case .modifiers(let m) = v { r[keyPath: kp] = m } }
        )
    }

    static func modifierSets(
        _ name: String,
        _ kp: any WritableKeyPath<Root, [ModifierFlags]> & Sendable,
        _ meaning: String,
        source: String = ""
    ) -> Self {
        Self(
            name: name,
            type: .modifierSets,
            meaning: meaning,
            sharedSource: source,
            keyPath: kp,
            get: { .modifierSets($0[keyPath: kp]) },
            set: { r, v in if case .modifierSets(let m) = v { r[keyPath: kp] = m } }
        )
    }

    static func modeTable(
        _ name: String,
        _ kp: any WritableKeyPath<Root, [BandProfile.Rule]> & Sendable,
        _ meaning: String,
        source: String = ""
    ) -> Self {
        Self(
            name: name,
            type: .modeTable,
            meaning: meaning,
            sharedSource: source,
            keyPath: kp,
            get: { .modeTable($0[keyPath: kp]) },
            set: { r, v in if case .modeTable(let m) = v { r[keyPath: kp] = m } }
        )
    }
}

extension Setting where Root: DeclaredSettings {
    /// The declaration of the setting at `keyPath`, if it is one.
    package static func declared(_ keyPath: AnyKeyPath) -> Setting<Root>? {
        Root.settings.first { $0.keyPath == keyPath }
    }
}

/// Where a profile's file sets its values: each setting with the Swift
/// property, its value, and optionally where this profile's value comes
/// from (``ProfileDefinition``).
package struct SettingValues<Root: DeclaredSettings> {
    /// The values so far.
    package var value: Root
    /// The sources given, by setting name.
    package var sources: [String: String] = [:]

    /// Sets a setting (`source`: where this profile's value comes from).
    package mutating func set<V>(_ keyPath: WritableKeyPath<Root, V>, _ v: V, _ source: String? = nil) {
        value[keyPath: keyPath] = v
        guard let source else { return }
        guard let s = Setting<Root>.declared(keyPath) else { preconditionFailure("a source for a property that is no declared setting") }
        sources[s.name] = source
    }
}

extension Setting {
    /// A choice among `cases` (in the order errors list them).
    static func choice<E: RawRepresentable & Sendable>(
        _ name: String,
        _ kp: any WritableKeyPath<Root, E> & Sendable,
        cases: [E],
        _ meaning: String,
        source: String = ""
    ) -> Self where E.RawValue == String {
        Self(
            name: name,
            type: .choice(cases.map(\.rawValue)),
            meaning: meaning,
            sharedSource: source,
            keyPath: kp,
            get: { .choice($0[keyPath: kp].rawValue) },
            set: { r, v in if case .choice(let c) = v, let e = E(rawValue: c) { r[keyPath: kp] = e } }
        )
    }
}

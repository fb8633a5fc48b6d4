// The registered profiles. A profile starts in its file of this folder
// (`<Name>.swift`, or `<Name>/` when it holds a port of its widget's code):
// its band fields, its click rules' values and their sources, its aliases and
// its port, if any. Adding one is its file and its line in `definitions`
// below (docs/Architecture.md, "Profiles").

/// One registered profile, as its file declares it.
package struct ProfileDefinition: Sendable {
    /// The name scenes and the command line give it.
    package let name: String
    /// Other names for it (``BandProfile/aliases``).
    package let aliases: [String]
    /// Its band fields and its click rules (``BandProfile/clicks``).
    package let profile: BandProfile
    /// Where its band fields' values come from, by field (after the field's shared source).
    package let bandSources: [String: String]
    /// Where its click rules' values come from, by rule (after the rule's shared source).
    package let clickSources: [String: String]
    /// The port of its widget's own code that plays it, if any
    /// (``SelectionBehaviours``); else the rule-driven ``RuleBehaviour``.
    package let port: SelectionBehaviours.Port?

    /// A profile: `band` sets its band fields on the defaults of
    /// ``BandProfile/init(name:rules:defaultMode:threshold:thresholdMetric:thresholdIsStrict:modifiersReadAt:application:clicks:)``,
    /// `clicks` its click rules on each rule's default (``ClickRules/blank``).
    package init(
        name: String,
        aliases: [String] = [],
        band: (inout SettingValues<BandProfile>) -> Void,
        clicks: (inout SettingValues<ClickRules>) -> Void,
        port: SelectionBehaviours.Port? = nil
    ) {
        var b = SettingValues(value: BandProfile(name: name, rules: [], clicks: .blank))
        band(&b)
        var c = SettingValues(value: ClickRules.blank)
        clicks(&c)
        b.value.clicks = c.value
        self.name = name
        self.aliases = aliases
        profile = b.value
        bandSources = b.sources
        clickSources = c.sources
        self.port = port
    }
}

/// The list of the registered profiles.
package enum ProfileRegistry {
    /// The registered (built-in) profiles, in the order lists name them: the
    /// one list every profile name comes from (``BandProfile/registered``).
    package static let definitions: [ProfileDefinition] = [.uikit, .qtGraphicsView, .gtk, .qtItemView, .imgui, .gtk3]

    /// The registered profile named `name` (not an alias).
    package static func definition(_ name: String) -> ProfileDefinition? { definitions.first { $0.name == name } }
}

extension Setting where Root == ClickRules {
    /// Each registered profile's value, by profile name.
    package var values: [String: SettingValue] {
        Dictionary(uniqueKeysWithValues: ProfileRegistry.definitions.map { ($0.name, value(in: $0.profile.clicks)) })
    }
    /// Where the values come from: the shared source, then each profile's own.
    package var source: String {
        ([sharedSource] + ProfileRegistry.definitions.compactMap { $0.clickSources[name] }).filter { !$0.isEmpty }.joined(separator: "; ")
    }
}

extension Setting where Root == BandProfile {
    /// Each registered profile's value, by profile name.
    package var values: [String: SettingValue] {
        Dictionary(uniqueKeysWithValues: ProfileRegistry.definitions.map { ($0.name, value(in: $0.profile)) })
    }
    /// Where the values come from: the shared source, then each profile's own.
    package var source: String {
        ([sharedSource] + ProfileRegistry.definitions.compactMap { $0.bandSources[name] }).filter { !$0.isEmpty }.joined(separator: "; ")
    }
}

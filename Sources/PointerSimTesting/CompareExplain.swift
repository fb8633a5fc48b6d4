import PointerSimCore
import PointerSimFormats

/// `pointersim compare --explain`: for a step at which the profiles part
/// (or activate different items), the rule of each profile that decided what
/// it did, in words and with where that rule comes from. The words are the
/// conformance oracle's (`Conformance`'s explanation of a divergence: the
/// press, the rule applied, the band), refined with the band rule that made
/// this profile differ: its threshold, when its selection is applied, or its
/// mode table.
package enum CompareExplanation {
    /// One profile's reason.
    package struct Reason: Sendable, Hashable {
        /// Which kind of rule decided: `drag-threshold`, `applied-at-end`,
        /// `modifiers-at-release`, `mode`, `press`, `click` or `no-press`.
        package var rule: String
        /// What it did, in words.
        package var words: String
        /// Where the rule comes from (the toolkit function, measured, Apple's
        /// documentation, or our reading).
        package var source: String
    }

    /// The oracle's states of a session under each profile (one per event).
    package struct States: Sendable {
        let perProfile: [[Conformance.StepState]]
    }

    /// The oracle's states of `events` under each profile (one per event).
    package static func states(scene: SimulationScene, profiles: [BandProfile], events: [PointerEvent]) -> States {
        States(
            perProfile: profiles.map { p in
                var s = scene
                s.band.profile = p
                return Conformance.oracle(ConformanceSession(scene: s, events: events))
            }
        )
    }

    /// Each profile's reason for its state after step `k`.
    /// - Parameters:
    ///   - states: `states(scene:profiles:events:)`.
    package static func reasons(profiles: [BandProfile], states all: States, step k: Int, event: PointerEvent) -> [Reason] {
        let states = all.perProfile
        let now = states.map { $0[k] }
        let bandSomewhere = now.contains { $0.answer.band != nil }
        return profiles.indices.map { i in
            reason(profiles[i], now[i], before: k > 0 ? states[i][k - 1] : nil, event: event, bandElsewhere: bandSomewhere)
        }
    }

    static func reason(
        _ p: BandProfile,
        _ s: Conformance.StepState,
        before: Conformance.StepState?,
        event: PointerEvent,
        bandElsewhere: Bool
    ) -> Reason {
        let key = BandProfile.named(p.name)?.name ?? p.name
        let facts = sources[key]
        let name = p.name
        guard s.press != nil else {
            return Reason(rule: "no-press", words: "no primary press yet under \(name): nothing selects", source: facts?.clicks ?? custom)
        }
        let bandNow = s.answer.band != nil
        let bandBefore = before?.answer.band != nil
        // A press on empty space, the button held, no band: the threshold is not reached.
        if s.held, !bandNow, bandElsewhere, let press = s.pressPoint, !s.pressOnItem, p.threshold > 0, s.rule.hasPrefix("press on empty space") {
            let v = s.pointer - press
            let d: Double
            switch p.thresholdMetric {
            case .manhattan: d = v.manhattanLength
            case .chebyshev: d = v.chebyshevLength
            case .euclidean: d = v.length
            }
            let cmp = p.thresholdIsStrict ? "more than" : "at least"
            return Reason(
                rule: "drag-threshold",
                words:
                    "the drag threshold: under \(name) a band begins only once the pointer is \(cmp) \(formatExactNumber(p.threshold)) points from the press (\(metricWords(p.thresholdMetric))); it is \(formatExactNumber((d * 1000).rounded() / 1000)) away, so no band yet and the selection is as the press left it",
                source: facts?.threshold ?? custom
            )
        }
        if bandNow && p.application == .atEnd {
            return Reason(
                rule: "applied-at-end",
                words:
                    "when the selection is applied: under \(name) a band changes the selection only when it ends (its mode chosen by the modifiers held \(p.modifiersReadAt == .release ? "at the release" : "at the press")), so the selection stays as it was at the press while the band moves",
                source: facts?.application ?? custom
            )
        }
        if !bandNow, bandBefore, case .release = event.kind, p.modifiersReadAt == .release {
            let mode = p.mode(for: s.modifiers)
            return Reason(
                rule: "modifiers-at-release",
                words:
                    "at the release: under \(name) the band's mode is chosen by the modifiers held at the release ([\(s.modifiers.names.joined(separator: ", "))] → \(mode.rawValue)) and applied then, all at once",
                source: facts?.application ?? custom
            )
        }
        if !bandNow, bandBefore, case .release = event.kind, let m = before?.mode {
            return Reason(
                rule: "mode",
                words:
                    "at the release: under \(name) the band ends as it stood; its mode, \(m.rawValue), was chosen at the press by the modifiers then held and applied live, so the release changes nothing (\(before?.rule ?? s.rule))",
                source: facts?.modes ?? custom
            )
        }
        if bandNow, let m = s.mode {
            let when = p.modifiersReadAt == .release ? "at the release" : (key == "qt-itemview" ? "at every move" : "at the press")
            return Reason(
                rule: "mode",
                words:
                    "the mode table: under \(name) the modifiers [\(s.modifiers.names.joined(separator: ", "))] (read \(when)) choose \(m.rawValue), applied live as the band moves (\(s.rule))",
                source: facts?.modes ?? custom
            )
        }
        // The oracle's rule is a band's or a press's on empty space, else a click rule's (or a key's).
        let isClick = !(s.rule.hasPrefix("band") || s.rule.hasPrefix("press on empty space") || s.rule.hasPrefix("none"))
        return Reason(
            rule: isClick ? "click" : "press",
            words: "\(s.press ?? "no press"); rule applied: \(s.rule)",
            source: facts?.clicks ?? custom
        )
    }

    static func metricWords(_ m: BandProfile.DistanceMetric) -> String {
        switch m {
        case .manhattan: "Manhattan: |dx| + |dy|"
        case .chebyshev: "on either axis: max(|dx|, |dy|)"
        case .euclidean: "Euclidean"
        }
    }

    static let custom = "the profile given (not a registered one): its own fields"

    /// Where each registered profile's band rules come from
    /// (docs/BandSelection.md, "Where each rule comes from"; docs/UIKitSources.md for `uikit`).
    struct Sources {
        var threshold: String
        var application: String
        var modes: String
        var clicks: String
    }

    static let clickRules = "its click rules, each with its source in docs/Formats/Scene.md#click-rules (ClickRules.registry)"

    static let sources: [String: Sources] = [
        "uikit": Sources(
            threshold: "our reading: Apple documents no drag threshold; a band begins at the press (docs/UIKitSources.md)",
            application:
                "Apple: UIBandSelectionInteraction.State.selecting, \"select items that intersect the current selection rectangle\" (docs/UIKitSources.md)",
            modes: "Apple, WWDC21: Shift adds, Command toggles; flags compared by exact equality: our reading (docs/UIKitSources.md)",
            clicks: "UIKit: " + clickRules
        ),
        "qt-graphicsview": Sources(
            threshold:
                "measured in Qt 6.12: 9 gives nothing, 10 begins (QApplication::startDragDistance(), Manhattan, QGraphicsView::mouseMoveEvent)",
            application: "measured in Qt 6.12: QGraphicsViewPrivate::updateRubberBand selects at every move",
            modes: "measured in Qt 6.12: Control → Qt::AddToSelection in QGraphicsView::mousePressEvent, else replace",
            clicks: "Qt 6.12 QGraphicsItem: " + clickRules
        ),
        "qt-itemview": Sources(
            threshold: "measured in Qt 6.12: QAbstractItemView::mouseMoveEvent selects from the first motion (no threshold)",
            application: "measured in Qt 6.12: QAbstractItemView::mouseMoveEvent calls setSelection at every move",
            modes: "measured in Qt 6.12: QAbstractItemView::selectionCommand at every move (Control toggles, Shift adds, else replace)",
            clicks: "Qt 6.12 QAbstractItemView (QListView): " + clickRules
        ),
        "gtk": Sources(
            threshold: "measured in GTK 4.8.3: 8 gives nothing, 9 begins (gtk_drag_check_threshold_double, either axis)",
            application:
                "measured in GTK 4.8.3: gtk_list_base_drag_end applies the rubberband (gtk_list_base_apply_rubberband_selection) with the last event's modifiers",
            modes: "measured in GTK 4.8.3: gtk_list_base_apply_rubberband_selection (modify = Control, extend = Shift)",
            clicks: "GTK 4.8.3 GtkGridView: " + clickRules
        ),
        "imgui": Sources(
            threshold: "measured in Dear ImGui 1.93.0: io.MouseDragThreshold, 6 points Euclidean (docs/ImGui.md)",
            application: "measured in Dear ImGui 1.93.0: BoxSelect updates the selection every frame (docs/ImGui.md)",
            modes: "measured in Dear ImGui 1.93.0: Ctrl or Shift keep the selection, else the box replaces it (docs/ImGui.md)",
            clicks: "Dear ImGui 1.93.0 multi-select: " + clickRules
        ),
        "gtk3": Sources(
            threshold: "measured in GTK 3.24.38: gtk_icon_view_button_press starts rubberbanding at once on empty space (no threshold)",
            application: "measured in GTK 3.24.38: gtk_icon_view_update_rubberband_selection at every motion",
            modes:
                "measured in GTK 3.24.38: gtk_icon_view_update_rubberband_selection (selected = is_in ^ selected_before_rubberbanding; Control keeps the selection)",
            clicks: "GTK 3.24.38 GtkIconView: " + clickRules
        ),
    ]

    /// The `"why"` object of a comparison line: one key per profile (the
    /// names as given), each `{"rule":…,"words":…,"source":…}`.
    package static func json(names: [String], _ reasons: [Reason]) -> String {
        var s = "{"
        for (k, r) in reasons.enumerated() {
            if k > 0 { s += "," }
            appendJSONString(names[k], to: &s)
            s += ":{\"rule\":"
            appendJSONString(r.rule, to: &s)
            s += ",\"words\":"
            appendJSONString(r.words, to: &s)
            s += ",\"source\":"
            appendJSONString(r.source, to: &s)
            s += "}"
        }
        return s + "}"
    }
}

extension BandSelectionInteraction {
    /// With ``BandProfile/emptySpanHitsNothing``: the band's span from the
    /// press to `current` on the pixel grid, which is empty while the pointer
    /// is in line with the press on either axis (then it hits nothing: GTK 3's
    /// `gtk_icon_view_item_hit_test`); nil otherwise (the band rect is tested).
    @usableFromInline package func spanRect(to current: Point) -> Rect? {
        guard configuration.profile.emptySpanHitsNothing else { return nil }
        let s = configuration.scale
        return Rect(corner: anchor.roundedToPixels(scale: s), current.roundedToPixels(scale: s))
    }
}

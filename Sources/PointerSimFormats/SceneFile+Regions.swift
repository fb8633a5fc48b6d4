import PointerSimCore

extension SceneFile {
    /// Decodes the scene's `regions` array.
    static func decodeRegions(_ field: SceneField, into scene: inout Scene) throws {
        throw field.error("pointer regions are not supported yet")
    }
}

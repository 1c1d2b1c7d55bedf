/// How a filter treats the pixels it reads outside an image.
///
/// Used by ``GaussianBlur``, `VariableBlur` and ``Displacement``. Each filter documents how it applies the
/// mode; both are exact definitions, not approximations: `.clamp` repeats the nearest edge pixel forever,
/// `.transparent` reads transparent black (all four channels 0).
public enum EdgeMode: Sendable, Hashable, CaseIterable {
    /// Outside pixels repeat the nearest edge pixel (no darkening or fading at the border).
    case clamp
    /// Outside pixels are transparent black (content fades out toward the border).
    case transparent
}

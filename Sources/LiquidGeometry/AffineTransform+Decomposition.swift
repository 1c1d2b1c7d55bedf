import RealModule

extension AffineTransform {
    /// A transform taken apart into the quantities that animate naturally: a rotation, scales along the
    /// rotated axes, a shear and a translation.
    ///
    /// The linear part is factored as `R(rotation) · [[scaleX, shear], [0, scaleY]]` (the QR factorisation
    /// of the column matrix `[[a, c], [b, d]]`), so interpolating the parts turns a rotation through the
    /// angle instead of shrinking the shape through the middle the way interpolating `a, b, c, d` would.
    /// A mirror shows as a negative ``scaleY``. When the first column is zero (`a = b = 0`) the rotation is
    /// 0 and the other parts are read off directly.
    package struct Decomposed: Hashable, Sendable {
        package var translation: Vector2
        /// Radians in (−π, π].
        package var rotation: Double
        package var scaleX: Double
        package var scaleY: Double
        package var shear: Double

        package init(translation: Vector2, rotation: Double, scaleX: Double, scaleY: Double, shear: Double) {
            self.translation = translation
            self.rotation = rotation
            self.scaleX = scaleX
            self.scaleY = scaleY
            self.shear = shear
        }

        /// The transform these parts make (equal to the decomposed one up to rounding).
        package var composed: AffineTransform {
            let cos = Double.cos(rotation), sin = Double.sin(rotation)
            return AffineTransform(a: cos * scaleX, b: sin * scaleX,
                                   c: cos * shear - sin * scaleY, d: sin * shear + cos * scaleY,
                                   tx: translation.x, ty: translation.y)
        }
    }

    /// This transform's rotation, scales, shear and translation (see ``Decomposed``).
    package var decomposed: Decomposed {
        let scaleX = (a * a + b * b).squareRoot()
        guard scaleX > 0 else {
            return Decomposed(translation: Vector2(tx, ty), rotation: 0, scaleX: 0, scaleY: d, shear: c)
        }
        let cos = a / scaleX, sin = b / scaleX
        return Decomposed(translation: Vector2(tx, ty), rotation: Double.atan2(y: b, x: a), scaleX: scaleX,
                          scaleY: cos * d - sin * c, shear: cos * c + sin * d)
    }
}

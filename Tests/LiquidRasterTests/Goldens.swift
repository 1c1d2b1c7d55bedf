import Foundation
import TestSupport

/// This target's golden images: `Golden/` in its bundle, recorded into the `Golden` folder beside this file
/// (see ``GoldenImages``).
let goldens = GoldenImages(bundle: .module)

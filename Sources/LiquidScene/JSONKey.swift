/// One step of a path into a JSON document: an object member's key or a list index. It names places in
/// error messages (`layers[2].fill`) and reads objects whose keys are not known in advance.
package struct JSONKey: CodingKey, Sendable {
    package let stringValue: String
    package let intValue: Int?

    /// The member `key` of an object.
    package init(_ key: String) {
        stringValue = key
        intValue = nil
    }

    /// Element `index` of a list.
    package init(index: Int) {
        stringValue = "\(index)"
        intValue = index
    }

    package init?(stringValue: String) { self.init(stringValue) }

    package init?(intValue: Int) { self.init(index: intValue) }
}

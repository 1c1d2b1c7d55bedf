/// One step of a path into a JSON document: an object member's key or a list index. It names places in
/// error messages (`layers[2].fill`) and reads objects whose keys are not known in advance.
package struct JSONKey: CodingKey, Sendable {
    /// Small enough to sit inside an existential `any CodingKey` without an allocation of its own.
    private enum Step: Sendable {
        case member(String)
        case index(Int)
    }

    private let step: Step

    /// The member `key` of an object.
    package init(_ key: String) { step = .member(key) }

    /// Element `index` of a list.
    package init(index: Int) { step = .index(index) }

    package init?(stringValue: String) { self.init(stringValue) }

    package init?(intValue: Int) { self.init(index: intValue) }

    package var stringValue: String {
        switch step {
        case .member(let key): key
        case .index(let index): "\(index)"
        }
    }

    package var intValue: Int? {
        if case .index(let index) = step { return index }
        return nil
    }
}

/// An error whose description is exactly its message (shown as one line by the tool).
struct ValidationErrorMessage: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

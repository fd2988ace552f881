/// A value carried on the wire as `key=value` fields.
public protocol FieldsRepresentable: Hashable, Sendable {
    /// Reads the value from fields, throwing a protocol error for missing or bad ones.
    init(fields: Fields) throws(ProtocolError)
    /// The value's fields, in the documented order.
    var fields: Fields { get }
}

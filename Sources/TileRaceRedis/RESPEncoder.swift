/// Writes commands in the form Redis reads: an array of bulk strings.
public enum RESPEncoder {
    /// Bulk strings of UTF-8 bytes, so any text is safe, `\r\n` included.
    public static func command(_ arguments: [String]) -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(16 + arguments.reduce(0) { $0 + $1.utf8.count + 16 })
        output.append(UInt8(ascii: "*"))
        output.append(contentsOf: String(arguments.count).utf8)
        output.append(contentsOf: crlf)
        for argument in arguments {
            output.append(UInt8(ascii: "$"))
            output.append(contentsOf: String(argument.utf8.count).utf8)
            output.append(contentsOf: crlf)
            output.append(contentsOf: argument.utf8)
            output.append(contentsOf: crlf)
        }
        return output
    }

    private static let crlf: [UInt8] = [13, 10]
}

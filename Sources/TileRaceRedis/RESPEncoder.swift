/// Writes commands in the form Redis reads: an array of bulk strings.
public enum RESPEncoder {
    /// Bulk strings of UTF-8 bytes, so any text is safe, `\r\n` included.
    public static func command(_ arguments: [String]) -> [UInt8] {
        command(bytes: arguments.map { Array($0.utf8) })
    }

    /// One command whose arguments are raw bytes (binary-safe).
    public static func command(bytes arguments: [[UInt8]]) -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(16 + arguments.reduce(0) { $0 + $1.count + 16 })
        output.append(UInt8(ascii: "*"))
        output.append(contentsOf: String(arguments.count).utf8)
        output.append(contentsOf: crlf)
        for argument in arguments {
            output.append(UInt8(ascii: "$"))
            output.append(contentsOf: String(argument.count).utf8)
            output.append(contentsOf: crlf)
            output.append(contentsOf: argument)
            output.append(contentsOf: crlf)
        }
        return output
    }

    private static let crlf: [UInt8] = [13, 10]
}

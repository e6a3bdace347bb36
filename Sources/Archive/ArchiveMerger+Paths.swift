import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

extension ArchiveMerger {
    /// Why `inputs` and `out` cannot be merged as given, or `nil`: the same directory given twice
    /// (`A` and `./A`, or a symbolic link to A), `out` equal to an input, inside one, or holding
    /// one. Compared by real path (symbolic links resolved).
    public static func pathProblem(inputs: [String], out: String) -> String? {
        let real = inputs.map(realPath)
        for (index, path) in real.enumerated() {
            if let first = real[..<index].firstIndex(of: path) {
                return "\(inputs[first]) and \(inputs[index]) are the same directory (\(path)): give each input once"
            }
        }
        let realOut = realPath(out)
        for (input, path) in zip(inputs, real) {
            if realOut == path {
                return "--out \(out) is one of the inputs (\(input)); give a new directory"
            }
            if realOut.hasPrefix(path == "/" ? "/" : path + "/") {
                return "--out \(out) is inside the input \(input): merge would write into a directory it reads; "
                    + "give an --out outside every input"
            }
            if path.hasPrefix(realOut == "/" ? "/" : realOut + "/") {
                return "the input \(input) is inside --out \(out): give an --out that holds no input"
            }
        }
        return nil
    }

    /// `path` absolute with symbolic links resolved, as far as it exists; the rest appended.
    static func realPath(_ path: String) -> String {
        var existing = URL(fileURLWithPath: path).standardizedFileURL
        var rest: [String] = []
        while true {
            if let resolved = realpath(existing.path, nil) {
                defer { free(resolved) }
                return ([String(cString: resolved)] + rest.reversed()).joined(separator: "/")
                    .replacingOccurrences(of: "//", with: "/")
            }
            guard existing.path != "/" else { return URL(fileURLWithPath: path).standardizedFileURL.path }
            rest.append(existing.lastPathComponent)
            existing.deleteLastPathComponent()
        }
    }
}

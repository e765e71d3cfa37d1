/// The fields in which two values differ, one line each (the test store's
/// failure messages; not public, so it adds no global name to test code), found by walking them
/// with `Mirror`: `todos[1].title: expected "Milk", got "Bread"`.
///
/// Structs, classes and tuples are compared field by field, collections element
/// by element (and by count), dictionaries key by key, enums by case and then
/// payload; anything else by its `String(reflecting:)` description.
///
/// - Parameters:
///   - expected: The value the test described.
///   - actual: The value the store has.
///   - path: The name of the values (`state` at the top).
/// - Returns: One line per difference; empty when none is found.
package func differences(expected: Any, actual: Any, path: String = "state") -> [String] {
    let expectedMirror = Mirror(reflecting: expected)
    let actualMirror = Mirror(reflecting: actual)
    let leaf = { () -> [String] in
        let expectedText = String(reflecting: expected)
        let actualText = String(reflecting: actual)
        return expectedText == actualText ? [] : ["\(path): expected \(expectedText), got \(actualText)"]
    }
    guard type(of: expected) == type(of: actual), expectedMirror.displayStyle == actualMirror.displayStyle else {
        return leaf()
    }
    let expectedChildren = Array(expectedMirror.children)
    let actualChildren = Array(actualMirror.children)
    switch expectedMirror.displayStyle {
    case .collection, .set:
        var lines: [String] = []
        if expectedChildren.count != actualChildren.count {
            lines.append("\(path).count: expected \(expectedChildren.count), got \(actualChildren.count)")
        }
        for index in 0..<min(expectedChildren.count, actualChildren.count) {
            lines += differences(
                expected: expectedChildren[index].value, actual: actualChildren[index].value, path: "\(path)[\(index)]")
        }
        if lines.isEmpty && expectedMirror.displayStyle == .set { return leaf() }
        return lines
    case .dictionary:
        let keyed = { (children: [Mirror.Child]) -> [String: Any] in
            var entries: [String: Any] = [:]
            for child in children {
                let pair = Array(Mirror(reflecting: child.value).children)
                if pair.count == 2 { entries[String(reflecting: pair[0].value)] = pair[1].value }
            }
            return entries
        }
        let expectedEntries = keyed(expectedChildren)
        let actualEntries = keyed(actualChildren)
        var lines: [String] = []
        for key in Set(expectedEntries.keys).union(actualEntries.keys).sorted() {
            switch (expectedEntries[key], actualEntries[key]) {
            case (let expectedValue?, let actualValue?):
                lines += differences(expected: expectedValue, actual: actualValue, path: "\(path)[\(key)]")
            case (let expectedValue?, nil):
                lines.append("\(path)[\(key)]: expected \(String(reflecting: expectedValue)), got no entry")
            case (nil, let actualValue?):
                lines.append("\(path)[\(key)]: expected no entry, got \(String(reflecting: actualValue))")
            case (nil, nil):
                break
            }
        }
        return lines
    case .optional:
        guard let expectedValue = expectedChildren.first?.value, let actualValue = actualChildren.first?.value else {
            return leaf()
        }
        return differences(expected: expectedValue, actual: actualValue, path: path)
    case .struct, .class, .tuple, .enum:
        guard !expectedChildren.isEmpty, expectedChildren.count == actualChildren.count,
            zip(expectedChildren, actualChildren).allSatisfy({ $0.label == $1.label })
        else { return leaf() }
        var lines: [String] = []
        for (offset, (expectedChild, actualChild)) in zip(expectedChildren, actualChildren).enumerated() {
            let label = expectedChild.label ?? ".\(offset)"
            let childPath = expectedMirror.displayStyle == .enum ? "\(path)(\(label))" : "\(path).\(label)"
            lines += differences(expected: expectedChild.value, actual: actualChild.value, path: childPath)
        }
        return lines.isEmpty ? leaf() : lines
    default:
        return leaf()
    }
}

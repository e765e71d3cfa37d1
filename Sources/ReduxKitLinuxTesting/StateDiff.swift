/// The fields in which two values differ, one line each (the test store's
/// failure messages; not public, so it adds no global name to test code), found by walking them
/// with `Mirror`: `todos[1].title: expected "Milk", got "Bread"`.
///
/// Structs, classes and tuples are compared field by field, collections element
/// by element, dictionaries key by key, enums by case and then payload; anything
/// else by its `String(reflecting:)` description. Collections of different sizes
/// are shown whole first (cut short when long), with their counts:
/// `hits: expected [1] (1 element), got [1, 2] (2 elements)`.
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
        let isSet = expectedMirror.displayStyle == .set
        let expectedElements = expectedChildren.map(\.value)
        let actualElements = actualChildren.map(\.value)
        guard expectedElements.count == actualElements.count else {
            return sizeDifference(expected: expectedElements, actual: actualElements, isSet: isSet, path: path)
        }
        let lines = elementDifferences(expected: expectedElements, actual: actualElements, path: path)
        return lines.isEmpty && isSet ? leaf() : lines
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

/// At most this many elements of a collection are reported as differing; the
/// rest are counted.
private let elementLinesLimit = 20

/// How many characters of a collection's elements a size difference shows.
private let listingLimit = 200

/// The lines for two collections of different sizes: both shown, with their
/// counts; then, for a list, the differences at the indices both have, and the
/// extra elements one by one when the first line could not show them all.
private func sizeDifference(expected: [Any], actual: [Any], isSet: Bool, path: String) -> [String] {
    let expectedListing = listing(expected, isSet: isSet)
    let actualListing = listing(actual, isSet: isSet)
    var lines = [
        "\(path): expected \(expectedListing.text) (\(elements(expected.count))), "
            + "got \(actualListing.text) (\(elements(actual.count)))"
    ]
    // A set's order is its hashing's: the same index holds unrelated elements.
    guard !isSet else { return lines }
    let common = min(expected.count, actual.count)
    lines += elementDifferences(expected: Array(expected[..<common]), actual: Array(actual[..<common]), path: path)
    guard expectedListing.isCut || actualListing.isCut else { return lines }
    let expectedIsLonger = expected.count > actual.count
    let extra = (expectedIsLonger ? expected : actual)[common...]
    for (index, element) in zip(extra.indices, extra).prefix(elementLinesLimit) {
        let text = cut(show(element))
        lines.append(
            expectedIsLonger
                ? "\(path)[\(index)]: expected \(text), got no element"
                : "\(path)[\(index)]: expected no element, got \(text)")
    }
    if extra.count > elementLinesLimit {
        let rest = extra.count - elementLinesLimit
        let which = expectedIsLonger ? "expected" : "unexpected"
        lines.append(
            "\(path)[\(common + elementLinesLimit)...]: \(rest) more \(which) \(rest == 1 ? "element" : "elements")")
    }
    return lines
}

/// The differences of the elements at the same index, for the first
/// ``elementLinesLimit`` elements that differ; the others are counted.
private func elementDifferences(expected: [Any], actual: [Any], path: String) -> [String] {
    var lines: [String] = []
    var differing = 0
    for index in 0..<min(expected.count, actual.count) {
        let elementLines = differences(expected: expected[index], actual: actual[index], path: "\(path)[\(index)]")
        guard !elementLines.isEmpty else { continue }
        differing += 1
        if differing <= elementLinesLimit { lines += elementLines }
    }
    if differing > elementLinesLimit {
        let rest = differing - elementLinesLimit
        lines.append("\(path): \(rest) more differing \(rest == 1 ? "element" : "elements")")
    }
    return lines
}

/// `[1, 2]` (`Set([1, 2])` for a set), cut short with `…` past
/// ``listingLimit`` characters; whether it was.
private func listing(_ elements: [Any], isSet: Bool) -> (text: String, isCut: Bool) {
    var items: [String] = []
    var length = 0
    for element in elements {
        let item = show(element)
        guard items.isEmpty || length + 2 + item.count <= listingLimit else { break }
        length += (items.isEmpty ? 0 : 2) + item.count
        items.append(cut(item))
    }
    let isCut = items.count < elements.count || length > listingLimit
    let list = "[" + items.joined(separator: ", ") + (items.count < elements.count ? ", …" : "") + "]"
    return (isSet ? "Set(\(list))" : list, isCut)
}

/// An element as a size difference shows it: text quoted, anything else as
/// `String(describing:)` has it (`Todo(title: "Milk")`, without the module).
private func show(_ element: Any) -> String {
    element is String || element is Substring || element is Character
        ? String(reflecting: element) : String(describing: element)
}

/// `text`, cut at ``listingLimit`` characters with `…`.
private func cut(_ text: String) -> String {
    text.count > listingLimit ? String(text.prefix(listingLimit)) + "…" : text
}

/// `1 element`, `3 elements`.
private func elements(_ count: Int) -> String {
    count == 1 ? "1 element" : "\(count) elements"
}

/// `page.html` cut at its placeholders (`{{title}}` and the others of
/// ``Placeholder``), so a page is made by copying its parts and what fills
/// each placeholder, once: nothing that fills one (a title holding
/// `{{script}}`, say) is read as a placeholder again.
struct InspectorPageTemplate: Equatable {
    /// What the page's Swift side fills in.
    enum Placeholder: String, CaseIterable {
        /// ``InspectorPage/contentSecurityPolicy``.
        case contentSecurityPolicy = "content-security-policy"
        /// The page's title, escaped as HTML.
        case title
        /// `style.css`.
        case style
        /// The timeline's JSON (``InspectorTimelineJSON``).
        case data
        /// The scripts (``InspectorPageFiles/script``).
        case script
    }

    /// A run of the template's own bytes, or a placeholder.
    enum Part: Equatable {
        /// Bytes copied as they are.
        case text([UInt8])
        /// A placeholder to fill.
        case placeholder(Placeholder)
    }

    /// The parts, in order.
    let parts: [Part]

    /// `page.html`, cut.
    static let page = InspectorPageTemplate(InspectorPageFiles.template)

    /// Cuts `template` at each `{{name}}` whose name is a ``Placeholder``'s
    /// (other braces are text).
    init(_ template: [UInt8]) {
        var parts: [Part] = []
        var text: [UInt8] = []
        var index = 0
        let open = UInt8(ascii: "{")
        let close = UInt8(ascii: "}")
        while index < template.count {
            if template[index] == open, index + 1 < template.count, template[index + 1] == open,
                let end = Self.closing(in: template, from: index + 2, close: close),
                let placeholder = Placeholder(rawValue: String(decoding: template[(index + 2)..<end], as: UTF8.self))
            {
                if !text.isEmpty { parts.append(.text(text)) }
                text = []
                parts.append(.placeholder(placeholder))
                index = end + 2
            } else {
                text.append(template[index])
                index += 1
            }
        }
        if !text.isEmpty { parts.append(.text(text)) }
        self.parts = parts
    }

    /// The index of the `}}` after `start` on the same line, if there is one.
    private static func closing(in template: [UInt8], from start: Int, close: UInt8) -> Int? {
        var index = start
        while index + 1 < template.count, template[index] != UInt8(ascii: "\n") {
            if template[index] == close && template[index + 1] == close { return index }
            index += 1
        }
        return nil
    }

    /// The template with each placeholder replaced by `fill`'s bytes for it.
    func render(reservingCapacity capacity: Int, _ fill: (Placeholder, inout [UInt8]) -> Void) -> [UInt8] {
        var page: [UInt8] = []
        page.reserveCapacity(capacity)
        for part in parts {
            switch part {
            case .text(let bytes): page.append(contentsOf: bytes)
            case .placeholder(let placeholder): fill(placeholder, &page)
            }
        }
        return page
    }
}

import Testing

@testable import ReduxKitLinuxDevtools

/// The page is `page.html` with its placeholders filled once each, from the
/// files embedded at build time: the style sheet and every script, in order.
@Suite("Inspector page template")
struct InspectorPageTemplateTests {
    /// The placeholders of `template`, in order.
    static func placeholders(_ template: InspectorPageTemplate) -> [InspectorPageTemplate.Placeholder] {
        template.parts.compactMap {
            if case .placeholder(let placeholder) = $0 { return placeholder }
            return nil
        }
    }

    @Test func pageHTMLHasEachPlaceholderAndTheTitleTwice() {
        #expect(
            Self.placeholders(.page) == [.contentSecurityPolicy, .title, .style, .title, .data, .script])
        #expect(InspectorPageFiles.template.starts(with: Array("<!DOCTYPE html>\n".utf8)))
    }

    @Test func onlyKnownNamesInDoubleBracesArePlaceholders() {
        let template = InspectorPageTemplate(Array("a{{title}}b{{nope}}{{}}{{data\n}}{{script}}".utf8))
        #expect(
            template.parts == [
                .text(Array("a".utf8)), .placeholder(.title), .text(Array("b{{nope}}{{}}{{data\n}}".utf8)),
                .placeholder(.script),
            ])
        let filled = template.render(reservingCapacity: 0) { placeholder, page in
            page.append(contentsOf: "<\(placeholder.rawValue)>".utf8)
        }
        #expect(String(decoding: filled, as: UTF8.self) == "a<title>b{{nope}}{{}}{{data\n}}<script>")
    }

    @Test func whatFillsAPlaceholderIsNeverReadAsOne() {
        let title = "{{script}} {{data}}"
        let page = String(decoding: InspectorPage.render(InspectorTimeline(), title: title), as: UTF8.self)
        #expect(page.contains("<title>{{script}} {{data}}</title>"))
        #expect(page.components(separatedBy: "{{").count - 1 == 3 * 2)  // the title twice, and in the data
    }

    @Test func thePageHoldsTheStyleSheetAndEveryScriptInOrder() {
        let page = InspectorPage.render(InspectorTimeline(), title: "t")
        let text = String(decoding: page, as: UTF8.self)
        #expect(text.contains(String(decoding: InspectorPageFiles.style, as: UTF8.self)))
        var searchFrom = text.startIndex
        for script in InspectorPageFiles.scripts {
            let range = text.range(of: String(decoding: script.bytes, as: UTF8.self), range: searchFrom..<text.endIndex)
            #expect(range != nil, "\(script.name) is not in the page after the scripts before it")
            if let range { searchFrom = range.upperBound }
        }
        #expect(InspectorPageFiles.scripts.count == Set(InspectorPageFiles.scripts.map(\.name)).count)
        #expect(InspectorPageFiles.scripts.allSatisfy { !$0.bytes.isEmpty })
        #expect(text.hasSuffix("ReduxKitInspector.controller.start();\n</script>\n</body>\n</html>\n"))
    }
}

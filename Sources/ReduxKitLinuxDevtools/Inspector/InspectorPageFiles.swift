/// The inspector page's files, in `Page/` beside this file, embedded in the
/// code at build time (`PackageResources`, which SwiftPM generates from
/// `Package.swift`'s `.embedInCode("Inspector/Page")`; Docs/Decisions/0012).
///
/// Each script defines one namespace of `globalThis.ReduxKitInspector` and
/// reads the namespaces it uses at its top, so they load in the order of
/// ``scripts``, each after the files it uses (the Node tests in
/// `Tests/InspectorPageTests` load them in the same order).
enum InspectorPageFiles {
    /// `page.html`: the skeleton, with the placeholders ``InspectorPageTemplate`` fills.
    static var template: [UInt8] { PackageResources.page_html }

    /// `style.css`.
    static var style: [UInt8] { PackageResources.style_css }

    /// The scripts, by file name, in the order the page loads them.
    static let scripts: [(name: String, bytes: [UInt8])] = [
        ("format.js", PackageResources.format_js),
        ("path.js", PackageResources.path_js),
        ("patch.js", PackageResources.patch_js),
        ("filter.js", PackageResources.filter_js),
        ("virtual-list.js", PackageResources.virtual_list_js),
        ("preferences.js", PackageResources.preferences_js),
        ("timeline.js", PackageResources.timeline_js),
        ("states.js", PackageResources.states_js),
        ("dom.js", PackageResources.dom_js),
        ("list.js", PackageResources.list_js),
        ("details.js", PackageResources.details_js),
        ("state-view.js", PackageResources.state_view_js),
        ("controller.js", PackageResources.controller_js),
    ]

    /// The scripts joined, in order, one after the other.
    static let script: [UInt8] = scripts.flatMap(\.bytes)
}

/// The inspector page's style sheet: dark text on light panels, the list of
/// entries on the left and the selected one's details on the right, as in
/// Redux DevTools; JSON in a monospace font. Only fonts the system has.
enum InspectorPageStyle {
    /// The CSS.
    static let source = #"""
        :root {
          --bg: #f4f5f7; --panel: #fff; --line: #dfe1e6; --text: #1f2328; --muted: #656d76;
          --accent: #0b5cd5; --accent-bg: #e7efff; --changed: #fff3bf; --changed-line: #e3b341;
          --effect: #6f42c1; --jump: #bc4c00; --unrecorded: #8c959f; --ok: #1a7f37; --bad: #cf222e;
          --mono: ui-monospace, "DejaVu Sans Mono", "Liberation Mono", Menlo, Consolas, monospace;
          --row: 26px;
        }
        * { box-sizing: border-box; }
        html, body { height: 100%; margin: 0; }
        body {
          display: flex; flex-direction: column; background: var(--bg); color: var(--text);
          font: 13px/1.4 system-ui, -apple-system, "Segoe UI", "DejaVu Sans", "Liberation Sans", sans-serif;
        }
        header.top {
          display: flex; align-items: baseline; gap: 16px; padding: 10px 16px 8px;
          background: var(--panel); border-bottom: 1px solid var(--line);
        }
        header.top h1 { font-size: 16px; margin: 0; font-weight: 600; white-space: nowrap; overflow: hidden;
          text-overflow: ellipsis; max-width: 45%; }
        .summary { color: var(--muted); }
        .keys { margin-left: auto; color: var(--muted); font-size: 12px; white-space: nowrap; }
        .notes { background: #fff8c5; border-bottom: 1px solid #e9d37a; padding: 6px 16px; font-size: 12px; }
        .notes p { margin: 2px 0; }
        nav.toolbar {
          display: flex; align-items: center; gap: 14px; padding: 8px 16px; background: var(--panel);
          border-bottom: 1px solid var(--line);
        }
        .tabs { display: flex; border: 1px solid var(--line); border-radius: 6px; overflow: hidden; }
        .tabs button {
          border: 0; background: var(--panel); padding: 5px 14px; font: inherit; color: var(--muted); cursor: pointer;
        }
        .tabs button + button { border-left: 1px solid var(--line); }
        .tabs button.active { background: var(--accent); color: #fff; }
        nav label { color: var(--muted); display: flex; align-items: center; gap: 6px; }
        select, input[type=search] {
          font: inherit; color: var(--text); border: 1px solid var(--line); border-radius: 6px; padding: 4px 8px;
          background: #fff;
        }
        select { max-width: 260px; }
        input[type=search] { width: 220px; }
        .count { color: var(--muted); margin-left: auto; white-space: nowrap; }
        .scrub {
          display: flex; align-items: center; gap: 12px; padding: 4px 16px; background: var(--panel);
          border-bottom: 1px solid var(--line);
        }
        .scrub input { flex: 1; accent-color: var(--accent); }
        .position { font-family: var(--mono); font-size: 12px; color: var(--muted); min-width: 150px;
          text-align: right; }
        main { flex: 1; display: flex; min-height: 0; }
        #timeline { flex: 0 0 50%; min-width: 0; display: flex; background: var(--panel);
          border-right: 1px solid var(--line); }
        #list { flex: 1; overflow-y: auto; position: relative; outline: none; }
        #rows { position: relative; }
        .row {
          position: absolute; left: 0; right: 0; height: var(--row); display: flex; align-items: center; gap: 8px;
          padding: 0 10px 0 8px; border-bottom: 1px solid #f0f1f3; cursor: pointer; white-space: nowrap;
          border-left: 3px solid transparent;
        }
        .row:hover { background: #f6f8fa; }
        .row.selected { background: var(--accent-bg); border-left-color: var(--accent); }
        .row .num { font-family: var(--mono); font-size: 11px; color: var(--muted); min-width: 44px; text-align: right; }
        .row .type { font-family: var(--mono); font-size: 12.5px; font-weight: 600; overflow: hidden;
          text-overflow: ellipsis; flex: 0 0 auto; max-width: 55%; }
        .row .main { flex: 1 1 0; min-width: 0; display: flex; align-items: center; gap: 8px; overflow: hidden; }
        .row .rel, .row .abs, .row .num { flex: none; }
        .row .preview { font-family: var(--mono); font-size: 11.5px; color: var(--muted); overflow: hidden;
          text-overflow: ellipsis; flex: 1 1 0; min-width: 0; }
        .row .rel { font-family: var(--mono); font-size: 11px; color: var(--muted); min-width: 70px; text-align: right; }
        .row .abs { font-family: var(--mono); font-size: 11px; color: var(--muted); min-width: 84px; text-align: right; }
        .row.thunk { border-left-color: hsl(var(--hue), 60%, 55%); }
        .row.thunk.selected { border-left-color: var(--accent); }
        .row.settled .type::before { content: "└ "; color: var(--muted); font-weight: 400; }
        .row.kind-unrecorded .type, .row.kind-unrecordedJump .type { color: var(--unrecorded); font-style: italic; }
        .row.kind-jump .type { color: var(--jump); }
        .row.session {
          background: #eef1f5; color: #3d444d; font-size: 12px; cursor: default; border-bottom: 1px solid var(--line);
          border-top: 1px solid var(--line); font-weight: 600;
        }
        .row.session .sid { font-family: var(--mono); font-weight: 400; font-size: 11px; color: var(--muted);
          overflow: hidden; text-overflow: ellipsis; min-width: 0; }
        .row.torn-line { color: var(--bad); font-style: italic; cursor: default; background: #fff5f5; }
        .row.session .torn { color: var(--bad); }
        .badge {
          display: inline-block; font-size: 10.5px; line-height: 16px; padding: 0 5px; border-radius: 8px;
          border: 1px solid var(--line); color: var(--muted); background: #fff; white-space: nowrap; flex: none;
        }
        .badge.effect { color: var(--effect); border-color: #d8c8f5; background: #f6f1ff; }
        .badge.jump { color: var(--jump); border-color: #f3cfb3; background: #fff4ec; }
        .badge.unrecorded { color: var(--muted); border-style: dashed; }
        .badge.pending { color: #9a6700; border-color: #eed888; background: #fff8dc; }
        .badge.fulfilled { color: var(--ok); border-color: #aee0b9; background: #eefbf1; }
        .badge.rejected { color: var(--bad); border-color: #f5b9bd; background: #fff0f1; }
        .badge.link { cursor: pointer; }
        .badge.link:hover { text-decoration: underline; }
        #details { flex: 1; min-width: 0; overflow: auto; padding: 12px 18px 24px; }
        body[data-view=timeline] #timeline { flex-basis: 100%; border-right: 0; }
        body[data-view=timeline] #details { display: none; }
        body[data-view=payload] #pane-state, body[data-view=state] #pane-payload { display: none; }
        .selection h2 { margin: 0 0 4px; font: 600 16px var(--mono); word-break: break-all; }
        .selection .meta { color: var(--muted); display: flex; flex-wrap: wrap; gap: 6px 14px; align-items: center; }
        .selection .lifecycle { margin-top: 6px; gap: 6px 8px; }
        .selection .session-notes { margin: 8px 0 0; padding: 6px 10px; background: #fff8c5; border-radius: 6px;
          font-size: 12px; }
        .pane h2 { font-size: 12px; text-transform: uppercase; letter-spacing: .04em; color: var(--muted);
          margin: 18px 0 6px; }
        pre.json, .tree {
          font-family: var(--mono); font-size: 12.5px; line-height: 1.5; background: var(--panel); margin: 0;
          border: 1px solid var(--line); border-radius: 6px; padding: 10px 12px; white-space: pre-wrap;
          word-break: break-word;
        }
        .changes, .changed-paths { margin: 0; padding: 0 0 0 4px; list-style: none; font-family: var(--mono);
          font-size: 12px; }
        .changes li, .changed-paths li { padding: 2px 0; word-break: break-all; }
        .op { display: inline-block; min-width: 58px; font-weight: 600; }
        .op-add { color: var(--ok); } .op-remove { color: var(--bad); } .op-replace { color: #9a6700; }
        .changed-paths li { cursor: pointer; }
        .changed-paths li:hover { text-decoration: underline; }
        .changed-paths { margin-bottom: 10px; }
        .state-note { background: #ddf4ff; border: 1px solid #b6e3ff; border-radius: 6px; padding: 8px 12px;
          margin: 0 0 10px; }
        .state-note code { font-family: var(--mono); font-size: 12px; }
        .tree { white-space: normal; }
        .node > .line { white-space: pre-wrap; word-break: break-word; padding-left: 2px; border-radius: 3px; }
        .node > .children { padding-left: 18px; border-left: 1px dotted #d0d7de; margin-left: 5px; }
        .toggle { display: inline-block; width: 14px; color: var(--muted); cursor: pointer; user-select: none; }
        .node.container > .line { cursor: pointer; }
        .key { color: #0550ae; } .key.index { color: var(--muted); }
        .summary-value { color: var(--muted); }
        .v-string { color: #0a3069; } .v-number { color: #953800; } .v-boolean { color: #8250df; }
        .v-null { color: var(--muted); }
        .node.changed > .line { background: var(--changed); box-shadow: inset 3px 0 0 var(--changed-line); }
        .node.has-changed > .line > .key { text-decoration: underline dotted var(--changed-line); }
        .gap, .more { color: var(--muted); font-style: italic; padding-left: 16px; }
        .more { cursor: pointer; color: var(--accent); font-style: normal; }
        .empty { color: var(--muted); font-style: italic; }
        .noscript { padding: 20px; }
        """#
}

/// The inspector page's script, in parts that share one function's scope:
/// this one reads the data and drives the page (selection, filter, search,
/// slider, keys, the URL's hash), ``InspectorPageScriptList`` draws the
/// timeline, ``InspectorPageScriptState`` rebuilds and draws states.
///
/// It builds every view with `createElement` and `textContent`, never HTML
/// from data. Entries are numbered from 1 across the log (`#entry=N`); the
/// hash takes `entry`, `filter` (a type), `search` and `view`
/// (`timeline`, `payload`, `state`), joined with `&`; and, for headless
/// checks, `scrub` (move the slider to a position in the list) and `keys`
/// (keys to press, comma-separated, e.g. `j,j,k`). When the page is drawn,
/// `<body>` gets `data-ready="1"`, `data-entries`, `data-shown`,
/// `data-selected` (an entry's number, 0 for none) and `data-ready-ms`.
enum InspectorPageScript {
    /// The whole script.
    static var source: String {
        "(function () {\n'use strict';\n" + main + InspectorPageScriptList.source + InspectorPageScriptState.source
            + "init();\n})();\n"
    }

    /// Reading the data, the indexes built once, and the controller.
    static let main = #"""
        const $ = (id) => document.getElementById(id);
        function el(tag, className, text) {
          const node = document.createElement(tag);
          if (className) node.className = className;
          if (text !== undefined) node.textContent = text;
          return node;
        }
        const data = JSON.parse($('log-data').textContent);
        const sessions = data.sessions;
        const entries = data.entries;
        const total = entries.length;
        const times = new Float64Array(total);
        const sessionFirst = new Int32Array(sessions.length).fill(-1);
        const sessionCount = new Int32Array(sessions.length);
        const sessionRecorded = new Uint8Array(sessions.length);
        const sessionStart = new Float64Array(sessions.length);
        const typeCounts = new Map();
        // Async thunks' lifecycles: entry index -> {phase, partner, ms, id}.
        const lifecycle = new Map();
        const LIFECYCLE = /^(.*)\/(pending|fulfilled|rejected)$/;
        let selected = -1, filterType = '', searchText = '', view = 'payload';
        let shown = [];
        const shownPosition = new Int32Array(total).fill(-1);

        function typeName(entry) {
          if (entry.type !== undefined) return entry.type;
          return entry.kind === 'jump' || entry.kind === 'unrecordedJump' ? '(jump)' : '(no type)';
        }

        function index() {
          const pending = new Map();
          for (let i = 0; i < total; i++) {
            const entry = entries[i];
            times[i] = entry.timestamp ? Date.parse(entry.timestamp) : NaN;
            if (sessionFirst[entry.session] < 0) sessionFirst[entry.session] = i;
            sessionCount[entry.session]++;
            if (entry.changes !== undefined) sessionRecorded[entry.session] = 1;
            const type = typeName(entry);
            typeCounts.set(type, (typeCounts.get(type) || 0) + 1);
            const payload = entry.payload;
            if (entry.type === undefined || payload === null || typeof payload !== 'object') continue;
            if (payload.requestID === undefined) continue;
            const match = LIFECYCLE.exec(entry.type);
            if (!match) continue;
            const id = String(payload.requestID);
            const key = entry.session + '\u0000' + match[1] + '\u0000' + id;
            if (match[2] === 'pending') {
              pending.set(key, i);
              lifecycle.set(i, {phase: 'pending', partner: -1, ms: NaN, id, settled: ''});
            } else {
              const start = pending.get(key);
              const ms = start === undefined ? NaN : times[i] - times[start];
              lifecycle.set(i, {phase: match[2], partner: start === undefined ? -1 : start, ms, id});
              if (start !== undefined) {
                const first = lifecycle.get(start);
                first.partner = i;
                first.ms = ms;
                first.settled = match[2];
                pending.delete(key);
              }
            }
          }
          for (let s = 0; s < sessions.length; s++) {
            const started = sessions[s].started ? Date.parse(sessions[s].started) : NaN;
            sessionStart[s] = isNaN(started) && sessionFirst[s] >= 0 ? times[sessionFirst[s]] : started;
          }
        }

        let searchable = null;
        function searchText_(i) {
          if (searchable === null) searchable = new Array(total);
          let text = searchable[i];
          if (text === undefined) {
            const entry = entries[i];
            text = (typeName(entry) + '\n' + (entry.payload === undefined ? '' : JSON.stringify(entry.payload)))
              .toLowerCase();
            searchable[i] = text;
          }
          return text;
        }

        function applyFilter() {
          const query = searchText.toLowerCase();
          shown = [];
          shownPosition.fill(-1);
          for (let i = 0; i < total; i++) {
            if (filterType && typeName(entries[i]) !== filterType) continue;
            if (query && searchText_(i).indexOf(query) < 0) continue;
            shownPosition[i] = shown.length;
            shown.push(i);
          }
          buildRows(filterType !== '' || query !== '');
          const filtered = filterType !== '' || query !== '';
          $('count').textContent = filtered
            ? formatNumber(shown.length) + ' of ' + formatNumber(total) + ' entries match'
            : formatNumber(total) + ' entries';
          const scrub = $('scrub');
          scrub.max = String(Math.max(0, shown.length - 1));
          scrub.disabled = shown.length < 2;
          document.body.dataset.shown = String(shown.length);
        }

        // The first entry listed at or after i, else the last one listed; -1 if none is.
        function nearestShown(i) {
          if (shown.length === 0) return -1;
          let low = 0, high = shown.length;
          while (low < high) {
            const middle = (low + high) >> 1;
            if (shown[middle] < i) low = middle + 1; else high = middle;
          }
          return shown[Math.min(low, shown.length - 1)];
        }

        function select(i, options) {
          selected = i;
          document.body.dataset.selected = String(i + 1);
          const position = i >= 0 ? shownPosition[i] : -1;
          if (position >= 0) $('scrub').value = String(position);
          $('position').textContent = position >= 0
            ? formatNumber(position + 1) + ' / ' + formatNumber(shown.length) + ' · #' + (i + 1)
            : 'nothing selected';
          markSelectedRow();
          if (!options || !options.fromList) scrollToEntry(i);
          renderDetails(i);
          if (options && options.keepHash) return;
          writeHash();
        }

        function move(step) {
          if (shown.length === 0) return;
          const position = selected >= 0 && shownPosition[selected] >= 0 ? shownPosition[selected] : -1;
          let next = position < 0 ? 0 : position + step;
          next = Math.max(0, Math.min(shown.length - 1, next));
          select(shown[next]);
        }

        function setView(name) {
          view = ['timeline', 'payload', 'state'].includes(name) ? name : 'payload';
          document.body.dataset.view = view;
          for (const button of document.querySelectorAll('.tabs button')) {
            button.classList.toggle('active', button.dataset.view === view);
          }
          renderRows(true);
        }

        function readHash() {
          return new URLSearchParams(location.hash.replace(/^#/, ''));
        }
        // The hash follows the selection a moment later (a browser limits how often it may change).
        let hashTimer = 0;
        function writeHash() {
          clearTimeout(hashTimer);
          hashTimer = setTimeout(writeHashNow, 200);
        }
        function writeHashNow() {
          const parts = [];
          if (selected >= 0) parts.push('entry=' + (selected + 1));
          if (filterType) parts.push('filter=' + encodeURIComponent(filterType));
          if (searchText) parts.push('search=' + encodeURIComponent(searchText));
          if (view !== 'payload') parts.push('view=' + view);
          try { history.replaceState(null, '', '#' + parts.join('&')); } catch (error) { /* a file: URL may refuse */ }
        }

        function applyHash(options) {
          const hash = readHash();
          filterType = hash.get('filter') || '';
          searchText = hash.get('search') || '';
          const filter = $('filter');
          if (!Array.from(filter.options).some((option) => option.value === filterType)) {
            const option = el('option', '', filterType + ' (0)');
            option.value = filterType;
            filter.appendChild(option);
          }
          filter.value = filterType;
          $('search').value = searchText;
          setView(hash.get('view') || 'payload');
          applyFilter();
          const wanted = parseInt(hash.get('entry') || '', 10);
          select(nearestShown(isNaN(wanted) ? total : wanted - 1), options);
          // For checks without a person: the slider moved to a position, and keys pressed.
          const scrubTo = parseInt(hash.get('scrub') || '', 10);
          if (!isNaN(scrubTo)) {
            const scrub = $('scrub');
            scrub.value = String(scrubTo);
            scrub.dispatchEvent(new Event('input', {bubbles: true}));
          }
          for (const key of (hash.get('keys') || '').split(',').filter((key) => key !== '')) {
            document.dispatchEvent(new KeyboardEvent('keydown', {key, bubbles: true, cancelable: true}));
          }
        }

        function fillTypes() {
          const filter = $('filter');
          const names = Array.from(typeCounts.keys()).sort();
          for (const name of names) {
            const option = el('option', '', name + ' (' + formatNumber(typeCounts.get(name)) + ')');
            option.value = name;
            filter.appendChild(option);
          }
        }

        function showSummaryAndNotes() {
          const recorded = data.statesRecorded ? 'states recorded' : 'states not recorded';
          $('summary').textContent = formatNumber(sessions.length) + (sessions.length === 1 ? ' session · ' : ' sessions · ')
            + formatNumber(total) + ' entries · ' + recorded;
          const notes = $('notes');
          const lines = data.notes.slice();
          for (const session of sessions) {
            if (session.tornLastLine) lines.push('Session ' + session.number + ' ends in a torn line (a crash mid-write).');
          }
          for (const line of lines) notes.appendChild(el('p', '', line));
          notes.hidden = lines.length === 0;
        }

        function isTyping(target) {
          return target && (target.tagName === 'INPUT' && target.type !== 'range' || target.tagName === 'SELECT'
            || target.tagName === 'TEXTAREA');
        }

        function listen() {
          $('filter').addEventListener('change', (event) => {
            filterType = event.target.value;
            applyFilter();
            select(nearestShown(selected < 0 ? 0 : selected));
          });
          let searchTimer = 0;
          $('search').addEventListener('input', (event) => {
            clearTimeout(searchTimer);
            searchTimer = setTimeout(() => {
              searchText = event.target.value;
              applyFilter();
              select(nearestShown(selected < 0 ? 0 : selected));
            }, 120);
          });
          $('scrub').addEventListener('input', (event) => {
            const position = parseInt(event.target.value, 10);
            if (position >= 0 && position < shown.length) select(shown[position]);
          });
          for (const button of document.querySelectorAll('.tabs button')) {
            button.addEventListener('click', () => { setView(button.dataset.view); writeHash(); });
          }
          document.addEventListener('keydown', (event) => {
            if (isTyping(event.target) || event.altKey || event.ctrlKey || event.metaKey) return;
            // The slider moves itself with arrows, Page Up/Down, Home and End (its input event selects).
            if (event.target && event.target.type === 'range' && !['j', 'k'].includes(event.key)) return;
            const steps = {ArrowDown: 1, j: 1, ArrowUp: -1, k: -1, PageDown: 20, PageUp: -20};
            if (event.key in steps) move(steps[event.key]);
            else if (event.key === 'Home') move(-total);
            else if (event.key === 'End') move(total);
            else return;
            event.preventDefault();
          });
          window.addEventListener('hashchange', () => applyHash({keepHash: true}));
        }

        function init() {
          index();
          fillTypes();
          showSummaryAndNotes();
          document.body.dataset.entries = String(total);
          listen();
          listenToList();
          applyHash({keepHash: true});
          const body = document.body;
          body.dataset.ready = '1';
          body.dataset.readyMs = String(Math.round(performance.now()));
        }

        """#
}

/// The inspector page's timeline: a virtual list (only the rows in view are
/// in the document, so 100,000 entries scroll as 100 do), with a row per
/// session header and per entry listed; async thunks' lifecycles linked, an
/// effect's actions, jumps and unrecorded entries marked. Part of
/// ``InspectorPageScript``.
enum InspectorPageScriptList {
    /// The script's part.
    static let source = #"""
        const ROW = 26;

        function formatNumber(n) { return n.toLocaleString('en-US'); }
        function formatDuration(ms) {
          if (isNaN(ms)) return '?';
          if (Math.abs(ms) < 10000) return formatNumber(Math.round(ms)) + ' ms';
          if (Math.abs(ms) < 60000) return (ms / 1000).toFixed(3) + ' s';
          // m:ss.mmm, or h:mm:ss.mmm.
          const sign = ms < 0 ? '-' : '';
          let rest = Math.round(Math.abs(ms));
          const hours = Math.floor(rest / 3600000);
          rest -= hours * 3600000;
          const minutes = Math.floor(rest / 60000);
          rest -= minutes * 60000;
          const seconds = (rest / 1000).toFixed(3).padStart(6, '0');
          return sign + (hours > 0 ? hours + ':' + String(minutes).padStart(2, '0') : String(minutes)) + ':' + seconds;
        }
        function clockTime(timestamp) {
          if (!timestamp) return '';
          const t = timestamp.indexOf('T');
          return t < 0 ? timestamp : timestamp.slice(t + 1).replace('Z', '');
        }
        function relative(i) {
          const ms = times[i] - sessionStart[entries[i].session];
          return isNaN(ms) ? '' : '+' + formatDuration(ms);
        }

        // Rows: an entry's index, or -1 - 2s for session s's header, -2 - 2s for its torn last line.
        let rows = [];
        const rowOfEntry = new Int32Array(total).fill(-1);
        let drawn = {first: -1, last: -1};

        function buildRows(filtered) {
          rows = [];
          rowOfEntry.fill(-1);
          let next = 0;
          for (let s = 0; s < sessions.length; s++) {
            const start = rows.length;
            if (!filtered || (next < shown.length && entries[shown[next]].session === s)) rows.push(-1 - 2 * s);
            while (next < shown.length && entries[shown[next]].session === s) {
              rowOfEntry[shown[next]] = rows.length;
              rows.push(shown[next]);
              next++;
            }
            if (!filtered && sessions[s].tornLastLine) rows.push(-2 - 2 * s);
            if (filtered && rows.length === start + 1 && rows[start] === -1 - 2 * s) rows.pop();
          }
          $('rows').style.height = (rows.length * ROW) + 'px';
          renderRows(true);
        }

        function hue(text) {
          let hash = 2166136261;
          for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 16777619);
          return ((hash >>> 0) % 12) * 30;
        }

        function preview(entry) {
          if (entry.kind === 'jump') return 'state replaced';
          if (entry.kind === 'unrecordedJump') return 'jump, state not recorded';
          if (entry.kind === 'unrecorded') return 'not recorded';
          if (entry.payload === undefined) return '';
          const text = JSON.stringify(entry.payload);
          return text.length > 240 ? text.slice(0, 240) + '…' : text;
        }

        function badge(text, kind, title) {
          const node = el('span', 'badge ' + kind, text);
          if (title) node.title = title;
          return node;
        }

        function lifecycleBadge(i) {
          const life = lifecycle.get(i);
          if (!life) return null;
          let node;
          if (life.phase === 'pending') {
            node = life.partner < 0
              ? badge('never settled', 'pending')
              : badge('→ ' + life.settled + ' #' + (life.partner + 1), 'pending link');
          } else {
            node = life.partner < 0
              ? badge(life.phase + ' (pending not in log)', life.phase)
              : badge(life.phase + ' after ' + formatDuration(life.ms), life.phase + ' link');
          }
          if (life.partner >= 0) node.dataset.goto = String(life.partner);
          node.title = 'requestID ' + life.id;
          return node;
        }

        function sessionRow(s) {
          const session = sessions[s];
          const row = el('div', 'row session');
          row.appendChild(el('span', '', 'Session ' + session.number));
          if (session.started) row.appendChild(el('span', '', session.started.replace('T', ' ').replace('Z', ' UTC')));
          if (session.version !== undefined) row.appendChild(el('span', '', 'version ' + session.version));
          row.appendChild(el('span', '', formatNumber(sessionCount[s]) + ' entries'));
          if (session.id) row.appendChild(el('span', 'sid', session.id));
          if (session.tornLastLine) row.appendChild(el('span', 'torn', 'ends in a torn line'));
          row.title = session.notes.join('\n');
          return row;
        }

        function tornRow(s) {
          const row = el('div', 'row torn-line');
          row.appendChild(el('span', 'num', ''));
          row.appendChild(el('span', '', 'a torn line: the app stopped while writing it (a crash); its action is lost'));
          row.title = sessions[s].notes.join('\n');
          return row;
        }

        function entryRow(i) {
          const entry = entries[i];
          const row = el('div', 'row kind-' + entry.kind);
          row.dataset.entry = String(i + 1);
          if (i === selected) row.classList.add('selected');
          row.appendChild(el('span', 'num', '#' + (i + 1)));
          const life = lifecycle.get(i);
          if (life) {
            row.classList.add('thunk');
            if (life.phase !== 'pending') row.classList.add('settled');
            row.style.setProperty('--hue', String(hue(life.id)));
          }
          // Type, badges and preview share what the times leave, and are cut first.
          const main = el('span', 'main');
          main.appendChild(el('span', 'type', entry.kind === 'jump' || entry.kind === 'unrecordedJump'
            ? 'jump' : typeName(entry)));
          const lifeBadge = lifecycleBadge(i);
          if (lifeBadge) main.appendChild(lifeBadge);
          if (entry.effect) main.appendChild(badge('by ' + entry.effect, 'effect', 'dispatched by an effect'));
          if (entry.kind === 'jump') main.appendChild(badge('time travel', 'jump'));
          if (entry.kind === 'unrecordedJump') main.appendChild(badge('jump, not recorded', 'jump unrecorded'));
          if (entry.kind === 'unrecorded') {
            main.appendChild(badge('unrecorded', 'unrecorded', 'its type is not registered, or it failed to encode'));
          }
          main.appendChild(el('span', 'preview', preview(entry)));
          row.appendChild(main);
          row.appendChild(el('span', 'rel', relative(i)));
          const abs = el('span', 'abs', clockTime(entry.timestamp));
          abs.title = entry.timestamp || '';
          row.appendChild(abs);
          return row;
        }

        function renderRows(force) {
          const list = $('list');
          const height = list.clientHeight || window.innerHeight || 800;
          const first = Math.max(0, Math.floor(list.scrollTop / ROW) - 8);
          const last = Math.min(rows.length, Math.ceil((list.scrollTop + height) / ROW) + 8);
          if (!force && first === drawn.first && last === drawn.last) return;
          drawn = {first, last};
          const fragment = document.createDocumentFragment();
          for (let r = first; r < last; r++) {
            const value = rows[r];
            const row = value >= 0 ? entryRow(value) : value % 2 !== 0 ? sessionRow((-1 - value) / 2)
              : tornRow((-2 - value) / 2);
            row.style.top = (r * ROW) + 'px';
            fragment.appendChild(row);
          }
          $('rows').replaceChildren(fragment);
        }

        function markSelectedRow() {
          for (const row of $('rows').querySelectorAll('.row.selected')) row.classList.remove('selected');
          if (selected < 0) return;
          const row = $('rows').querySelector('.row[data-entry="' + (selected + 1) + '"]');
          if (row) row.classList.add('selected');
        }

        function scrollToEntry(i) {
          const r = i >= 0 ? rowOfEntry[i] : -1;
          if (r < 0) return;
          const list = $('list');
          const height = list.clientHeight || 600;
          const top = r * ROW;
          if (top < list.scrollTop + ROW || top + 2 * ROW > list.scrollTop + height) {
            list.scrollTop = Math.max(0, top - Math.floor(height / 2));
          }
          renderRows(false);
          markSelectedRow();
        }

        function listenToList() {
          const list = $('list');
          let queued = false;
          list.addEventListener('scroll', () => {
            if (queued) return;
            queued = true;
            requestAnimationFrame(() => { queued = false; renderRows(false); });
          });
          window.addEventListener('resize', () => renderRows(true));
          $('rows').addEventListener('click', (event) => {
            const link = event.target.closest('[data-goto]');
            if (link) { select(parseInt(link.dataset.goto, 10)); return; }
            const row = event.target.closest('.row');
            if (!row) return;
            if (row.dataset.entry) select(parseInt(row.dataset.entry, 10) - 1, {fromList: true});
          });
        }

        """#
}

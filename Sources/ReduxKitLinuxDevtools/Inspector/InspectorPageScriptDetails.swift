/// The inspector page's details of the selected entry: its header, payload,
/// changes, and the state after it as a tree (changed paths highlighted with
/// the class `changed` and expanded; large arrays and objects shown 100
/// children at a time). Part of ``InspectorPageScript``.
enum InspectorPageScriptDetails {
    /// The script's part.
    static let source = #"""
        const PAGE = 100;

        function renderDetails(i) {
          const selection = $('selection');
          selection.replaceChildren();
          if (i < 0) {
            selection.appendChild(el('p', 'empty', total === 0 ? 'The log has no entries.' : 'No entry matches.'));
            $('payload').textContent = '';
            $('changes').replaceChildren();
            $('state').replaceChildren();
            $('changed-paths').replaceChildren();
            $('state-note').hidden = true;
            return;
          }
          const entry = entries[i];
          const session = sessions[entry.session];
          selection.appendChild(el('h2', '', '#' + (i + 1) + '  ' + (entry.kind.endsWith('ump') ? 'jump' : typeName(entry))));
          const meta = el('div', 'meta');
          meta.appendChild(el('span', '', 'session ' + session.number + ', entry ' + formatNumber(entry.entry)));
          if (entry.timestamp) meta.appendChild(el('span', '', entry.timestamp.replace('T', ' ').replace('Z', ' UTC')));
          if (!isNaN(times[i] - sessionStart[entry.session])) {
            meta.appendChild(el('span', '', relative(i) + ' after the session started'));
          }
          if (entry.effect) meta.appendChild(badge('dispatched by ' + entry.effect, 'effect'));
          selection.appendChild(meta);
          const life = lifecycle.get(i);
          if (life) selection.appendChild(lifecycleLine(i, life));
          if (session.notes.length > 0) {
            const notes = el('div', 'session-notes');
            for (const note of session.notes) notes.appendChild(el('div', '', 'Session ' + session.number + ': ' + note));
            selection.appendChild(notes);
          }
          renderPayload(entry);
          renderState(i);
        }

        // "async thunk todos/load, requestID …: pending #7 → fulfilled #9 after 120 ms", the other end a link.
        function lifecycleLine(i, life) {
          const line = el('div', 'meta lifecycle');
          const prefix = LIFECYCLE.exec(entries[i].type)[1];
          line.appendChild(el('span', '', 'async thunk ' + prefix + ', requestID ' + life.id + ':'));
          const pendingIndex = life.phase === 'pending' ? i : life.partner;
          const settledIndex = life.phase === 'pending' ? life.partner : i;
          const end = (index, text, kind) => {
            const node = badge(text, kind + (index === i ? '' : ' link'));
            if (index !== i) node.addEventListener('click', () => select(index));
            return node;
          };
          line.appendChild(pendingIndex < 0 ? badge('pending not in the log', 'pending')
            : end(pendingIndex, 'pending #' + (pendingIndex + 1), 'pending'));
          line.appendChild(el('span', '', '→'));
          const phase = life.phase === 'pending' ? life.settled : life.phase;
          line.appendChild(settledIndex < 0 ? badge('never settled in this session', 'pending')
            : end(settledIndex, phase + ' #' + (settledIndex + 1), phase));
          if (!isNaN(life.ms)) line.appendChild(el('span', '', phase + ' after ' + formatDuration(life.ms)));
          return line;
        }

        function renderPayload(entry) {
          let text;
          if (entry.kind === 'unrecorded') {
            text = 'Not recorded: the action\'s type is not registered in the log\'s ActionRegistry, or its payload '
              + 'failed to encode.';
          } else if (entry.kind === 'jump') {
            text = 'A time-travel jump: the store\'s state was replaced (see the State view).';
          } else if (entry.kind === 'unrecordedJump') {
            text = 'A time-travel jump whose state could not be encoded.';
          } else {
            text = entry.payload === undefined ? '(no payload)' : JSON.stringify(entry.payload, null, 2);
          }
          $('payload').textContent = text;
          const list = $('changes');
          list.replaceChildren();
          const operations = Array.isArray(entry.changes) ? entry.changes : [];
          $('changes-title').textContent = operations.length === 0 ? 'Changes' : 'Changes (' + operations.length + ')';
          if (!Array.isArray(entry.changes)) {
            list.appendChild(el('li', 'empty', data.statesRecorded ? 'none recorded' : 'not recorded in this log'));
          } else if (operations.length === 0) {
            list.appendChild(el('li', 'empty', 'the state did not change'));
          }
          for (const operation of operations.slice(0, 200)) {
            const item = el('li');
            item.appendChild(el('span', 'op op-' + operation.op, operation.op));
            item.appendChild(document.createTextNode(' ' + (operation.path === '' ? '(the whole state)' : operation.path)));
            if (operation.value !== undefined) {
              const value = JSON.stringify(operation.value);
              item.appendChild(el('span', 'summary-value', ' = ' + (value.length > 200 ? value.slice(0, 200) + '…' : value)));
            }
            list.appendChild(item);
          }
          if (operations.length > 200) list.appendChild(el('li', 'empty', '… and ' + (operations.length - 200) + ' more'));
        }

        function renderState(i) {
          const entry = entries[i];
          const session = sessions[entry.session];
          const note = $('state-note');
          const title = $('state-title');
          const pathsList = $('changed-paths');
          pathsList.replaceChildren();
          note.replaceChildren();
          let state, paths = changedPaths(i);
          if (!sessionRecorded[entry.session] && entry.kind !== 'jump') {
            note.hidden = false;
            note.appendChild(document.createTextNode('States were not recorded in this log: its lines hold the actions, '
              + 'not how each changed the state. To see the state after every action, log with '));
            note.appendChild(el('code', '', 'recordingStateChanges: true'));
            note.appendChild(document.createTextNode(' (ActionLog), or rebuild the states by replaying the log through '
              + 'the app\'s reducer (the replay API). Shown: the state session ' + session.number + ' started from.'));
            title.textContent = 'Starting state of session ' + session.number;
            state = session.state === undefined ? UNKNOWN : session.state;
            paths = {changed: new Set(), ancestors: new Set(), children: new Map(), list: []};
          } else {
            state = stateAfter(i);
            title.textContent = 'State after #' + (i + 1);
            const problem = problems.get(i);
            note.hidden = !problem && state !== UNKNOWN;
            if (problem) note.textContent = 'A change of this entry could not be applied (' + problem + '): the state shown may be wrong.';
            else if (state === UNKNOWN) note.textContent = 'The state here is not known: the session\'s starting state, or a jump\'s, was not recorded.';
          }
          for (const operation of paths.list.slice(0, 50)) {
            const item = el('li');
            item.appendChild(el('span', 'op op-' + operation.op, operation.op));
            item.appendChild(document.createTextNode(' ' + (operation.path === '' ? '(the whole state)' : operation.path)));
            item.dataset.path = operation.path;
            item.addEventListener('click', () => {
              const node = Array.from($('state').querySelectorAll('.node')).find((n) => n.dataset.path === operation.path);
              if (node) node.scrollIntoView({block: 'center'});
            });
            pathsList.appendChild(item);
          }
          if (paths.list.length > 50) pathsList.appendChild(el('li', 'empty', '… and ' + (paths.list.length - 50) + ' more'));
          const tree = $('state');
          tree.replaceChildren();
          if (state === UNKNOWN) tree.appendChild(el('span', 'empty', 'not known'));
          else tree.appendChild(treeNode(null, false, state, '', 0, paths));
          const changed = tree.querySelector('.node.changed');
          if (changed && view === 'state') changed.scrollIntoView({block: 'nearest'});
        }

        function scalarClass(value) {
          return value === null ? 'v-null' : 'v-' + typeof value;
        }

        function treeNode(key, isIndex, value, path, depth, paths) {
          const node = el('div', 'node');
          node.dataset.path = path;
          if (paths.changed.has(path)) node.classList.add('changed');
          else if (paths.ancestors.has(path)) node.classList.add('has-changed');
          const line = el('div', 'line');
          node.appendChild(line);
          const isContainer = value !== null && typeof value === 'object';
          const toggle = el('span', 'toggle', isContainer ? '▸' : '');
          line.appendChild(toggle);
          if (key !== null) {
            line.appendChild(el('span', isIndex ? 'key index' : 'key', isIndex ? key : JSON.stringify(key)));
            line.appendChild(el('span', 'colon', ': '));
          }
          if (!isContainer) {
            line.appendChild(el('span', scalarClass(value), JSON.stringify(value)));
            return node;
          }
          node.classList.add('container');
          const isArray = Array.isArray(value);
          const count = isArray ? value.length : Object.keys(value).length;
          line.appendChild(el('span', 'summary-value', isArray
            ? '[' + formatNumber(count) + (count === 1 ? ' item]' : ' items]')
            : '{' + formatNumber(count) + (count === 1 ? ' key}' : ' keys}')));
          let children = null;
          const open = () => {
            children = el('div', 'children');
            fillChildren(children, value, path, depth, paths, PAGE);
            node.appendChild(children);
            toggle.textContent = '▾';
          };
          line.addEventListener('click', () => {
            if (children) { children.remove(); children = null; toggle.textContent = '▸'; } else open();
          });
          const expand = depth === 0 || paths.ancestors.has(path) || (paths.changed.has(path) && count <= 50)
            || (depth === 1 && count <= 12);
          if (expand && count > 0) open();
          return node;
        }

        function fillChildren(children, value, path, depth, paths, limit) {
          children.replaceChildren();
          const isArray = Array.isArray(value);
          const keys = isArray ? null : Object.keys(value);
          const count = isArray ? value.length : keys.length;
          // Changed children past the first ones are shown too, with two neighbours each side
          // (and then fewer first ones, so they are in view).
          const wanted = paths.children.get(path);
          const extra = [];
          if (wanted && count > limit) {
            if (isArray) {
              for (const key of wanted) {
                const j = Number(key);
                if (Number.isInteger(j) && j >= 0 && j < count) extra.push(j);
              }
            } else {
              for (let j = 0; j < count; j++) if (wanted.has(keys[j])) extra.push(j);
            }
          }
          const beyond = extra.some((j) => j >= limit);
          const first = Math.min(count, beyond && limit === PAGE ? 10 : limit);
          const picked = new Set();
          for (let j = 0; j < first; j++) picked.add(j);
          if (beyond) {
            for (const j of extra) for (let n = Math.max(0, j - 2); n <= Math.min(count - 1, j + 2); n++) picked.add(n);
          }
          const show = Array.from(picked).sort((a, b) => a - b);
          let previous = -1;
          for (const j of show) {
            if (j !== previous + 1) children.appendChild(el('div', 'gap', '… ' + formatNumber(j - previous - 1) + ' more …'));
            const key = isArray ? j : keys[j];
            children.appendChild(treeNode(isArray ? String(j) : key, isArray, value[key], childPath(path, key), depth + 1, paths));
            previous = j;
          }
          if (previous < count - 1) children.appendChild(el('div', 'gap', '… ' + formatNumber(count - 1 - previous) + ' more …'));
          if (show.length < count) {
            const next = first === limit ? limit + PAGE * 10 : PAGE;
            const more = el('div', 'more', 'show the first ' + formatNumber(Math.min(next, count)) + ' of '
              + formatNumber(count) + (isArray ? ' items' : ' keys'));
            more.addEventListener('click', (event) => {
              event.stopPropagation();
              fillChildren(children, value, path, depth, paths, next);
            });
            children.appendChild(more);
          }
        }

        """#
}

// state-view.js: the State view: the state after the selected entry as a tree, the paths it
// changed listed and highlighted (class `changed`, expanded), large arrays and objects shown 100
// children at a time, and what to do when states were not recorded.
// Defines ReduxKitInspector.stateView. Uses ReduxKitInspector.dom (dom.js), .format (format.js),
// .path (path.js) and .states (states.js); reads the page the controller gives it.
(function (inspector) {
  'use strict';
  const {$, el} = inspector.dom;
  const {formatNumber} = inspector.format;
  const {childPath, displayPath, changedPaths} = inspector.path;
  const {UNKNOWN} = inspector.states;

  /** Children of an object or array shown at first. */
  const PAGE = 100;
  /** Changed paths listed at most. */
  const PATHS_SHOWN = 50;

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

  function clear() {
    $('state').replaceChildren();
    $('changed-paths').replaceChildren();
    $('state-note').hidden = true;
  }

  /** Shows the state after entry i (nothing for i < 0). */
  function render(page, i) {
    if (i < 0) { clear(); return; }
    const entry = page.entries[i];
    const session = page.sessions[entry.session];
    const note = $('state-note');
    const title = $('state-title');
    const pathsList = $('changed-paths');
    pathsList.replaceChildren();
    note.replaceChildren();
    let state, paths = changedPaths(entry.changes);
    if (!page.index.sessionRecorded[entry.session] && entry.kind !== 'jump') {
      note.hidden = false;
      note.appendChild(document.createTextNode('States were not recorded in this log: its lines hold the actions, '
        + 'not how each changed the state. To see the state after every action, log with '));
      note.appendChild(el('code', '', 'recordingStateChanges: true'));
      note.appendChild(document.createTextNode(' (ActionLog), or rebuild the states by replaying the log through '
        + 'the app\'s reducer (the replay API). Shown: the state session ' + session.number + ' started from.'));
      title.textContent = 'Starting state of session ' + session.number;
      state = session.state === undefined ? UNKNOWN : session.state;
      paths = changedPaths(undefined);
    } else {
      state = page.states.stateAfter(i);
      title.textContent = (i === page.current ? 'Current state: after #' : 'State after #') + (i + 1);
      const problem = page.states.problems.get(i);
      const unreadable = page.states.lastUnreadable(i);
      note.hidden = !problem && state !== UNKNOWN && unreadable < 0;
      if (problem) note.textContent = 'A change of this entry could not be applied (' + problem + '): the state shown may be wrong.';
      else if (state === UNKNOWN) note.textContent = 'The state here is not known: the session\'s starting state, or a jump\'s, was not recorded.';
      else if (unreadable >= 0) note.textContent = 'Entry #' + (unreadable + 1) + ' before this one could not be read, so its changes are missing: the state shown may be wrong.';
    }
    for (const operation of paths.list.slice(0, PATHS_SHOWN)) {
      const item = el('li');
      item.appendChild(el('span', 'op op-' + operation.op, operation.op));
      item.appendChild(document.createTextNode(' ' + displayPath(operation.path)));
      item.dataset.path = operation.path;
      item.addEventListener('click', () => {
        const node = Array.from($('state').querySelectorAll('.node')).find((n) => n.dataset.path === operation.path);
        if (node) node.scrollIntoView({block: 'center'});
      });
      pathsList.appendChild(item);
    }
    if (paths.list.length > PATHS_SHOWN) {
      pathsList.appendChild(el('li', 'empty', '… and ' + (paths.list.length - PATHS_SHOWN) + ' more'));
    }
    const tree = $('state');
    tree.replaceChildren();
    if (state === UNKNOWN) tree.appendChild(el('span', 'empty', 'not known'));
    else tree.appendChild(treeNode(null, false, state, '', 0, paths));
    const changed = tree.querySelector('.node.changed');
    if (changed && page.view === 'state') changed.scrollIntoView({block: 'nearest'});
  }

  inspector.stateView = Object.freeze({render});
})(globalThis.ReduxKitInspector = globalThis.ReduxKitInspector || {});

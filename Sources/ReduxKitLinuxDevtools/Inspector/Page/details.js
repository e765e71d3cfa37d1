// details.js: the selected entry's header (type, session, times, an effect, an async thunk's other
// end, the session's notes), and the Action view: its payload and the changes it recorded.
// Defines ReduxKitInspector.details. Uses ReduxKitInspector.dom (dom.js), .format (format.js),
// .path (path.js) and .timeline (timeline.js); reads the page the controller gives it.
(function (inspector) {
  'use strict';
  const {$, el, badge, relative} = inspector.dom;
  const {formatNumber, formatDuration, utcTime, isJump, typeName, stringify, cut} = inspector.format;
  const {displayPath} = inspector.path;
  const {LIFECYCLE} = inspector.timeline;

  /** Changes listed at most. */
  const CHANGES_SHOWN = 200;

  // "async thunk todos/load, requestID …: pending #7 → fulfilled #9 after 120 ms", the other end a link.
  function lifecycleLine(page, i, life) {
    const line = el('div', 'meta lifecycle');
    const prefix = LIFECYCLE.exec(page.entries[i].type)[1];
    line.appendChild(el('span', '', 'async thunk ' + prefix + ', requestID ' + life.id + ':'));
    const pendingIndex = life.phase === 'pending' ? i : life.partner;
    const settledIndex = life.phase === 'pending' ? life.partner : i;
    const end = (index, text, kind) => {
      const node = badge(text, kind + (index === i ? '' : ' link'));
      if (index !== i) node.addEventListener('click', () => page.select(index));
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

  /** The payload view's text for an entry. */
  function payloadText(entry) {
    if (entry.kind === 'unrecorded') {
      return 'Not recorded: the action\'s type is not registered in the log\'s ActionRegistry, or its payload '
        + 'failed to encode.';
    }
    if (entry.kind === 'jump') return 'A time-travel jump: the store\'s state was replaced (see the State view).';
    if (entry.kind === 'unrecordedJump') return 'A time-travel jump whose state could not be encoded.';
    if (entry.kind === 'unreadable') {
      return 'Unreadable: ' + entry.reason + '. The line is in the log, but this page cannot show it.';
    }
    if (entry.payload === undefined) return '(no payload)';
    const text = stringify(entry.payload, 2);
    return text === null ? 'Unreadable: the payload is nested too deep for this browser to show.' : text;
  }

  function renderPayload(page, entry) {
    $('payload').textContent = payloadText(entry);
    const list = $('changes');
    list.replaceChildren();
    const operations = Array.isArray(entry.changes) ? entry.changes : [];
    $('changes-title').textContent = operations.length === 0 ? 'Changes' : 'Changes (' + operations.length + ')';
    if (entry.kind === 'unreadable') {
      list.appendChild(el('li', 'empty', 'not known: the line could not be read'));
    } else if (!Array.isArray(entry.changes)) {
      list.appendChild(el('li', 'empty', page.data.statesRecorded ? 'none recorded' : 'not recorded in this log'));
    } else if (operations.length === 0) {
      list.appendChild(el('li', 'empty', 'the state did not change'));
    }
    for (const operation of operations.slice(0, CHANGES_SHOWN)) {
      const item = el('li');
      item.appendChild(el('span', 'op op-' + operation.op, operation.op));
      item.appendChild(document.createTextNode(' ' + displayPath(operation.path)));
      if (operation.value !== undefined) {
        const value = stringify(operation.value);
        item.appendChild(el('span', 'summary-value', ' = ' + (value === null ? '(nested too deep to show)' : cut(value, 200))));
      }
      list.appendChild(item);
    }
    if (operations.length > CHANGES_SHOWN) {
      list.appendChild(el('li', 'empty', '… and ' + (operations.length - CHANGES_SHOWN) + ' more'));
    }
  }

  /** Shows entry i's header and Action view (or says there is none, for i < 0). */
  function render(page, i) {
    const selection = $('selection');
    selection.replaceChildren();
    if (i < 0) {
      selection.appendChild(el('p', 'empty', page.total === 0 ? 'The log has no entries.' : 'No entry matches.'));
      $('payload').textContent = '';
      $('changes').replaceChildren();
      return;
    }
    const entry = page.entries[i];
    const session = page.sessions[entry.session];
    selection.appendChild(el('h2', '', '#' + (i + 1) + '  ' + (isJump(entry) ? 'jump' : typeName(entry))));
    const meta = el('div', 'meta');
    meta.appendChild(el('span', '', 'session ' + session.number + ', entry ' + formatNumber(entry.entry)));
    if (entry.timestamp) meta.appendChild(el('span', '', utcTime(entry.timestamp)));
    const since = relative(page, i);
    if (since) meta.appendChild(el('span', '', since + ' after the session started'));
    if (entry.effect) meta.appendChild(badge('dispatched by ' + entry.effect, 'effect'));
    if (entry.kind === 'unreadable') meta.appendChild(badge('unreadable: ' + entry.reason, 'unreadable'));
    selection.appendChild(meta);
    const life = page.index.lifecycle.get(i);
    if (life) selection.appendChild(lifecycleLine(page, i, life));
    if (session.notes.length > 0) {
      const notes = el('div', 'session-notes');
      for (const note of session.notes) notes.appendChild(el('div', '', 'Session ' + session.number + ': ' + note));
      selection.appendChild(notes);
    }
    renderPayload(page, entry);
  }

  inspector.details = Object.freeze({payloadText, render});
})(globalThis.ReduxKitInspector = globalThis.ReduxKitInspector || {});

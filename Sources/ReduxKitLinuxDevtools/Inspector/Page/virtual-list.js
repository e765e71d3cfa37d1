// virtual-list.js: the timeline's rows and the arithmetic of its window (only the rows in view are
// in the document, so 100,000 entries scroll as 100 do).
// Defines ReduxKitInspector.virtualList. Uses no other file. Pure: loadable by Node.
(function (inspector) {
  'use strict';

  /** A row's height, in CSS pixels (style.css's --row). */
  const ROW = 26;
  /** Rows drawn beyond each edge of the view, so a short scroll shows no gap. */
  const OVERSCAN = 8;

  /** A row's value: an entry's index, or -1 - 2s for session s's header, -2 - 2s for its torn line. */
  function sessionRow(s) { return -1 - 2 * s; }
  function tornRow(s) { return -2 - 2 * s; }

  /** What a row's value stands for: {kind: 'entry', index} | {kind: 'session' | 'torn', session}. */
  function rowKind(value) {
    if (value >= 0) return {kind: 'entry', index: value};
    return value % 2 !== 0 ? {kind: 'session', session: (-1 - value) / 2} : {kind: 'torn', session: (-2 - value) / 2};
  }

  /**
   * The rows of the list: for each session, its header, the entries of it in `shown` (sorted
   * indexes), and its torn line. Filtered (`filtered` true), a session none of whose entries is
   * shown has no row, and torn lines none. Returns {rows, rowOfEntry} (entry index -> row, or -1).
   */
  function buildRows(entries, sessions, shown, filtered) {
    const rows = [];
    const rowOfEntry = new Int32Array(entries.length).fill(-1);
    let next = 0;
    for (let s = 0; s < sessions.length; s++) {
      const has = next < shown.length && entries[shown[next]].session === s;
      if (!filtered || has) rows.push(sessionRow(s));
      while (next < shown.length && entries[shown[next]].session === s) {
        rowOfEntry[shown[next]] = rows.length;
        rows.push(shown[next]);
        next++;
      }
      if (!filtered && sessions[s].tornLastLine) rows.push(tornRow(s));
    }
    return {rows, rowOfEntry};
  }

  /** The rows to draw, [first, last), for a list scrolled to `scrollTop` and `height` tall. */
  function visibleRange(scrollTop, height, count, rowHeight = ROW, overscan = OVERSCAN) {
    const first = Math.max(0, Math.floor(scrollTop / rowHeight) - overscan);
    const last = Math.min(count, Math.ceil((scrollTop + height) / rowHeight) + overscan);
    return {first, last: Math.max(first, last)};
  }

  /**
   * Where to scroll so that `row` is in view: the row centred when it is out of view (or on its
   * edge), else null (no scroll).
   */
  function scrollToShow(row, scrollTop, height, rowHeight = ROW) {
    const top = row * rowHeight;
    if (top >= scrollTop + rowHeight && top + 2 * rowHeight <= scrollTop + height) return null;
    return Math.max(0, top - Math.floor(height / 2));
  }

  /** The position `step` away from `position` (-1: none selected, so the first) in a list of `count`. */
  function stepPosition(position, step, count) {
    if (count === 0) return -1;
    const next = position < 0 ? 0 : position + step;
    return Math.max(0, Math.min(count - 1, next));
  }

  inspector.virtualList = Object.freeze({
    ROW, OVERSCAN, sessionRow, tornRow, rowKind, buildRows, visibleRange, scrollToShow, stepPosition,
  });
})(globalThis.ReduxKitInspector = globalThis.ReduxKitInspector || {});

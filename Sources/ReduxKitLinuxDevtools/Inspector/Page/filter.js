// filter.js: which entries the list shows, for a type chosen and a text searched.
// Defines ReduxKitInspector.filter. Uses ReduxKitInspector.format (format.js). Pure: loadable by Node.
(function (inspector) {
  'use strict';
  const {typeName, stringify} = inspector.format;

  /** What a search looks through: the type and the payload's JSON, in lower case. */
  function searchableText(entry) {
    const payload = entry.payload === undefined ? '' : stringify(entry.payload);
    const reason = entry.kind === 'unreadable' ? '\n' + entry.reason : '';
    return (typeName(entry) + '\n' + (payload === null ? '' : payload) + reason).toLowerCase();
  }

  /**
   * A filter over `entries` that keeps each one's searchable text once made (a search of 100,000
   * entries makes them on the first search only).
   */
  function createFilter(entries) {
    const texts = new Array(entries.length);
    function textOf(i) {
      let text = texts[i];
      if (text === undefined) {
        text = searchableText(entries[i]);
        texts[i] = text;
      }
      return text;
    }
    /** The indexes of the entries of type `type` ('' for any) whose text holds `query` (any case). */
    function shown(type, query) {
      const lower = query.toLowerCase();
      const result = [];
      for (let i = 0; i < entries.length; i++) {
        if (type && typeName(entries[i]) !== type) continue;
        if (lower && textOf(i).indexOf(lower) < 0) continue;
        result.push(i);
      }
      return result;
    }
    return {shown};
  }

  /** For each entry index, its position in `shown` (sorted), or -1 when it is not shown. */
  function positions(shown, total) {
    const result = new Int32Array(total).fill(-1);
    for (let p = 0; p < shown.length; p++) result[shown[p]] = p;
    return result;
  }

  /** The first entry shown at or after entry `i`, else the last one shown; -1 if none is. */
  function nearestShown(shown, i) {
    if (shown.length === 0) return -1;
    let low = 0, high = shown.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (shown[middle] < i) low = middle + 1; else high = middle;
    }
    return shown[Math.min(low, shown.length - 1)];
  }

  /** The type counts of `entries` as the type menu lists them: [[name, count]], sorted by name. */
  function typeCounts(entries) {
    const counts = new Map();
    for (const entry of entries) {
      const type = typeName(entry);
      counts.set(type, (counts.get(type) || 0) + 1);
    }
    return Array.from(counts.entries()).sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
  }

  inspector.filter = Object.freeze({searchableText, createFilter, positions, nearestShown, typeCounts});
})(globalThis.ReduxKitInspector = globalThis.ReduxKitInspector || {});

// path.js: JSON Pointers (RFC 6901) as the log's changes write them, and the paths an entry changed.
// Defines ReduxKitInspector.path. Uses no other file. Pure: no DOM, loadable by Node.
(function (inspector) {
  'use strict';

  /** A JSON Pointer's tokens: '' -> [], '/a~1b/0' -> ['a/b', '0']. Throws for a pointer without '/'. */
  function decodePointer(path) {
    if (path === '') return [];
    if (path[0] !== '/') throw new Error('"' + path + '" is not a JSON pointer');
    return path.slice(1).split('/').map((token) => token.replace(/~1/g, '/').replace(/~0/g, '~'));
  }

  /** The pointer of `key` inside `path` ('~' and '/' escaped). */
  function childPath(path, key) {
    return path + '/' + String(key).replace(/~/g, '~0').replace(/\//g, '~1');
  }

  /** A pointer as the page lists it: '' is "(the whole state)". */
  function displayPath(path) {
    return path === '' ? '(the whole state)' : path;
  }

  /**
   * The paths a list of operations changed: `changed` (added or replaced values), `ancestors` (every
   * path above one, and a removed value's parent), `children` (path -> the keys changed under it),
   * and `list` (the operations whose path is a pointer). Operations with a bad path are left out.
   */
  function changedPaths(operations) {
    const result = {changed: new Set(), ancestors: new Set(), children: new Map(), list: []};
    if (!Array.isArray(operations)) return result;
    for (const operation of operations) {
      if (operation === null || typeof operation !== 'object') continue;
      let tokens;
      try { tokens = decodePointer(String(operation.path)); } catch (error) { continue; }
      result.list.push(operation);
      let path = '';
      const depth = operation.op === 'remove' ? tokens.length - 1 : tokens.length;
      for (let t = 0; t < depth; t++) {
        result.ancestors.add(path);
        if (!result.children.has(path)) result.children.set(path, new Set());
        result.children.get(path).add(tokens[t]);
        path = childPath(path, tokens[t]);
      }
      if (operation.op === 'remove') result.ancestors.add(path); else result.changed.add(path);
    }
    return result;
  }

  inspector.path = Object.freeze({decodePointer, childPath, displayPath, changedPaths});
})(globalThis.ReduxKitInspector = globalThis.ReduxKitInspector || {});

// patch.js: applying a log entry's recorded changes (JSON Patch, RFC 6902: add, remove, replace) to
// a state, as the page does to rebuild the state after each entry.
// Defines ReduxKitInspector.patch. Uses ReduxKitInspector.path (path.js). Pure: loadable by Node.
(function (inspector) {
  'use strict';
  const {decodePointer} = inspector.path;

  /** A deep copy of a JSON value (scalars as they are). */
  function copy(value) {
    return value !== null && typeof value === 'object' ? structuredClone(value) : value;
  }

  /** `object[key]` if it is the object's own (never its prototype's, as for '__proto__'). */
  function own(object, key) {
    return Object.prototype.hasOwnProperty.call(object, key) ? object[key] : undefined;
  }

  /** Sets `object[key]` as an own property (a key '__proto__' is a key, not the prototype). */
  function setOwn(object, key, value) {
    Object.defineProperty(object, key, {value, writable: true, enumerable: true, configurable: true});
  }

  /**
   * Applies one operation to `state` (changing it in place where it can) and returns the new
   * state. Throws an Error saying why when the operation cannot be applied.
   */
  function applyOperation(state, operation) {
    const tokens = decodePointer(operation.path);
    if (tokens.length === 0) {
      if (operation.op === 'add' || operation.op === 'replace') return copy(operation.value);
      throw new Error('"' + operation.op + '" of the whole state');
    }
    let parent = state;
    for (let t = 0; t < tokens.length - 1; t++) {
      parent = parent !== null && typeof parent === 'object' ? own(parent, tokens[t]) : undefined;
      if (parent === undefined) throw new Error(operation.path + ': no ' + tokens.slice(0, t + 1).join('/'));
    }
    const last = tokens[tokens.length - 1];
    if (Array.isArray(parent)) {
      const at = last === '-' ? parent.length : Number(last);
      if (!Number.isInteger(at) || at < 0) throw new Error(operation.path + ': not an index');
      const limit = operation.op === 'add' ? parent.length : parent.length - 1;
      if (at > limit) throw new Error(operation.path + ': index out of range');
      if (operation.op === 'add') parent.splice(at, 0, copy(operation.value));
      else if (operation.op === 'remove') parent.splice(at, 1);
      else if (operation.op === 'replace') parent[at] = copy(operation.value);
      else throw new Error('operation "' + operation.op + '" is not read here');
    } else if (parent !== null && typeof parent === 'object') {
      if (operation.op === 'add' || operation.op === 'replace') setOwn(parent, last, copy(operation.value));
      else if (operation.op === 'remove') delete parent[last];
      else throw new Error('operation "' + operation.op + '" is not read here');
    } else {
      throw new Error(operation.path + ': its parent is not an object or array');
    }
    return state;
  }

  /**
   * Applies `operations` in order: {state, problem}, where `problem` is why one could not be
   * applied (the ones after it are not), or null. `state` may be changed in place.
   */
  function applyChanges(state, operations) {
    try {
      for (const operation of operations) state = applyOperation(state, operation);
      return {state, problem: null};
    } catch (error) {
      return {state, problem: String((error && error.message) || error)};
    }
  }

  inspector.patch = Object.freeze({copy, applyOperation, applyChanges});
})(globalThis.ReduxKitInspector = globalThis.ReduxKitInspector || {});

// preferences.js: what the page remembers between visits (the type filter and the search text),
// kept in localStorage under a key of the log's title. A browser may refuse localStorage to a
// file: page (it throws, or is absent): then nothing is remembered, and nothing fails.
// Defines ReduxKitInspector.preferences. Uses no other file. Pure given a storage: loadable by Node.
(function (inspector) {
  'use strict';

  /** The key the filter of the log titled `title` is kept under. */
  function filterKey(title) {
    return 'reduxkit-inspector:filter:' + title;
  }

  /** `globalThis.localStorage`, or null where it is absent or refused. */
  function defaultStorage() {
    try {
      return globalThis.localStorage || null;
    } catch (error) {
      return null;
    }
  }

  /** The filter kept for `title`: {type, search}, or null when none is (or it cannot be read). */
  function loadFilter(title, storage = defaultStorage()) {
    try {
      const text = storage ? storage.getItem(filterKey(title)) : null;
      if (text === null || text === undefined) return null;
      const value = JSON.parse(text);
      if (!value || typeof value.type !== 'string' || typeof value.search !== 'string') return null;
      return {type: value.type, search: value.search};
    } catch (error) {
      return null;
    }
  }

  /** Keeps `type` and `search` for `title` (forgets them when both are empty); false if it cannot. */
  function saveFilter(title, type, search, storage = defaultStorage()) {
    try {
      if (!storage) return false;
      if (type === '' && search === '') storage.removeItem(filterKey(title));
      else storage.setItem(filterKey(title), JSON.stringify({type, search}));
      return true;
    } catch (error) {
      return false;
    }
  }

  inspector.preferences = Object.freeze({filterKey, loadFilter, saveFilter});
})(globalThis.ReduxKitInspector = globalThis.ReduxKitInspector || {});

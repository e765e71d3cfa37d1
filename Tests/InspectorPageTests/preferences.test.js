// The filter remembered in localStorage, and a storage that refuses (preferences.js).
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const {preferences} = require('./load.js').load('preferences.js');

/** A Storage of a Map. */
function memoryStorage() {
  const map = new Map();
  return {
    getItem: (key) => (map.has(key) ? map.get(key) : null),
    setItem: (key, value) => map.set(key, String(value)),
    removeItem: (key) => map.delete(key),
    map,
  };
}

/** A Storage whose every method throws, as a browser may for a file: page. */
const refusing = {
  getItem() { throw new Error('SecurityError'); },
  setItem() { throw new Error('SecurityError'); },
  removeItem() { throw new Error('SecurityError'); },
};

test('a filter saved is loaded back, per log title', () => {
  const storage = memoryStorage();
  assert.equal(preferences.loadFilter('a.jsonl', storage), null);
  assert.equal(preferences.saveFilter('a.jsonl', 'AddTodo', 'milk', storage), true);
  assert.deepEqual(preferences.loadFilter('a.jsonl', storage), {type: 'AddTodo', search: 'milk'});
  assert.equal(preferences.loadFilter('b.jsonl', storage), null);
  assert.ok(storage.map.has(preferences.filterKey('a.jsonl')));
});

test('an empty filter is forgotten', () => {
  const storage = memoryStorage();
  preferences.saveFilter('a', 'T', '', storage);
  preferences.saveFilter('a', '', '', storage);
  assert.equal(preferences.loadFilter('a', storage), null);
  assert.equal(storage.map.size, 0);
});

test('a storage that throws, none at all, or garbage kept: nothing remembered, nothing thrown', () => {
  assert.equal(preferences.saveFilter('a', 'T', 's', refusing), false);
  assert.equal(preferences.loadFilter('a', refusing), null);
  assert.equal(preferences.saveFilter('a', 'T', 's', null), false);
  assert.equal(preferences.loadFilter('a', null), null);
  const storage = memoryStorage();
  for (const garbage of ['not json', '42', 'null', '{"type":1,"search":"x"}', '{"type":"x"}']) {
    storage.setItem(preferences.filterKey('a'), garbage);
    assert.equal(preferences.loadFilter('a', storage), null, garbage);
  }
});

test('with no storage argument, the global localStorage is used, guarded (absent in Node)', () => {
  assert.equal(preferences.loadFilter('a'), null);
  assert.equal(preferences.saveFilter('a', 'T', 's'), typeof globalThis.localStorage === 'object');
});

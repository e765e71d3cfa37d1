// Which entries the list shows for a type and a search (filter.js).
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const {filter} = require('./load.js').load('format.js', 'filter.js');

const entries = [
  {kind: 'action', type: 'AddTodo', payload: {title: 'Milk'}},
  {kind: 'action', type: 'ToggleTodo', payload: {id: 2}},
  {kind: 'jump', state: {}},
  {kind: 'action', type: 'AddTodo', payload: {title: 'Bread', note: 'not MILK'}},
  {kind: 'unrecorded', type: 'Tick'},
  {kind: 'unreadable', reason: 'nested too deep'},
  {kind: 'action', type: 'milkman/arrived'},
];

test('searchableText is the type and the payload, in lower case', () => {
  assert.equal(filter.searchableText(entries[0]), 'addtodo\n{"title":"milk"}');
  assert.equal(filter.searchableText(entries[2]), '(jump)\n');
  assert.equal(filter.searchableText(entries[5]), '(unreadable)\n\nnested too deep');
});

test('with no type and no text, every entry is shown', () => {
  assert.deepEqual(filter.createFilter(entries).shown('', ''), [0, 1, 2, 3, 4, 5, 6]);
  assert.deepEqual(filter.createFilter([]).shown('', 'x'), []);
});

test('a type shows the entries of that type only', () => {
  const f = filter.createFilter(entries);
  assert.deepEqual(f.shown('AddTodo', ''), [0, 3]);
  assert.deepEqual(f.shown('(jump)', ''), [2]);
  assert.deepEqual(f.shown('(unreadable)', ''), [5]);
  assert.deepEqual(f.shown('Nope', ''), []);
});

test('a search finds text in types and payloads, in any case, and combines with a type', () => {
  const f = filter.createFilter(entries);
  assert.deepEqual(f.shown('', 'milk'), [0, 3, 6]);
  assert.deepEqual(f.shown('', 'MiLk'), [0, 3, 6]);
  assert.deepEqual(f.shown('AddTodo', 'milk'), [0, 3]);
  assert.deepEqual(f.shown('', '"id":2'), [1]);
  assert.deepEqual(f.shown('', 'too deep'), [5]);
  // The texts are kept: a second search gives the same answer.
  assert.deepEqual(f.shown('', 'bread'), [3]);
  assert.deepEqual(f.shown('', 'bread'), [3]);
});

test('positions maps each entry to its place in the list, -1 when not listed', () => {
  assert.deepEqual(Array.from(filter.positions([1, 4, 5], 7)), [-1, 0, -1, -1, 1, 2, -1]);
  assert.deepEqual(Array.from(filter.positions([], 2)), [-1, -1]);
});

test('nearestShown: the first listed at or after an entry, else the last listed', () => {
  const shown = [2, 5, 9];
  assert.equal(filter.nearestShown(shown, 0), 2);
  assert.equal(filter.nearestShown(shown, 2), 2);
  assert.equal(filter.nearestShown(shown, 3), 5);
  assert.equal(filter.nearestShown(shown, 9), 9);
  assert.equal(filter.nearestShown(shown, 10), 9);
  assert.equal(filter.nearestShown([], 3), -1);
});

test('typeCounts counts each type, sorted by name', () => {
  assert.deepEqual(filter.typeCounts(entries), [
    ['(jump)', 1], ['(unreadable)', 1], ['AddTodo', 2], ['Tick', 1], ['ToggleTodo', 1], ['milkman/arrived', 1],
  ]);
});

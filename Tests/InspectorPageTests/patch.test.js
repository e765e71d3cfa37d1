// Applying a log's recorded changes, JSON Patch as the page reads it (patch.js).
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const {patch} = require('./load.js').load('path.js', 'patch.js');

test('add, replace and remove in objects', () => {
  let state = {filter: 'all', todos: []};
  state = patch.applyOperation(state, {op: 'add', path: '/loading', value: [1]});
  state = patch.applyOperation(state, {op: 'replace', path: '/filter', value: 'open'});
  state = patch.applyOperation(state, {op: 'remove', path: '/todos'});
  assert.deepEqual(state, {filter: 'open', loading: [1]});
});

test('add inserts into an array (at an index or "-" for the end), replace and remove by index', () => {
  let state = {todos: ['a', 'c']};
  state = patch.applyOperation(state, {op: 'add', path: '/todos/1', value: 'b'});
  state = patch.applyOperation(state, {op: 'add', path: '/todos/-', value: 'd'});
  state = patch.applyOperation(state, {op: 'add', path: '/todos/4', value: 'e'});
  assert.deepEqual(state.todos, ['a', 'b', 'c', 'd', 'e']);
  state = patch.applyOperation(state, {op: 'replace', path: '/todos/0', value: 'A'});
  state = patch.applyOperation(state, {op: 'remove', path: '/todos/4'});
  assert.deepEqual(state.todos, ['A', 'b', 'c', 'd']);
});

test('the whole state is replaced by add or replace of ""', () => {
  assert.deepEqual(patch.applyOperation({a: 1}, {op: 'replace', path: '', value: {b: 2}}), {b: 2});
  assert.equal(patch.applyOperation({a: 1}, {op: 'add', path: '', value: 3}), 3);
  assert.throws(() => patch.applyOperation({a: 1}, {op: 'remove', path: ''}), /of the whole state/);
});

test('escaped keys and nested paths', () => {
  const state = {'a/b': {'c~d': 1}};
  patch.applyOperation(state, {op: 'replace', path: '/a~1b/c~0d', value: 2});
  assert.deepEqual(state, {'a/b': {'c~d': 2}});
});

test('a value added is a copy: changing the state later leaves the log entry as it was', () => {
  const operation = {op: 'add', path: '/todo', value: {title: 'Milk', tags: ['x']}};
  const state = patch.applyOperation({}, operation);
  state.todo.tags.push('y');
  assert.deepEqual(operation.value, {title: 'Milk', tags: ['x']});
});

test('"__proto__" is a key like any other, never the prototype', () => {
  const state = patch.applyOperation({}, {op: 'add', path: '/__proto__', value: {polluted: true}});
  assert.equal(Object.prototype.hasOwnProperty.call(state, '__proto__'), true);
  assert.equal({}.polluted, undefined);
  assert.equal(Object.getPrototypeOf(state), Object.prototype);
  assert.throws(() => patch.applyOperation({}, {op: 'add', path: '/constructor/x', value: 1}), /no constructor/);
});

test('what cannot be applied throws, saying why', () => {
  assert.throws(() => patch.applyOperation({a: []}, {op: 'add', path: '/a/2', value: 1}), /index out of range/);
  assert.throws(() => patch.applyOperation({a: [1]}, {op: 'replace', path: '/a/1', value: 1}), /index out of range/);
  assert.throws(() => patch.applyOperation({a: []}, {op: 'add', path: '/a/x', value: 1}), /not an index/);
  assert.throws(() => patch.applyOperation({a: [1]}, {op: 'remove', path: '/a/-1'}), /not an index/);
  assert.throws(() => patch.applyOperation({}, {op: 'add', path: '/a/b', value: 1}), /no a/);
  assert.throws(() => patch.applyOperation({a: 1}, {op: 'add', path: '/a/b/c', value: 1}), /no a\/b/);
  assert.throws(() => patch.applyOperation({a: 1}, {op: 'add', path: '/a/b', value: 1}), /parent is not an object/);
  assert.throws(() => patch.applyOperation({a: 1}, {op: 'move', path: '/a', from: '/b'}), /"move" is not read/);
  assert.throws(() => patch.applyOperation({a: [1]}, {op: 'copy', path: '/a/0'}), /"copy" is not read/);
  assert.throws(() => patch.applyOperation({}, {op: 'add', path: 'a', value: 1}), /not a JSON pointer/);
});

test('applyChanges applies in order and stops at the first problem, saying it', () => {
  const done = patch.applyChanges({n: 0}, [{op: 'replace', path: '/n', value: 1}, {op: 'add', path: '/m', value: 2}]);
  assert.deepEqual(done, {state: {n: 1, m: 2}, problem: null});
  const stopped = patch.applyChanges({n: 0}, [
    {op: 'replace', path: '/n', value: 1},
    {op: 'remove', path: '/missing/x'},
    {op: 'replace', path: '/n', value: 3},
  ]);
  assert.deepEqual(stopped.state, {n: 1});
  assert.match(stopped.problem, /\/missing\/x: no missing/);
});

test('copy copies objects deeply and leaves scalars', () => {
  const value = {a: [{b: 1}]};
  const copied = patch.copy(value);
  assert.deepEqual(copied, value);
  assert.notEqual(copied.a, value.a);
  assert.equal(patch.copy(null), null);
  assert.equal(patch.copy('x'), 'x');
});

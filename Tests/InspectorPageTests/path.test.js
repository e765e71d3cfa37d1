// JSON Pointers and the paths an entry changed (path.js).
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const {path} = require('./load.js').load('path.js');

test('decodePointer splits a pointer and unescapes ~1 and ~0, in that order', () => {
  assert.deepEqual(path.decodePointer(''), []);
  assert.deepEqual(path.decodePointer('/'), ['']);
  assert.deepEqual(path.decodePointer('/todos/0/title'), ['todos', '0', 'title']);
  assert.deepEqual(path.decodePointer('/a~1b/c~0d/~01'), ['a/b', 'c~d', '~1']);
  assert.throws(() => path.decodePointer('todos'), /not a JSON pointer/);
});

test('childPath escapes ~ and / so decodePointer reads the key back', () => {
  assert.equal(path.childPath('', 'todos'), '/todos');
  assert.equal(path.childPath('/todos', 3), '/todos/3');
  assert.equal(path.childPath('', 'a/b~c'), '/a~1b~0c');
  for (const key of ['plain', 'a/b', '~', '~1', '/~0/', '']) {
    assert.deepEqual(path.decodePointer(path.childPath(path.childPath('', 'x'), key)), ['x', key]);
  }
});

test('displayPath names the whole state', () => {
  assert.equal(path.displayPath(''), '(the whole state)');
  assert.equal(path.displayPath('/count'), '/count');
});

test('changedPaths: added and replaced values are changed, their parents ancestors', () => {
  const paths = path.changedPaths([
    {op: 'replace', path: '/todos/1/done', value: true},
    {op: 'add', path: '/filter', value: 'open'},
  ]);
  assert.deepEqual([...paths.changed].sort(), ['/filter', '/todos/1/done']);
  assert.deepEqual([...paths.ancestors].sort(), ['', '/todos', '/todos/1']);
  assert.deepEqual([...paths.children.get('')].sort(), ['filter', 'todos']);
  assert.deepEqual([...paths.children.get('/todos')], ['1']);
  assert.deepEqual([...paths.children.get('/todos/1')], ['done']);
  assert.equal(paths.list.length, 2);
});

test('changedPaths: a removed value marks its parent, not itself', () => {
  const paths = path.changedPaths([{op: 'remove', path: '/loading/0'}]);
  assert.deepEqual([...paths.changed], []);
  assert.deepEqual([...paths.ancestors].sort(), ['', '/loading']);
  assert.equal(paths.children.get('/loading'), undefined);
});

test('changedPaths: the whole state replaced, bad paths and no changes', () => {
  assert.deepEqual([...path.changedPaths([{op: 'replace', path: '', value: 1}]).changed], ['']);
  const bad = path.changedPaths([{op: 'add', path: 'nope', value: 1}, null, 7, {op: 'add', path: '/ok', value: 1}]);
  assert.deepEqual(bad.list.map((operation) => operation.path), ['/ok']);
  assert.equal(path.changedPaths(undefined).list.length, 0);
  assert.equal(path.changedPaths('not an array').changed.size, 0);
});

// The timeline's rows and its window arithmetic (virtual-list.js).
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const {virtualList: list} = require('./load.js').load('virtual-list.js');

const sessions = [{tornLastLine: true}, {tornLastLine: false}, {tornLastLine: false}];
const entries = [{session: 0}, {session: 0}, {session: 0}, {session: 2}, {session: 2}];

test('rowKind reads back each kind of row', () => {
  assert.deepEqual(list.rowKind(0), {kind: 'entry', index: 0});
  assert.deepEqual(list.rowKind(41), {kind: 'entry', index: 41});
  for (const s of [0, 1, 7]) {
    assert.deepEqual(list.rowKind(list.sessionRow(s)), {kind: 'session', session: s});
    assert.deepEqual(list.rowKind(list.tornRow(s)), {kind: 'torn', session: s});
  }
});

test('unfiltered: every session has its header, and a torn line its row', () => {
  const {rows, rowOfEntry} = list.buildRows(entries, sessions, [0, 1, 2, 3, 4], false);
  assert.deepEqual(rows, [list.sessionRow(0), 0, 1, 2, list.tornRow(0), list.sessionRow(1), list.sessionRow(2), 3, 4]);
  assert.deepEqual(Array.from(rowOfEntry), [1, 2, 3, 7, 8]);
});

test('filtered: only sessions with an entry listed have a header, and no torn line is shown', () => {
  const {rows, rowOfEntry} = list.buildRows(entries, sessions, [1, 4], true);
  assert.deepEqual(rows, [list.sessionRow(0), 1, list.sessionRow(2), 4]);
  assert.deepEqual(Array.from(rowOfEntry), [-1, 1, -1, -1, 3]);
  assert.deepEqual(list.buildRows(entries, sessions, [], true).rows, []);
});

test('visibleRange: the rows in view and OVERSCAN more each side, within the list', () => {
  const row = list.ROW;
  assert.deepEqual(list.visibleRange(0, 10 * row, 1000), {first: 0, last: 10 + list.OVERSCAN});
  assert.deepEqual(list.visibleRange(100 * row, 10 * row, 1000),
    {first: 100 - list.OVERSCAN, last: 110 + list.OVERSCAN});
  assert.deepEqual(list.visibleRange(100 * row + 5, 10 * row, 1000),
    {first: 100 - list.OVERSCAN, last: 111 + list.OVERSCAN});
  assert.deepEqual(list.visibleRange(995 * row, 10 * row, 1000), {first: 995 - list.OVERSCAN, last: 1000});
  assert.deepEqual(list.visibleRange(0, 800, 0), {first: 0, last: 0});
  assert.deepEqual(list.visibleRange(50, 100, 10, 10, 0), {first: 5, last: 10});
});

test('visibleRange: 100,000 rows draw a window, not the list', () => {
  const {first, last} = list.visibleRange(50000 * list.ROW, 900, 100000);
  assert.ok(last - first < 60, `${last - first} rows`);
  assert.ok(first <= 50000 && last > 50000);
});

test('scrollToShow: no scroll for a row well in view, else the row centred', () => {
  const row = list.ROW;
  assert.equal(list.scrollToShow(5, 0, 20 * row), null);
  assert.equal(list.scrollToShow(0, 0, 20 * row), 0); // on the top edge: scrolled (to 0)
  assert.equal(list.scrollToShow(19, 0, 20 * row), 19 * row - 10 * row); // on the bottom edge
  assert.equal(list.scrollToShow(500, 0, 20 * row), 500 * row - 10 * row);
  assert.equal(list.scrollToShow(3, 400 * row, 20 * row), 0);
});

test('stepPosition: steps stay in the list; none selected starts at the first', () => {
  assert.equal(list.stepPosition(-1, 1, 10), 0);
  assert.equal(list.stepPosition(-1, -20, 10), 0);
  assert.equal(list.stepPosition(3, 1, 10), 4);
  assert.equal(list.stepPosition(3, -1, 10), 2);
  assert.equal(list.stepPosition(3, 20, 10), 9);
  assert.equal(list.stepPosition(3, -20, 10), 0);
  assert.equal(list.stepPosition(0, 0, 0), -1);
});

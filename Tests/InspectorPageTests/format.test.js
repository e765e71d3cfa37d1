// Numbers, durations, times and previews as the page writes them (format.js).
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const {format} = require('./load.js').load('format.js');

/** A value nested `depth` arrays deep. */
function nested(depth) {
  let value = 0;
  for (let d = 0; d < depth; d++) value = [value];
  return value;
}

test('formatNumber groups thousands', () => {
  assert.equal(format.formatNumber(0), '0');
  assert.equal(format.formatNumber(100000), '100,000');
});

test('formatDuration: ms under 10 s, seconds under a minute, then m:ss.mmm and h:mm:ss.mmm', () => {
  assert.equal(format.formatDuration(NaN), '?');
  assert.equal(format.formatDuration(120.4), '120 ms');
  assert.equal(format.formatDuration(9999), '9,999 ms');
  assert.equal(format.formatDuration(12345), '12.345 s');
  assert.equal(format.formatDuration(62500), '1:02.500');
  assert.equal(format.formatDuration(3600000), '1:00:00.000');
  assert.equal(format.formatDuration(-62500), '-1:02.500');
});

test('clockTime and utcTime', () => {
  assert.equal(format.clockTime('2026-11-29T10:00:01.500Z'), '10:00:01.500');
  assert.equal(format.clockTime(undefined), '');
  assert.equal(format.clockTime('no time'), 'no time');
  assert.equal(format.utcTime('2026-11-29T10:00:01.500Z'), '2026-11-29 10:00:01.500 UTC');
});

test('hue is one of 12, the same for the same text', () => {
  const hue = format.hue('7D5E8A30-1111-4000-8000-00000000A001');
  assert.equal(hue % 30, 0);
  assert.ok(hue >= 0 && hue < 360);
  assert.equal(format.hue('7D5E8A30-1111-4000-8000-00000000A001'), hue);
  assert.notEqual(new Set(['a', 'b', 'c', 'd', 'e', 'f'].map(format.hue)).size, 1);
});

test('typeName: the type, or what an entry without one is', () => {
  assert.equal(format.typeName({kind: 'action', type: 'AddTodo'}), 'AddTodo');
  assert.equal(format.typeName({kind: 'jump'}), '(jump)');
  assert.equal(format.typeName({kind: 'unrecordedJump'}), '(jump)');
  assert.equal(format.typeName({kind: 'action'}), '(no type)');
  assert.equal(format.typeName({kind: 'unreadable', reason: 'x'}), '(unreadable)');
});

test('stringify gives null, not an exception, for a value nested too deep for the stack', () => {
  assert.equal(format.stringify({a: [1]}), '{"a":[1]}');
  assert.equal(format.stringify({a: 1}, 2), '{\n  "a": 1\n}');
  assert.equal(format.stringify(nested(1000000)), null);
});

test('preview: a payload cut at 240 characters, and what the other kinds are', () => {
  assert.equal(format.preview({kind: 'action', payload: {by: 1}}), '{"by":1}');
  assert.equal(format.preview({kind: 'action'}), '');
  const long = format.preview({kind: 'action', payload: 'x'.repeat(1000)});
  assert.equal(long.length, 241);
  assert.ok(long.endsWith('…'));
  assert.equal(format.preview({kind: 'jump'}), 'state replaced');
  assert.equal(format.preview({kind: 'unrecordedJump'}), 'jump, state not recorded');
  assert.equal(format.preview({kind: 'unrecorded'}), 'not recorded');
  assert.equal(format.preview({kind: 'unreadable', reason: 'nested too deep'}), 'unreadable: nested too deep');
  assert.equal(format.preview({kind: 'action', payload: nested(1000000)}), '(nested too deep to show)');
});

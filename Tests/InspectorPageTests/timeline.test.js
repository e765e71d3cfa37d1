// The indexes built once from the log's data: times, sessions, async thunks' lifecycles (timeline.js).
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const {timeline} = require('./load.js').load('timeline.js');

const t = (ms) => new Date(Date.UTC(2026, 10, 29, 10, 0, 0, ms)).toISOString();
const data = {
  sessions: [{number: 1, started: t(0), checkpoints: [], notes: []}, {number: 2, checkpoints: [], notes: []}],
  entries: [
    {session: 0, entry: 1, kind: 'action', type: 'load/pending', timestamp: t(100), payload: {requestID: 'A'}, changes: []},
    {session: 0, entry: 2, kind: 'action', type: 'load/pending', timestamp: t(110), payload: {requestID: 'B'}},
    {session: 0, entry: 3, kind: 'action', type: 'load/rejected', timestamp: t(150), payload: {requestID: 'B'}},
    {session: 0, entry: 4, kind: 'action', type: 'load/fulfilled', timestamp: t(220), payload: {requestID: 'A'}},
    {session: 0, entry: 5, kind: 'action', type: 'save/fulfilled', timestamp: t(230), payload: {requestID: 'C'}},
    {session: 0, entry: 6, kind: 'action', type: 'other/fulfilled', payload: {id: 1}},
    {session: 1, entry: 1, kind: 'action', type: 'load/fulfilled', timestamp: t(5000), payload: {requestID: 'B'}},
    {session: 1, entry: 2, kind: 'jump', timestamp: t(6000)},
  ],
};

test('pending and settled actions are paired by prefix and requestID, with the time between', () => {
  const {lifecycle} = timeline.indexTimeline(data);
  assert.deepEqual(lifecycle.get(0), {phase: 'pending', partner: 3, ms: 120, id: 'A', settled: 'fulfilled'});
  assert.deepEqual(lifecycle.get(3), {phase: 'fulfilled', partner: 0, ms: 120, id: 'A'});
  assert.deepEqual(lifecycle.get(1), {phase: 'pending', partner: 2, ms: 40, id: 'B', settled: 'rejected'});
  assert.deepEqual(lifecycle.get(2), {phase: 'rejected', partner: 1, ms: 40, id: 'B'});
});

test('a settled action without its pending one, in its session, has no partner', () => {
  const {lifecycle} = timeline.indexTimeline(data);
  assert.equal(lifecycle.get(4).partner, -1);
  assert.ok(isNaN(lifecycle.get(4).ms));
  // Session 2's load/fulfilled of B does not pair with session 1's pending B.
  assert.equal(lifecycle.get(6).partner, -1);
  // An action without a requestID is no lifecycle's.
  assert.equal(lifecycle.has(5), false);
  assert.equal(lifecycle.has(7), false);
});

test('sessions: first entries, counts, recorded changes, start times', () => {
  const index = timeline.indexTimeline(data);
  assert.deepEqual(Array.from(index.sessionFirst), [0, 6]);
  assert.deepEqual(Array.from(index.sessionCount), [6, 2]);
  assert.deepEqual(Array.from(index.sessionRecorded), [1, 0]);
  // Session 2 has no start time of its own: its first entry's is taken.
  assert.deepEqual(Array.from(index.sessionStart), [Date.parse(t(0)), Date.parse(t(5000))]);
  assert.equal(timeline.sinceStart(index, data.entries, 3), 220);
  assert.equal(timeline.sinceStart(index, data.entries, 7), 1000);
  assert.ok(isNaN(timeline.sinceStart(index, data.entries, 5)));
});

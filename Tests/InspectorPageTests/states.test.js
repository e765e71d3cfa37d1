// The state after each entry, rebuilt from the recorded changes (states.js).
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const {states} = require('./load.js').load('path.js', 'patch.js', 'states.js');

const set = (n) => [{op: 'replace', path: '/n', value: n}];

test('states follow the changes, from the session\'s state; a jump starts again from its own', () => {
  const data = {
    sessions: [{state: {n: 0}, checkpoints: []}, {state: {n: 100}, checkpoints: []}],
    entries: [
      {session: 0, entry: 1, kind: 'action', changes: set(1)},
      {session: 0, entry: 2, kind: 'action', changes: set(2)},
      {session: 0, entry: 3, kind: 'jump', state: {n: 50}},
      {session: 0, entry: 4, kind: 'action', changes: set(51)},
      {session: 0, entry: 5, kind: 'unrecorded'},
      {session: 1, entry: 1, kind: 'action', changes: [{op: 'add', path: '/m', value: 1}]},
    ],
  };
  const rebuilt = states.createStates(data);
  assert.deepEqual([0, 1, 2, 3, 4, 5].map((i) => rebuilt.stateAfter(i)),
    [{n: 1}, {n: 2}, {n: 50}, {n: 51}, {n: 51}, {n: 100, m: 1}]);
  // Asked in another order, the same states; the session's recorded state is not changed.
  const again = states.createStates(data);
  assert.deepEqual(again.stateAfter(3), {n: 51});
  assert.deepEqual(again.stateAfter(0), {n: 1});
  assert.deepEqual(data.sessions[0].state, {n: 0});
  assert.equal(rebuilt.problems.size, 0);
});

test('a continuation header\'s state is taken for the entry after it', () => {
  const data = {
    sessions: [{state: {n: 0}, checkpoints: [{entriesBefore: 2, state: {n: 20}}]}],
    entries: [1, 2, 3].map((n) => ({session: 0, entry: n, kind: 'action', changes: [{op: 'add', path: '/last', value: n}]})),
  };
  const rebuilt = states.createStates(data);
  assert.deepEqual(rebuilt.stateAfter(1), {n: 0, last: 2});
  assert.deepEqual(rebuilt.stateAfter(2), {n: 20, last: 3});
});

test('states not known: no starting state, a jump not recorded', () => {
  const data = {
    sessions: [{checkpoints: []}],
    entries: [
      {session: 0, entry: 1, kind: 'action', changes: set(1)},
      {session: 0, entry: 2, kind: 'jump', state: {n: 5}},
      {session: 0, entry: 3, kind: 'unrecordedJump'},
      {session: 0, entry: 4, kind: 'action', changes: set(1)},
    ],
  };
  const rebuilt = states.createStates(data);
  assert.equal(rebuilt.stateAfter(0), states.UNKNOWN);
  assert.deepEqual(rebuilt.stateAfter(1), {n: 5});
  assert.equal(rebuilt.stateAfter(2), states.UNKNOWN);
  assert.equal(rebuilt.stateAfter(3), states.UNKNOWN);
});

test('a change that cannot be applied, or a line that could not be read, is a problem of its entry', () => {
  const data = {
    sessions: [{state: {n: 0}, checkpoints: []}],
    entries: [
      {session: 0, entry: 1, kind: 'action', changes: [{op: 'remove', path: '/gone/0'}]},
      {session: 0, entry: 2, kind: 'unreadable', reason: 'nested too deep'},
      {session: 0, entry: 3, kind: 'action', changes: set(3)},
    ],
  };
  const rebuilt = states.createStates(data);
  assert.deepEqual(rebuilt.stateAfter(2), {n: 3});
  assert.match(rebuilt.problems.get(0), /\/gone\/0: no gone/);
  assert.match(rebuilt.problems.get(1), /could not be read \(nested too deep\)/);
  assert.equal(rebuilt.problems.has(2), false);
});

test('5,000 entries: every state right, whichever order they are asked in (checkpoints)', () => {
  const count = 5000;
  const entries = [];
  for (let i = 0; i < count; i++) entries.push({session: 0, entry: i + 1, kind: 'action', changes: set(i + 1)});
  const rebuilt = states.createStates({sessions: [{state: {n: 0}, checkpoints: []}], entries});
  for (const i of [count - 1, 0, 2999, 1000, 999, 4001, 3000]) assert.deepEqual(rebuilt.stateAfter(i), {n: i + 1});
});

test('lastUnreadable: the states after an unreadable entry may miss its changes, until a full state', () => {
  const data = {
    sessions: [{state: {n: 0}, checkpoints: [{entriesBefore: 4, state: {n: 4}}]}, {state: {n: 0}, checkpoints: []}],
    entries: [
      {session: 0, entry: 1, kind: 'action', changes: set(1)},
      {session: 0, entry: 2, kind: 'unreadable', reason: 'not JSON'},
      {session: 0, entry: 3, kind: 'action', changes: set(3)},
      {session: 0, entry: 4, kind: 'action', changes: set(4)},
      {session: 0, entry: 5, kind: 'action', changes: set(5)},
      {session: 0, entry: 6, kind: 'unreadable', reason: 'not JSON'},
      {session: 0, entry: 7, kind: 'jump', state: {n: 7}},
      {session: 1, entry: 1, kind: 'action', changes: set(1)},
    ],
  };
  const rebuilt = states.createStates(data);
  assert.deepEqual([0, 1, 2, 3, 4, 5, 6, 7].map(rebuilt.lastUnreadable), [-1, 1, 1, 1, -1, 5, -1, -1]);
});

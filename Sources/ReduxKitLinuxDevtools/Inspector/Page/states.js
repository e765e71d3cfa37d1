// states.js: the state after each entry, rebuilt by applying the recorded changes to the state its
// session started from (a jump, or a continuation header of size rotation, starts again from its
// full state), with a copy kept every 1,000 entries so scrubbing never replays from far (further
// apart when copies of a large state are slow, and none once they have cost 2 s in all).
// Defines ReduxKitInspector.states. Uses ReduxKitInspector.patch (patch.js). Pure: loadable by Node.
(function (inspector) {
  'use strict';
  const {copy, applyChanges} = inspector.patch;

  /** The state where it is not known (a session's or a jump's state not recorded). */
  const UNKNOWN = Object.freeze({unknown: true});

  /**
   * The states of `data` ({sessions, entries}): stateAfter(i), problems (entry index -> why its
   * changes could not be applied, or why it could not be read), and lastUnreadable(i) (the last
   * unreadable entry the state after entry i may miss changes of, or -1).
   */
  function createStates(data) {
    const {sessions, entries} = data;
    let checkpointEvery = 1000;
    let checkpointCost = 0;
    // Entry index -> the state after it: checkpoints, and the last few states asked for.
    const checkpoints = new Map();
    const recent = new Map();
    const problems = new Map();
    // Session -> (entries before -> the state a continuation header recorded).
    const continuations = sessions.map((session) => {
      const map = new Map();
      for (const checkpoint of session.checkpoints) {
        map.set(checkpoint.entriesBefore, checkpoint.state === undefined ? UNKNOWN : checkpoint.state);
      }
      return map;
    });

    // The state before entry i when it is recorded there (a session's start or a continuation
    // header); undefined when it follows from the entry before.
    function recordedBefore(i) {
      const entry = entries[i];
      const continued = continuations[entry.session].get(entry.entry - 1);
      if (continued !== undefined) return continued;
      if (i === 0 || entries[i - 1].session !== entry.session) {
        const state = sessions[entry.session].state;
        return state === undefined ? UNKNOWN : state;
      }
      return undefined;
    }

    // A copy of a recorded state (UNKNOWN stays UNKNOWN, not a copy changes would then be applied
    // to); UNKNOWN, and a problem at entry i, when the browser cannot copy it (nested too deep).
    function copyAt(value, i) {
      if (value === UNKNOWN) return UNKNOWN;
      try {
        return copy(value);
      } catch (error) {
        problems.set(i, 'the state before it is nested too deep to rebuild');
        return UNKNOWN;
      }
    }

    function known(i) {
      return checkpoints.has(i) ? checkpoints.get(i) : recent.get(i);
    }

    // The state after entry i, given the state before it (which it may change).
    function step(state, i) {
      const entry = entries[i];
      if (entry.kind === 'jump') return entry.state === undefined ? UNKNOWN : copyAt(entry.state, i);
      if (entry.kind === 'unrecordedJump') return UNKNOWN;
      if (entry.kind === 'unreadable') {
        problems.set(i, 'the line could not be read (' + entry.reason + '), so its changes are missing');
        return state;
      }
      if (state === UNKNOWN || !Array.isArray(entry.changes)) return state;
      const applied = applyChanges(state, entry.changes);
      if (applied.problem !== null) problems.set(i, applied.problem);
      return applied.state;
    }

    function keepCheckpoint(k, state) {
      if (checkpointCost > 2000 || state === UNKNOWN) return;
      const started = performance.now();
      let kept;
      try { kept = copy(state); } catch (error) { return; }
      checkpoints.set(k, kept);
      const took = performance.now() - started;
      checkpointCost += took;
      if (took > 4 && checkpointEvery < 64000) checkpointEvery *= 2;
    }

    function stateAfter(i) {
      const found = known(i);
      if (found !== undefined) return found;
      let start = i, state;
      for (;;) {
        const before = recordedBefore(start);
        if (before !== undefined) { state = copyAt(before, start); break; }
        const previous = known(start - 1);
        if (previous !== undefined) { state = copyAt(previous, start); break; }
        start--;
      }
      for (let k = start; k <= i; k++) {
        state = step(state, k);
        if (k < i && (k + 1) % checkpointEvery === 0 && !checkpoints.has(k)) keepCheckpoint(k, state);
      }
      if ((i + 1) % checkpointEvery === 0) checkpoints.set(i, state);
      recent.set(i, state);
      if (recent.size > 16) recent.delete(recent.keys().next().value);
      return state;
    }

    // Entry index -> the last unreadable entry at or before it whose missing changes its state may
    // lack (none, -1, once a jump or a recorded state starts again from a full state).
    let unreadableBefore = null;
    function lastUnreadable(i) {
      if (unreadableBefore === null) {
        unreadableBefore = new Int32Array(entries.length);
        let last = -1;
        for (let k = 0; k < entries.length; k++) {
          if (recordedBefore(k) !== undefined) last = -1;
          if (entries[k].kind === 'jump' || entries[k].kind === 'unrecordedJump') last = -1;
          if (entries[k].kind === 'unreadable') last = k;
          unreadableBefore[k] = last;
        }
      }
      return unreadableBefore[i];
    }

    return {stateAfter, problems, lastUnreadable};
  }

  inspector.states = Object.freeze({UNKNOWN, createStates});
})(globalThis.ReduxKitInspector = globalThis.ReduxKitInspector || {});

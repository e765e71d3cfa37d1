// timeline.js: the indexes the page builds once from the log's data (times, sessions' first
// entries and counts, async thunks' lifecycles paired by requestID).
// Defines ReduxKitInspector.timeline. Uses no other file. Pure: loadable by Node.
(function (inspector) {
  'use strict';

  /** An async thunk's action type: its prefix, and its phase. */
  const LIFECYCLE = /^(.*)\/(pending|fulfilled|rejected)$/;

  /**
   * The indexes of `data` ({sessions, entries}, as the Swift side writes them):
   * times (ms since 1970, NaN if not known), sessionFirst (its first entry's index, or -1),
   * sessionCount, sessionRecorded (1 when an entry of it records changes), sessionStart (ms), and
   * lifecycle: entry index -> {phase, partner (the other end's index, or -1), ms, id, settled}.
   */
  function indexTimeline(data) {
    const sessions = data.sessions;
    const entries = data.entries;
    const total = entries.length;
    const times = new Float64Array(total);
    const sessionFirst = new Int32Array(sessions.length).fill(-1);
    const sessionCount = new Int32Array(sessions.length);
    const sessionRecorded = new Uint8Array(sessions.length);
    const sessionStart = new Float64Array(sessions.length);
    const lifecycle = new Map();
    const pending = new Map();
    for (let i = 0; i < total; i++) {
      const entry = entries[i];
      times[i] = entry.timestamp ? Date.parse(entry.timestamp) : NaN;
      if (sessionFirst[entry.session] < 0) sessionFirst[entry.session] = i;
      sessionCount[entry.session]++;
      if (entry.changes !== undefined) sessionRecorded[entry.session] = 1;
      const payload = entry.payload;
      if (entry.type === undefined || payload === null || typeof payload !== 'object') continue;
      if (payload.requestID === undefined) continue;
      const match = LIFECYCLE.exec(entry.type);
      if (!match) continue;
      const id = String(payload.requestID);
      const key = entry.session + '\u0000' + match[1] + '\u0000' + id;
      if (match[2] === 'pending') {
        pending.set(key, i);
        lifecycle.set(i, {phase: 'pending', partner: -1, ms: NaN, id, settled: ''});
      } else {
        const start = pending.get(key);
        const ms = start === undefined ? NaN : times[i] - times[start];
        lifecycle.set(i, {phase: match[2], partner: start === undefined ? -1 : start, ms, id});
        if (start !== undefined) {
          const first = lifecycle.get(start);
          first.partner = i;
          first.ms = ms;
          first.settled = match[2];
          pending.delete(key);
        }
      }
    }
    for (let s = 0; s < sessions.length; s++) {
      const started = sessions[s].started ? Date.parse(sessions[s].started) : NaN;
      sessionStart[s] = isNaN(started) && sessionFirst[s] >= 0 ? times[sessionFirst[s]] : started;
    }
    return {times, sessionFirst, sessionCount, sessionRecorded, sessionStart, lifecycle};
  }

  /** Milliseconds from entry i's session's start to it (NaN when either is not known). */
  function sinceStart(index, entries, i) {
    return index.times[i] - index.sessionStart[entries[i].session];
  }

  inspector.timeline = Object.freeze({LIFECYCLE, indexTimeline, sinceStart});
})(globalThis.ReduxKitInspector = globalThis.ReduxKitInspector || {});

// format.js: how the page writes numbers, durations, times, types and short previews.
// Defines ReduxKitInspector.format. Uses no other file. Pure: no DOM, loadable by Node.
(function (inspector) {
  'use strict';

  /** 12345 -> "12,345". */
  function formatNumber(n) {
    return n.toLocaleString('en-US');
  }

  /** A duration: "120 ms", "12.345 s", "1:02.500", "1:00:00.000"; "?" when not known. */
  function formatDuration(ms) {
    if (isNaN(ms)) return '?';
    if (Math.abs(ms) < 10000) return formatNumber(Math.round(ms)) + ' ms';
    if (Math.abs(ms) < 60000) return (ms / 1000).toFixed(3) + ' s';
    // m:ss.mmm, or h:mm:ss.mmm.
    const sign = ms < 0 ? '-' : '';
    let rest = Math.round(Math.abs(ms));
    const hours = Math.floor(rest / 3600000);
    rest -= hours * 3600000;
    const minutes = Math.floor(rest / 60000);
    rest -= minutes * 60000;
    const seconds = (rest / 1000).toFixed(3).padStart(6, '0');
    return sign + (hours > 0 ? hours + ':' + String(minutes).padStart(2, '0') : String(minutes)) + ':' + seconds;
  }

  /** An ISO 8601 timestamp's time of day ("10:00:01.500"); '' for none. */
  function clockTime(timestamp) {
    if (!timestamp) return '';
    const t = timestamp.indexOf('T');
    return t < 0 ? timestamp : timestamp.slice(t + 1).replace('Z', '');
  }

  /** An ISO 8601 timestamp as "2026-11-29 10:00:00.000 UTC". */
  function utcTime(timestamp) {
    return timestamp.replace('T', ' ').replace('Z', ' UTC');
  }

  /** A hue (0, 30, ... 330) of its own for a text: an async thunk's requestID colours its rows. */
  function hue(text) {
    let hash = 2166136261;
    for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 16777619);
    return ((hash >>> 0) % 12) * 30;
  }

  /** Whether an entry is a time-travel jump (recorded or not). */
  function isJump(entry) {
    return entry.kind === 'jump' || entry.kind === 'unrecordedJump';
  }

  /** The name the filter lists an entry under. */
  function typeName(entry) {
    if (entry.kind === 'unreadable') return '(unreadable)';
    if (entry.type !== undefined) return entry.type;
    return isJump(entry) ? '(jump)' : '(no type)';
  }

  /**
   * `JSON.stringify(value, null, space)`, or null when the value cannot be written (nested too
   * deep for the browser's stack): the page says so instead of failing.
   */
  function stringify(value, space) {
    try {
      return JSON.stringify(value, null, space);
    } catch (error) {
      return null;
    }
  }

  /** `text` cut to `limit` characters, with "…" when cut. */
  function cut(text, limit) {
    return text.length > limit ? text.slice(0, limit) + '…' : text;
  }

  /** The one-line preview of an entry in the list. */
  function preview(entry) {
    if (entry.kind === 'jump') return 'state replaced';
    if (entry.kind === 'unrecordedJump') return 'jump, state not recorded';
    if (entry.kind === 'unrecorded') return 'not recorded';
    if (entry.kind === 'unreadable') return 'unreadable: ' + entry.reason;
    if (entry.payload === undefined) return '';
    const text = stringify(entry.payload);
    return text === null ? '(nested too deep to show)' : cut(text, 240);
  }

  inspector.format = Object.freeze({
    formatNumber, formatDuration, clockTime, utcTime, hue, isJump, typeName, stringify, cut, preview,
  });
})(globalThis.ReduxKitInspector = globalThis.ReduxKitInspector || {});

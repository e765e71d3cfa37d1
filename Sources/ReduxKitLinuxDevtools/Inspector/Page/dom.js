// dom.js: what the views share to build the page: elements by id, new elements with text (never
// markup from data), badges, and an entry's time since its session started.
// Defines ReduxKitInspector.dom. Uses ReduxKitInspector.format (format.js) and
// ReduxKitInspector.timeline (timeline.js). Needs a document when its functions are called.
(function (inspector) {
  'use strict';
  const {formatDuration} = inspector.format;
  const {sinceStart} = inspector.timeline;

  /** The element of id `id`. */
  function $(id) {
    return document.getElementById(id);
  }

  /** A new `tag` element with a class and a text (as text: data never becomes markup). */
  function el(tag, className, text) {
    const node = document.createElement(tag);
    if (className) node.className = className;
    if (text !== undefined) node.textContent = text;
    return node;
  }

  /** A badge: a small label of a kind (effect, jump, pending, fulfilled, rejected, link...). */
  function badge(text, kind, title) {
    const node = el('span', 'badge ' + kind, text);
    if (title) node.title = title;
    return node;
  }

  /** "+1.250 s": entry i's time since its session started ('' when not known). */
  function relative(page, i) {
    const ms = sinceStart(page.index, page.entries, i);
    return isNaN(ms) ? '' : '+' + formatDuration(ms);
  }

  inspector.dom = Object.freeze({$, el, badge, relative});
})(globalThis.ReduxKitInspector = globalThis.ReduxKitInspector || {});

// list.js: the timeline view, a virtual list with a row per session header and per entry listed;
// async thunks' lifecycles linked, an effect's actions, jumps, unrecorded and unreadable entries
// marked, a session's torn last line shown.
// Defines ReduxKitInspector.list. Uses ReduxKitInspector.dom (dom.js), .format (format.js) and
// .virtualList (virtual-list.js); reads the page the controller (controller.js) gives it.
(function (inspector) {
  'use strict';
  const {$, el, badge, relative} = inspector.dom;
  const {formatNumber, formatDuration, clockTime, utcTime, hue, isJump, typeName, preview} = inspector.format;
  const {ROW, rowKind, buildRows, visibleRange, scrollToShow} = inspector.virtualList;

  /** The list of `page` ({entries, sessions, index, shown, selected, current, select}). */
  function createList(page) {
    let rows = [];
    let rowOfEntry = new Int32Array(0);
    let drawn = {first: -1, last: -1};

    function lifecycleBadge(i) {
      const life = page.index.lifecycle.get(i);
      if (!life) return null;
      let node;
      if (life.phase === 'pending') {
        node = life.partner < 0
          ? badge('never settled', 'pending')
          : badge('→ ' + life.settled + ' #' + (life.partner + 1), 'pending link');
      } else {
        node = life.partner < 0
          ? badge(life.phase + ' (pending not in log)', life.phase)
          : badge(life.phase + ' after ' + formatDuration(life.ms), life.phase + ' link');
      }
      if (life.partner >= 0) node.dataset.goto = String(life.partner);
      node.title = 'requestID ' + life.id;
      return node;
    }

    function sessionRow(s) {
      const session = page.sessions[s];
      const row = el('div', 'row session');
      row.appendChild(el('span', '', 'Session ' + session.number));
      if (session.started) row.appendChild(el('span', '', utcTime(session.started)));
      if (session.version !== undefined) row.appendChild(el('span', '', 'version ' + session.version));
      row.appendChild(el('span', '', formatNumber(page.index.sessionCount[s]) + ' entries'));
      if (session.id) row.appendChild(el('span', 'sid', session.id));
      if (session.tornLastLine) row.appendChild(el('span', 'torn', 'ends in a torn line'));
      row.title = session.notes.join('\n');
      return row;
    }

    function tornRow(s) {
      const row = el('div', 'row torn-line');
      row.appendChild(el('span', 'num', ''));
      row.appendChild(el('span', '', 'a torn line: the app stopped while writing it (a crash); its action is lost'));
      row.title = page.sessions[s].notes.join('\n');
      return row;
    }

    function entryRow(i) {
      const entry = page.entries[i];
      const row = el('div', 'row kind-' + entry.kind);
      row.dataset.entry = String(i + 1);
      if (i === page.selected) row.classList.add('selected');
      if (page.current >= 0 && i > page.current) row.classList.add('future');
      if (i === page.current) row.classList.add('current');
      row.appendChild(el('span', 'num', '#' + (i + 1)));
      const life = page.index.lifecycle.get(i);
      if (life) {
        row.classList.add('thunk');
        if (life.phase !== 'pending') row.classList.add('settled');
        row.style.setProperty('--hue', String(hue(life.id)));
      }
      // Type, badges and preview share what the times leave, and are cut first.
      const main = el('span', 'main');
      main.appendChild(el('span', 'type', isJump(entry) ? 'jump' : typeName(entry)));
      const lifeBadge = lifecycleBadge(i);
      if (lifeBadge) main.appendChild(lifeBadge);
      if (entry.effect) main.appendChild(badge('by ' + entry.effect, 'effect', 'dispatched by an effect'));
      if (entry.kind === 'jump') main.appendChild(badge('time travel', 'jump'));
      if (entry.kind === 'unrecordedJump') main.appendChild(badge('jump, not recorded', 'jump unrecorded'));
      if (entry.kind === 'unrecorded') {
        main.appendChild(badge('unrecorded', 'unrecorded', 'its type is not registered, or it failed to encode'));
      }
      if (entry.kind === 'unreadable') main.appendChild(badge('unreadable', 'unreadable', entry.reason));
      main.appendChild(el('span', 'preview', preview(entry)));
      row.appendChild(main);
      row.appendChild(el('span', 'rel', relative(page, i)));
      const abs = el('span', 'abs', clockTime(entry.timestamp));
      abs.title = entry.timestamp || '';
      row.appendChild(abs);
      return row;
    }

    /** Draws the rows in view (all of them again when `force`). */
    function render(force) {
      const list = $('list');
      const height = list.clientHeight || window.innerHeight || 800;
      const {first, last} = visibleRange(list.scrollTop, height, rows.length);
      if (!force && first === drawn.first && last === drawn.last) return;
      drawn = {first, last};
      const fragment = document.createDocumentFragment();
      for (let r = first; r < last; r++) {
        const what = rowKind(rows[r]);
        const row = what.kind === 'entry' ? entryRow(what.index)
          : what.kind === 'session' ? sessionRow(what.session) : tornRow(what.session);
        row.style.top = (r * ROW) + 'px';
        fragment.appendChild(row);
      }
      $('rows').replaceChildren(fragment);
    }

    /** The rows of the entries `page.shown` lists (`filtered`: no empty sessions, no torn lines). */
    function build(filtered) {
      ({rows, rowOfEntry} = buildRows(page.entries, page.sessions, page.shown, filtered));
      $('rows').style.height = (rows.length * ROW) + 'px';
      render(true);
    }

    /** Marks the selected entry's row, if it is drawn. */
    function markSelected() {
      for (const row of $('rows').querySelectorAll('.row.selected')) row.classList.remove('selected');
      if (page.selected < 0) return;
      const row = $('rows').querySelector('.row[data-entry="' + (page.selected + 1) + '"]');
      if (row) row.classList.add('selected');
    }

    /** Scrolls entry i's row into view. */
    function scrollTo(i) {
      const r = i >= 0 ? rowOfEntry[i] : -1;
      if (r < 0) return;
      const list = $('list');
      const top = scrollToShow(r, list.scrollTop, list.clientHeight || 600);
      if (top !== null) list.scrollTop = top;
      render(false);
      markSelected();
    }

    function listen() {
      const list = $('list');
      let queued = false;
      list.addEventListener('scroll', () => {
        if (queued) return;
        queued = true;
        requestAnimationFrame(() => { queued = false; render(false); });
      });
      window.addEventListener('resize', () => render(true));
      $('rows').addEventListener('click', (event) => {
        const link = event.target.closest('[data-goto]');
        if (link) { page.select(parseInt(link.dataset.goto, 10)); return; }
        const row = event.target.closest('.row');
        if (row && row.dataset.entry) page.select(parseInt(row.dataset.entry, 10) - 1, {fromList: true});
      });
    }

    return {build, render, markSelected, scrollTo, listen};
  }

  inspector.list = Object.freeze({createList});
})(globalThis.ReduxKitInspector = globalThis.ReduxKitInspector || {});

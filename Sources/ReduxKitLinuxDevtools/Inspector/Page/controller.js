// controller.js: reads the log's data block and drives the page: the selection, the type filter
// and the search, the slider, the keys, the tabs, and the URL's hash.
//
// Entries are numbered from 1 across the log (`#entry=N`); the hash takes `entry`, `filter` (a
// type), `search` and `view` (`timeline`, `payload`, `state`), joined with `&`; and, for headless
// checks, `scrub` (move the slider to a position in the list) and `keys` (keys to press,
// comma-separated, e.g. `j,j,k`), `type` (text typed into the search box), `click` (ids of elements to click, comma-separated, e.g. `jump`)
// and `current` (the entry jumped to). When the page is drawn, `<body>` gets `data-ready="1"`,
// `data-entries`, `data-shown`, `data-selected` (an entry's number, 0 for none), `data-current`
// (the entry jumped to, 0 for none) and `data-ready-ms`. The type filter and the search a person
// sets are remembered for the log's title (preferences.js) and set again when the hash names no
// entry, type or search.
//
// Defines ReduxKitInspector.controller (start()). Uses ReduxKitInspector.dom (dom.js), .format
// (format.js), .filter (filter.js), .preferences (preferences.js), .timeline (timeline.js), .states (states.js), .virtualList
// (virtual-list.js), .list (list.js), .details (details.js) and .stateView (state-view.js).
(function (inspector) {
  'use strict';
  const {$, el} = inspector.dom;
  const {formatNumber} = inspector.format;
  const {createFilter, positions, nearestShown, typeCounts} = inspector.filter;
  const {loadFilter, saveFilter} = inspector.preferences;
  const {indexTimeline} = inspector.timeline;
  const {createStates} = inspector.states;
  const {stepPosition} = inspector.virtualList;
  const {createList} = inspector.list;
  const details = inspector.details;
  const stateView = inspector.stateView;

  const VIEWS = ['timeline', 'payload', 'state'];
  /** The keys that move the selection, and by how many entries. */
  const STEPS = {ArrowDown: 1, j: 1, ArrowUp: -1, k: -1, PageDown: 20, PageUp: -20};
  /** The keys that show a view. */
  const VIEW_KEYS = {1: 'timeline', 2: 'payload', 3: 'state'};

  function isTyping(target) {
    return target && (target.tagName === 'INPUT' && target.type !== 'range' || target.tagName === 'SELECT'
      || target.tagName === 'TEXTAREA');
  }

  /** Says on the page that its data cannot be read, instead of drawing nothing. */
  function fail(error) {
    const notes = $('notes');
    notes.replaceChildren(el('p', '', 'This page cannot read the log\'s data: ' + String((error && error.message) || error)));
    notes.hidden = false;
    $('selection').replaceChildren(el('p', 'empty', 'Nothing to show.'));
    document.body.dataset.error = '1';
    document.body.dataset.ready = '1';
  }

  /** Reads the data block and draws the page. */
  function start() {
    let data;
    try {
      data = JSON.parse($('log-data').textContent);
      if (!data || !Array.isArray(data.entries) || !Array.isArray(data.sessions)) throw new Error('not a log\'s timeline');
    } catch (error) {
      fail(error);
      return;
    }
    const page = {
      data,
      sessions: data.sessions,
      entries: data.entries,
      total: data.entries.length,
      index: indexTimeline(data),
      states: createStates(data),
      selected: -1,
      current: -1,
      filterType: '',
      searchText: '',
      view: 'payload',
      shown: [],
      shownPosition: new Int32Array(0),
      select,
    };
    const filter = createFilter(page.entries);
    const list = createList(page);

    function applyFilter() {
      page.shown = filter.shown(page.filterType, page.searchText);
      page.shownPosition = positions(page.shown, page.total);
      const filtered = page.filterType !== '' || page.searchText !== '';
      list.build(filtered);
      $('count').textContent = filtered
        ? formatNumber(page.shown.length) + ' of ' + formatNumber(page.total) + ' entries match'
        : formatNumber(page.total) + ' entries';
      const scrub = $('scrub');
      scrub.max = String(Math.max(0, page.shown.length - 1));
      scrub.disabled = page.shown.length < 2;
      document.body.dataset.shown = String(page.shown.length);
    }

    function select(i, options) {
      page.selected = i;
      document.body.dataset.selected = String(i + 1);
      const position = i >= 0 ? page.shownPosition[i] : -1;
      if (position >= 0) $('scrub').value = String(position);
      $('position').textContent = position >= 0
        ? formatNumber(position + 1) + ' / ' + formatNumber(page.shown.length) + ' · #' + (i + 1)
        : 'nothing selected';
      $('jump').disabled = i < 0 || i === page.current;
      list.markSelected();
      if (!options || !options.fromList) list.scrollTo(i);
      details.render(page, i);
      stateView.render(page, i);
      if (options && options.keepHash) return;
      writeHash();
    }

    // "Jump to this state", as Redux DevTools' Jump: entry i's state is the current one, the entries
    // after it are dimmed, and the State view shows it; -1 goes back to the latest state.
    function jump(i) {
      page.current = i >= 0 && i < page.total ? i : -1;
      showCurrent();
      list.render(true);
      if (page.current >= 0) {
        setView('state');
        select(page.current);
      } else {
        select(page.selected);
      }
    }

    function showCurrent() {
      document.body.dataset.current = String(page.current + 1);
      $('current').hidden = page.current < 0;
      $('current-text').textContent = page.current < 0 ? ''
        : 'Current state: after #' + (page.current + 1) + ' (the entries after it are dimmed)';
    }

    function move(step) {
      const position = page.selected >= 0 ? page.shownPosition[page.selected] : -1;
      const next = stepPosition(position, step, page.shown.length);
      if (next >= 0) select(page.shown[next]);
    }

    function setView(name) {
      page.view = VIEWS.includes(name) ? name : 'payload';
      document.body.dataset.view = page.view;
      for (const button of document.querySelectorAll('.tabs button')) {
        button.classList.toggle('active', button.dataset.view === page.view);
      }
      list.render(true);
    }

    // The hash follows the selection a moment later (a browser limits how often it may change).
    let hashTimer = 0;
    function writeHash() {
      clearTimeout(hashTimer);
      hashTimer = setTimeout(writeHashNow, 200);
    }
    function writeHashNow() {
      const parts = [];
      if (page.selected >= 0) parts.push('entry=' + (page.selected + 1));
      if (page.filterType) parts.push('filter=' + encodeURIComponent(page.filterType));
      if (page.searchText) parts.push('search=' + encodeURIComponent(page.searchText));
      if (page.view !== 'payload') parts.push('view=' + page.view);
      if (page.current >= 0) parts.push('current=' + (page.current + 1));
      try { history.replaceState(null, '', '#' + parts.join('&')); } catch (error) { /* a file: URL may refuse */ }
    }

    function applyHash(options) {
      const hash = new URLSearchParams(location.hash.replace(/^#/, ''));
      // A link to an entry, a type or a search is followed as it is; a page opened plainly gets the
      // filter a person last set on it.
      const plain = !hash.has('filter') && !hash.has('search') && !hash.has('entry');
      const kept = options.restore && plain ? loadFilter(data.title) : null;
      page.filterType = kept ? kept.type : hash.get('filter') || '';
      page.searchText = kept ? kept.search : hash.get('search') || '';
      const menu = $('filter');
      if (!Array.from(menu.options).some((option) => option.value === page.filterType)) {
        const option = el('option', '', page.filterType + ' (0)');
        option.value = page.filterType;
        menu.appendChild(option);
      }
      menu.value = page.filterType;
      $('search').value = page.searchText;
      setView(hash.get('view') || 'payload');
      applyFilter();
      const wanted = parseInt(hash.get('entry') || '', 10);
      const current = parseInt(hash.get('current') || '', 10);
      page.current = isNaN(current) || current < 1 || current > page.total ? -1 : current - 1;
      showCurrent();
      select(nearestShown(page.shown, isNaN(wanted) ? page.total : wanted - 1), options);
      // For checks without a person: the slider moved to a position, and keys pressed.
      const scrubTo = parseInt(hash.get('scrub') || '', 10);
      if (!isNaN(scrubTo)) {
        const scrub = $('scrub');
        scrub.value = String(scrubTo);
        scrub.dispatchEvent(new Event('input', {bubbles: true}));
      }
      for (const key of (hash.get('keys') || '').split(',').filter((key) => key !== '')) {
        const target = document.activeElement || document.body;
        target.dispatchEvent(new KeyboardEvent('keydown', {key, bubbles: true, cancelable: true}));
      }
      if (hash.has('type')) {
        const search = $('search');
        search.value = hash.get('type');
        search.dispatchEvent(new Event('input', {bubbles: true}));
      }
      for (const id of (hash.get('click') || '').split(',').filter((id) => id !== '')) {
        const element = $(id);
        if (element) element.click();
      }
    }

    function fillTypes() {
      const menu = $('filter');
      for (const [name, count] of typeCounts(page.entries)) {
        const option = el('option', '', name + ' (' + formatNumber(count) + ')');
        option.value = name;
        menu.appendChild(option);
      }
    }

    function showSummaryAndNotes() {
      const {sessions, total} = page;
      const recorded = data.statesRecorded ? 'states recorded' : 'states not recorded';
      const unreadable = page.entries.filter((entry) => entry.kind === 'unreadable').length;
      $('summary').textContent = formatNumber(sessions.length) + (sessions.length === 1 ? ' session · ' : ' sessions · ')
        + formatNumber(total) + ' entries · ' + recorded + (unreadable > 0 ? ' · ' + formatNumber(unreadable) + ' unreadable' : '');
      document.body.dataset.unreadable = String(unreadable);
      const notes = $('notes');
      const lines = data.notes.slice();
      for (const session of sessions) {
        if (session.tornLastLine) lines.push('Session ' + session.number + ' ends in a torn line (a crash mid-write).');
      }
      for (const line of lines) notes.appendChild(el('p', '', line));
      notes.hidden = lines.length === 0;
    }

    function listen() {
      $('filter').addEventListener('change', (event) => {
        page.filterType = event.target.value;
        saveFilter(data.title, page.filterType, page.searchText);
        applyFilter();
        select(nearestShown(page.shown, page.selected < 0 ? 0 : page.selected));
      });
      let searchTimer = 0;
      $('search').addEventListener('input', (event) => {
        clearTimeout(searchTimer);
        searchTimer = setTimeout(() => {
          page.searchText = event.target.value;
          saveFilter(data.title, page.filterType, page.searchText);
          applyFilter();
          select(nearestShown(page.shown, page.selected < 0 ? 0 : page.selected));
        }, 120);
      });
      $('scrub').addEventListener('input', (event) => {
        const position = parseInt(event.target.value, 10);
        if (position >= 0 && position < page.shown.length) select(page.shown[position]);
      });
      for (const button of document.querySelectorAll('.tabs button')) {
        button.addEventListener('click', () => { setView(button.dataset.view); writeHash(); });
      }
      $('jump').addEventListener('click', () => { jump(page.selected); writeHash(); });
      $('latest').addEventListener('click', () => { jump(-1); writeHash(); });
      document.addEventListener('keydown', (event) => {
        if (event.altKey || event.ctrlKey || event.metaKey) return;
        // Escape leaves the search (or the type menu) for the list's keys.
        if (event.key === 'Escape' && isTyping(event.target)) { event.target.blur(); return; }
        if (isTyping(event.target)) return;
        if (event.key === '/') {
          event.preventDefault();
          $('search').focus();
          return;
        }
        if (event.key in VIEW_KEYS) {
          setView(VIEW_KEYS[event.key]);
          writeHash();
          event.preventDefault();
          return;
        }
        // The slider moves itself with arrows, Page Up/Down, Home and End (its input event selects).
        if (event.target && event.target.type === 'range' && !['j', 'k'].includes(event.key)) return;
        if (event.key in STEPS) move(STEPS[event.key]);
        else if (event.key === 'Home') move(-page.total);
        else if (event.key === 'End') move(page.total);
        else return;
        event.preventDefault();
      });
      window.addEventListener('hashchange', () => applyHash({keepHash: true, restore: false}));
    }

    fillTypes();
    showSummaryAndNotes();
    document.body.dataset.entries = String(page.total);
    listen();
    list.listen();
    applyHash({keepHash: true, restore: true});
    document.body.dataset.ready = '1';
    document.body.dataset.readyMs = String(Math.round(performance.now()));
  }

  inspector.controller = Object.freeze({start});
})(globalThis.ReduxKitInspector = globalThis.ReduxKitInspector || {});

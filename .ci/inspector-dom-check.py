"""Opens the inspector pages .ci/inspector-check.sh made in headless chromium and checks the DOM
after their scripts ran (`--dump-dom`), and takes a screenshot of each view.
Usage: python3 .ci/inspector-dom-check.py DIRECTORY (holding todo.html, plain.html, big.html and
logs/expected.json, as inspector-check.sh leaves them). Chromium's profiles, and whatever else it
writes, are in a temporary directory of the run's own, removed at the end even when a check fails."""
import html.parser
import json
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time

READY_BOUND_MS = 5000  # the 100,000-action page must be ready within this, on a loaded 2-core machine
VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"}
directory = os.path.abspath(sys.argv[1])
expected = json.load(open(os.path.join(directory, "logs", "expected.json"), encoding="utf-8"))
failures = []


def new_profile(name):
    """A new, empty chromium profile (--user-data-dir) in the scratch directory."""
    path = os.path.join(scratch, "profile-" + name)
    os.mkdir(path)
    return path


class Node:
    def __init__(self, tag, attributes, parent):
        self.tag, self.attributes, self.parent, self.children = tag, dict(attributes), parent, []

    def text(self):
        return "".join(child if isinstance(child, str) else child.text() for child in self.children)

    def classes(self):
        return (self.attributes.get("class") or "").split()

    def walk(self):
        yield self
        for child in self.children:
            if isinstance(child, Node):
                yield from child.walk()


class Builder(html.parser.HTMLParser):
    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.root = Node("#document", {}, None)
        self.current = self.root

    def handle_starttag(self, tag, attributes):
        node = Node(tag, attributes, self.current)
        self.current.children.append(node)
        if tag not in VOID:
            self.current = node

    def handle_startendtag(self, tag, attributes):
        self.current.children.append(Node(tag, attributes, self.current))

    def handle_endtag(self, tag):
        node = self.current
        while node is not None and node.tag != tag:
            node = node.parent
        if node is not None and node.parent is not None:
            self.current = node.parent

    def handle_data(self, data):
        self.current.children.append(data)


def chromium(*arguments, profile=None):
    """Runs headless chromium with `profile` (by default the run's shared one); its output."""
    return subprocess.run(
        ["chromium", "--headless", "--no-sandbox", "--disable-gpu", f"--user-data-dir={profile or shared_profile}",
         "--virtual-time-budget=10000", "--window-size=1400,900", *arguments],
        stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, env=environment, timeout=180, check=True).stdout


class Page:
    def __init__(self, name, hash_, profile=None):
        self.url = f"file://{directory}/{name}.html#{hash_}"
        started = time.monotonic()
        self.dom = chromium("--dump-dom", self.url, profile=profile).decode("utf-8")
        self.seconds = time.monotonic() - started
        builder = Builder()
        builder.feed(self.dom)
        self.root = builder.root
        self.body = next(node for node in self.root.walk() if node.tag == "body")

    def by_id(self, id_):
        return next((node for node in self.root.walk() if node.attributes.get("id") == id_), None)

    def all(self, predicate):
        return [node for node in self.root.walk() if predicate(node)]

    def data(self, name):
        return self.body.attributes.get("data-" + name)


def check(condition, what, detail=""):
    print(("  ok   " if condition else "  FAIL ") + what + (f" ({detail})" if detail and not condition else ""))
    if not condition:
        failures.append(what)


def state_node(page, path):
    return next((node for node in page.by_id("state").walk() if node.attributes.get("data-path") == path), None)


def line_text(node):
    """The text of a tree node's own line (not its children)."""
    return next(child for child in node.children if isinstance(child, Node) and "line" in child.classes()).text()


def check_pages():
    """Every check, on the pages in `directory`; failures are added to `failures`."""
    todo = expected["todo"]
    with open(os.path.join(directory, "logs", "todo.jsonl"), encoding="utf-8") as file:
        todo_lines = [json.loads(line) for line in file if line.strip() and line.strip().endswith("}")]
    todo_entries = [line for line in todo_lines if "session" not in line]
    types = {}
    for entry in todo_entries:
        type_ = entry.get("type", "(jump)")
        types[type_] = types.get(type_, 0) + 1

    print("todo page: counts, a payload, a state, the changed path")
    page = Page("todo", f"entry={todo['toggle']}&view=state")
    check(page.data("ready") == "1", "the page says it is ready", page.data("ready"))
    check(page.data("entries") == str(todo["total"]), f"data-entries is {todo['total']}", page.data("entries"))
    check(page.data("shown") == str(todo["total"]), "every entry is listed", page.data("shown"))
    check(page.data("selected") == str(todo["toggle"]), f"#entry={todo['toggle']} selects it", page.data("selected"))
    rows = page.all(lambda node: "row" in node.classes() and "data-entry" in node.attributes)
    check(len(rows) == todo["total"], "the list shows a row per entry (a short log fits the window)", len(rows))
    sessions = page.all(lambda node: "row" in node.classes() and "session" in node.classes())
    check(len(sessions) == todo["sessions"], "a separator per session", len(sessions))
    torn = page.all(lambda node: "torn-line" in node.classes())
    check(len(torn) == 1 and "torn line" in torn[0].text(), "the torn line ending session 1 is shown", len(torn))
    check("torn line" in page.by_id("notes").text(), "and noted above the views", page.by_id("notes").text())
    check(json.loads(page.by_id("payload").text()) == {"id": 2}, "the payload view holds the action's payload",
          page.by_id("payload").text())
    done = state_node(page, todo["toggleChanged"])
    check(done is not None and "changed" in done.classes(), f"{todo['toggleChanged']} is highlighted (class changed)")
    check(done is not None and line_text(done).strip().endswith("true"), "and shows the new value", done and line_text(done))
    changed = [node.attributes.get("data-path") for node in page.by_id("state").walk() if "changed" in node.classes()]
    check(changed == [todo["toggleChanged"]], "only the changed path is highlighted", changed)
    listed = [node.text() for node in page.by_id("changed-paths").walk() if node.tag == "li"]
    check(listed == ["replace " + todo["toggleChanged"]], "the changed paths are listed", listed)
    title = state_node(page, "/todos/1/title")
    check(title is not None and json.loads(line_text(title).split(": ", 1)[1]) == "Bread", "a state value: /todos/1/title")

    print("todo page: async thunks, an effect's action")
    page = Page("todo", f"entry={todo['fulfilled']}&view=payload")
    row = next(node for node in page.all(lambda node: node.attributes.get("data-entry") == str(todo["fulfilled"])))
    check(todo["fulfilledText"] in row.text(), f"the settled row says \"{todo['fulfilledText']}\"", row.text())
    links = [node.attributes.get("data-goto") for node in row.walk() if "data-goto" in node.attributes]
    check(links == [str(todo["pending"] - 1)], "and links to its pending action", links)
    pending = next(node for node in page.all(lambda node: node.attributes.get("data-entry") == str(todo["pending"])))
    check(f"fulfilled #{todo['fulfilled']}" in pending.text(), "the pending row links to the settled one", pending.text())
    listener = next(node for node in page.all(lambda node: node.attributes.get("data-entry") == str(todo["listener"])))
    check(any("effect" in node.classes() and "listener" in node.text() for node in listener.walk()),
          "an effect's action has a badge", listener.text())

    print("todo page: the slider and the keys move the selection and the state")
    for hash_, selected, todos in [("scrub=2&view=state", 3, 3), ("entry=1&keys=j,j,j,j,k&view=state", 4, 4),
                                   ("entry=3&keys=ArrowDown&view=state", 4, 4), ("entry=5&view=state", 5, 5)]:
        page = Page("todo", hash_)
        node = state_node(page, "/todos")
        check(page.data("selected") == str(selected) and node is not None and f"[{todos} items]" in line_text(node),
              f"#{hash_}: entry {selected} selected, /todos holds {todos} items",
              f"selected {page.data('selected')}, {node and line_text(node)}")
    page = Page("todo", f"entry={todo['jump']}&view=state")
    node = state_node(page, "/filter")
    check(node is not None and '"done"' in line_text(node), "a jump resets the state to its own", node and line_text(node))
    page = Page("todo", f"entry={todo['secondSessionFirst']}&view=state")
    node = state_node(page, "/todos")
    check(node is not None and "[6 items]" in line_text(node), "session 2 starts from its header's state",
          node and line_text(node))

    print("todo page: filter and search")
    page = Page("todo", "filter=AddTodo")
    check(page.data("shown") == str(types["AddTodo"]), f"#filter=AddTodo lists {types['AddTodo']} entries",
          page.data("shown"))
    rows = page.all(lambda node: "row" in node.classes() and "data-entry" in node.attributes)
    check(all("AddTodo" in node.text() for node in rows) and len(rows) == types["AddTodo"],
          "and only those rows", len(rows))
    check("of 19 entries match" in page.by_id("count").text(), "with a count", page.by_id("count").text())
    page = Page("todo", "search=milk")
    check(page.data("shown") == str(todo["searchMilk"]), f"#search=milk lists {todo['searchMilk']} entries",
          page.data("shown"))

    print("todo page: a hostile payload is shown as text and never run")
    page = Page("todo", f"entry={todo['hostile']}&view=payload")
    shown = json.loads(page.by_id("payload").text())
    check(shown == {"title": todo["hostileText"]}, "the payload view shows it as text, every character", shown)
    check(page.data("pwned") is None, "no script of it ran (no data-pwned on <body>)", page.data("pwned"))
    check(not page.all(lambda node: node.tag == "img"), "its <img> is not an element")
    scripts = page.all(lambda node: node.tag == "script")
    check(len(scripts) == 2, "the page has its two scripts only", len(scripts))
    check(page.data("selected") == str(todo["hostile"]), "and works on", page.data("selected"))
    page = Page("todo", f"entry={todo['hostile']}&view=state")
    node = state_node(page, f"/todos/6/title")
    check(node is not None and json.loads(line_text(node).split(": ", 1)[1]) == todo["hostileText"],
          "the state view shows it as text too")
    check(page.data("pwned") is None, "and runs nothing")

    print("plain page (no changes recorded): says so, shows the starting state")
    page = Page("plain", "view=state")
    note = page.by_id("state-note")
    check(note is not None and "not recorded" in note.text() and "recordingStateChanges: true" in note.text(),
          "the state view says states were not recorded and how to record them", note and note.text())
    node = state_node(page, "/count")
    check(node is not None and line_text(node).strip().endswith("0"), "and shows the session's starting state")

    print("100,000-action page")
    big = expected["big"]
    page = Page("big", "")
    ready_ms = int(page.data("ready-ms") or "-1")
    print(f"  data-ready-ms = {ready_ms} ms (bound {READY_BOUND_MS} ms); chromium ran {page.seconds:.1f} s in all")
    check(page.data("ready") == "1", "the page is ready")
    check(0 <= ready_ms < READY_BOUND_MS, f"within {READY_BOUND_MS} ms", ready_ms)
    check(page.data("entries") == str(big["total"]), "every entry counted", page.data("entries"))
    rows = page.all(lambda node: "row" in node.classes())
    check(0 < len(rows) < 200, "only the rows in view are in the document (a virtual list)", len(rows))
    page = Page("big", f"entry={big['total']}&view=state")
    node = state_node(page, "/count")
    check(node is not None and line_text(node).strip().endswith(str(big["finalCount"])),
          f"the state after the last entry: /count is {big['finalCount']}", node and line_text(node))
    print(f"  (the last state rebuilt and ready at {page.data('ready-ms')} ms)")
    row = page.all(lambda node: node.attributes.get("data-entry") == str(big["total"]))
    check(len(row) == 1 and "selected" in row[0].classes(), "the list scrolled to it and marks it selected")
    # Scrubbing: 200 steps of 20 entries with PageDown, each drawing the list and the state after it.
    base = Page("big", "entry=1&view=state")
    steps = Page("big", "entry=1&view=state&keys=" + ",".join(["PageDown"] * 200))
    check(steps.data("selected") == str(1 + 200 * 20), "200 PageDown presses move 4,000 entries", steps.data("selected"))
    per_step = (int(steps.data("ready-ms")) - int(base.data("ready-ms"))) / 200
    print(f"  one step of the selection (list, payload, state rebuilt and drawn): {per_step:.1f} ms")
    check(per_step < 50, "under 50 ms a step", per_step)
    page = Page("big", "filter=todos/toggle&scrub=5000&view=state")
    check(page.data("shown") == str(big["types"]["todos/toggle"]), "a filter on 100,000 entries", page.data("shown"))

    print("a large state: 20,000 todos")
    wide = expected["wide"]
    page = Page("wide", "view=state")
    node = state_node(page, "/todos")
    check(node is not None and "[20,000 items]" in line_text(node), "the last state holds every todo",
          node and line_text(node))
    done = state_node(page, wide["toggled"])
    check(done is not None and "changed" in done.classes() and line_text(done).strip().endswith("true"),
          f"{wide['toggled']}, far past the first items shown, is shown and highlighted")
    shown_nodes = len([node for node in page.by_id("state").walk() if node.tag == "div" and "node" in node.classes()])
    check(shown_nodes < 1000, "only some of the items are in the document", shown_nodes)
    print(f"  ready at {page.data('ready-ms')} ms")
    check(int(page.data("ready-ms")) < READY_BOUND_MS, f"within {READY_BOUND_MS} ms")
    base = Page("wide", f"entry={wide['total']}&view=state")
    steps = Page("wide", f"entry={wide['total']}&view=state&keys=" + ",".join(["PageUp"] * 50))
    per_step = (int(steps.data("ready-ms")) - int(base.data("ready-ms"))) / 50
    print(f"  one step back through the large state: {per_step:.1f} ms")
    check(steps.data("selected") == str(wide["total"] - 50 * 20) and per_step < 200, "under 200 ms a step", per_step)

    print("todo page: what a Redux DevTools user looks for first")
    page = Page("todo", f"entry={todo['toggle']}")
    active = [node.text() for node in page.all(lambda node: node.tag == "button" and "active" in node.classes())]
    check(page.data("view") == "payload" and active == ["Action"] and page.by_id("pane-payload") is not None
          and page.by_id("pane-state") is not None, "an Action tab (payload and changes) and a State tab; Action first",
          (page.data("view"), active))
    for keys, view, tab in [("3", "state", "State"), ("1", "timeline", "Timeline"), ("3,2", "payload", "Action")]:
        page = Page("todo", f"entry={todo['toggle']}&keys={keys}")
        active = [node.text() for node in page.all(lambda node: node.tag == "button" and "active" in node.classes())]
        check(page.data("view") == view and active == [tab], f"key {keys} shows the {tab} view", (page.data("view"), active))
    page = Page("todo", "entry=3&click=jump")
    future = [node.attributes["data-entry"] for node in page.all(lambda node: "future" in node.classes())]
    current = [node.attributes["data-entry"] for node in page.all(lambda node: "current" in node.classes() and "row" in node.classes())]
    check(page.data("current") == "3" and page.data("view") == "state", "Jump to this state makes #3 the current state",
          (page.data("current"), page.data("view")))
    check(future == [str(n) for n in range(4, todo["total"] + 1)] and current == ["3"], "the entries after it are dimmed",
          (future, current))
    check("Current state: after #3" in page.by_id("current").text() and "hidden" not in page.by_id("current").attributes,
          "a banner says which state is current", page.by_id("current").text())
    check(page.by_id("state-title").text() == "Current state: after #3", "and the State view shows it as current",
          page.by_id("state-title").text())
    node = state_node(page, "/todos")
    check(node is not None and "[3 items]" in line_text(node), "with its state", node and line_text(node))
    page = Page("todo", "entry=3&click=jump,latest")
    check(page.data("current") == "0" and not page.all(lambda node: "future" in node.classes()),
          "Back to the latest undoes it", page.data("current"))
    page = Page("todo", "current=3&entry=5&view=state")
    check(page.data("current") == "3" and page.data("selected") == "5" and page.by_id("state-title").text() == "State after #5",
          "#current=3 keeps the jump while another entry is looked at", (page.data("current"), page.by_id("state-title").text()))
    for hash_, selected in [("entry=1&keys=/,j", "1"), ("entry=1&keys=/,Escape,j", "2"), ("entry=1&keys=j,End", str(todo["total"])),
                            ("entry=9&keys=Home", "1"), ("entry=2&keys=k", "1")]:
        page = Page("todo", hash_)
        check(page.data("selected") == selected, f"keys #{hash_}: entry {selected} selected (/ focuses the search, Escape leaves it)",
              page.data("selected"))
    # The filter a person sets is remembered for the log (localStorage), in a profile of its own.
    remembering = new_profile("remember")
    page = Page("todo", "type=milk", profile=remembering)
    check(page.data("shown") == str(todo["searchMilk"]), "typing milk in the search box filters", page.data("shown"))
    page = Page("todo", "", profile=remembering)
    check(page.data("shown") == str(todo["searchMilk"]) and "of 19 entries match" in page.by_id("count").text(),
          "opened again, the page has the search typed before", (page.data("shown"), page.by_id("count").text()))
    page = Page("todo", "entry=1", profile=remembering)
    check(page.data("shown") == str(todo["total"]), "a link to an entry is followed as it is", page.data("shown"))
    page = Page("plain", "", profile=remembering)
    check(page.data("shown") == str(expected["plain"]["total"]), "another log's page has its own", page.data("shown"))
    page = Page("todo", "type=", profile=remembering)
    page = Page("todo", "", profile=remembering)
    check(page.data("shown") == str(todo["total"]), "a search cleared is forgotten", page.data("shown"))
    page = Page("todo", "")
    check(page.data("shown") == str(todo["total"]), "(and another profile never had one)", page.data("shown"))

    print("hostile page: lines it cannot read are listed and counted, script in any field never runs")
    hostile = expected["hostile"]
    page = Page("hostile", f"entry={hostile['deep']}&view=payload")
    check(page.data("ready") == "1" and page.data("error") is None, "the page is ready", page.data("ready"))
    check(page.data("entries") == str(hostile["total"]), f"every line is an entry: {hostile['total']}", page.data("entries"))
    check(page.data("unreadable") == str(hostile["unreadable"]), f"{hostile['unreadable']} unreadable",
          page.data("unreadable"))
    check(f"{hostile['unreadable']} unreadable" in page.by_id("summary").text(), "the summary counts them",
          page.by_id("summary").text())
    check(f"{hostile['unreadable']} lines of the log could not be read" in page.by_id("notes").text(),
          "the notes say so", page.by_id("notes").text())
    rows = page.all(lambda node: "row" in node.classes() and "kind-unreadable" in node.classes())
    check([row.attributes.get("data-entry") for row in rows]
          == [str(n) for n in range(1, hostile["total"] + 1) if n in (hostile["deep"], hostile["deep"] + 2,
                                                                      hostile["deep"] + 3, hostile["deepLast"])],
          "each is a row where it was in the log", [row.attributes.get("data-entry") for row in rows])
    check([any(reason in node.text() for node in row.walk()) for row, reason in zip(rows, hostile["reasons"])]
          == [True] * len(rows), "each row says why", [row.text() for row in rows])
    check("Unreadable: " + hostile["reasons"][0] in page.by_id("payload").text(),
          "the Action view of a line nested 100,000 deep says it is unreadable, and why", page.by_id("payload").text())
    check(not page.all(lambda node: "torn-line" in node.classes()), "a whole line nested too deep is not called torn")
    page = Page("hostile", f"entry={hostile['after']}&view=state")
    check("could not be read" in page.by_id("state-note").text(), "the states after one say they may be wrong",
          page.by_id("state-note").text())
    node = state_node(page, "/n")
    check(node is not None and line_text(node).strip().endswith("2"), "and are still rebuilt", node and line_text(node))
    for hash_ in [f"entry={hostile['first']}&view=payload", f"entry={hostile['first']}&view=state", "view=timeline",
                  f"entry={hostile['deepLast']}&view=state", "search=pwned"]:
        page = Page("hostile", hash_)
        check(page.data("ready") == "1" and page.data("pwned") is None and not page.all(lambda node: node.tag == "img")
              and len(page.all(lambda node: node.tag == "script")) == 2,
              f"#{hash_}: no script of the log or the title ran, no <img>, two scripts", page.data("pwned"))
    page = Page("hostile", f"entry={hostile['first']}&view=payload")
    check(page.by_id("title").text() == "</title><script>document.body.dataset.pwned=7</script><b>bold?</b> & done",
          "the title is shown as text", page.by_id("title").text())
    check(any("</script>" in node.text() and "sid" in node.classes() for node in page.by_id("rows").walk()),
          "the session header's id is shown as text")
    check(json.loads(page.by_id("payload").text()) == {hostile["hostileText"]: hostile["hostileText"]},
          "a payload whose keys and values are markup is shown as text", page.by_id("payload").text()[:80])
    check(any("pwned=4" in node.text() for node in page.by_id("selection").walk() if "session-notes" in node.classes()),
          "a session header's recovery note is shown as text")
    page = Page("hostile", f"entry={hostile['huge']}&view=payload")
    check(len(json.loads(page.by_id("payload").text())["text"]) == hostile["hugeLength"],
          "a 2 MB payload is shown whole", page.data("ready-ms"))

    print("empty log: a page that says so")
    page = Page("empty", "")
    check(page.data("ready") == "1" and page.data("entries") == "0", "the page is ready, with no entry", page.data("entries"))
    check("The log is empty." in page.by_id("notes").text(), "the notes say the log is empty", page.by_id("notes").text())
    check("The log has no entries." in page.by_id("selection").text(), "and so does the selection")

    print("a page whose data block is damaged: a clear error, not a blank page")
    with open(os.path.join(directory, "todo.html"), encoding="utf-8") as file:
        damaged = file.read().replace('<script type="application/json" id="log-data">\n{',
                                      '<script type="application/json" id="log-data">\n{"cut', 1)
    with open(os.path.join(directory, "damaged.html"), "w", encoding="utf-8") as file:
        file.write(damaged)
    page = Page("damaged", "")
    check(page.data("error") == "1" and page.data("ready") == "1", "the page says it failed", page.data("error"))
    check("cannot read the log's data" in page.by_id("notes").text(), "and why", page.by_id("notes").text())

    print("screenshots")
    os.makedirs(os.path.join(directory, "screenshots"), exist_ok=True)
    shots = [("todo-timeline", "todo", "view=timeline"), ("todo-action", "todo", f"entry={todo['fulfilled']}&view=payload"),
             ("todo-state", "todo", f"entry={todo['toggle']}&view=state"),
             ("todo-hostile", "todo", f"entry={todo['hostile']}&view=payload"),
             ("todo-filter", "todo", "filter=AddTodo&view=payload"), ("todo-jump", "todo", "entry=6&click=jump"),
             ("plain-state", "plain", "view=state"), ("big-state", "big", "entry=50000&view=state"),
             ("wide-state", "wide", "view=state"), ("hostile-unreadable", "hostile", f"entry={expected['hostile']['deep']}&view=payload")]
    for shot, name, hash_ in shots:
        path = os.path.join(directory, "screenshots", shot + ".png")
        chromium("--hide-scrollbars", f"--screenshot={path}", f"file://{directory}/{name}.html#{hash_}")
        check(os.path.getsize(path) > 10_000, f"{shot}.png", os.path.getsize(path))


# Everything chromium writes (its profiles, its crash reports, dconf's cache) goes into one directory
# of this run's own, under $TMPDIR, removed whether the checks pass, fail or stop on an error (or a
# SIGTERM, turned into an exit so that `finally` runs).
signal.signal(signal.SIGTERM, lambda number, frame: sys.exit(128 + number))
scratch = tempfile.mkdtemp(prefix="inspector-chromium-")
try:
    environment = dict(os.environ, XDG_CONFIG_HOME=os.path.join(scratch, "config"),
                       XDG_CACHE_HOME=os.path.join(scratch, "cache"))
    shared_profile = new_profile("shared")
    check_pages()
finally:
    shutil.rmtree(scratch, ignore_errors=True)

if failures:
    sys.exit(f"inspector-check: {len(failures)} check(s) failed: " + "; ".join(failures))
print("inspector-check: every check passed")

"""Writes the action logs .ci/inspector-check.sh opens as inspector pages, in the log's format
(JSON lines, a header per session; /tmp/spec and the ActionLog sources describe it), into the
directory given, and prints what the checks expect of them as JSON (expected.json there):
  todo.jsonl   two sessions of a todo app with recorded changes, async thunks, an effect's action,
               a hostile payload, an unrecorded action, a jump and a torn line between the sessions
  plain.jsonl  a session without recorded changes
  big.jsonl    100,000 actions with recorded changes
  wide.jsonl   a state growing to 20,000 todos, then one far down the list toggled
  hostile.jsonl  lines the page cannot read (nested 100,000 deep, garbage bytes, JSON that is not an
               object), markup and script in every field (types, payloads, states, effects, session
               headers), a 2 MB payload
  empty.jsonl  an empty file
Usage: python3 .ci/inspector-fixtures.py DIRECTORY"""
import json
import os
import sys

HOSTILE = "</script><script>document.body.dataset.pwned=1</script><img src=x onerror=\"document.body.dataset.pwned=2\"> 'quotes' \"double\" \u2028\u2029 emoji \U0001F600 controls \u0001\u001f & <!-- done"


def line(value, sort=True):
    """One JSON line; with `sort` false, the top-level keys stay in the order given (as the ActionLog
    writes them) and the values' keys are sorted (as its JSONEncoder writes them)."""
    def dump(value):
        return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    if sort:
        return dump(value)
    return "{" + ",".join(dump(key) + ":" + dump(field) for key, field in value.items()) + "}"


def stamp(ms):
    """ISO 8601 UTC with milliseconds, `ms` after 2026-11-29T10:00:00.000Z."""
    seconds, milli = divmod(ms, 1000)
    minutes, second = divmod(seconds, 60)
    hours, minute = divmod(minutes, 60)
    return f"2026-11-29T{10 + hours:02d}:{minute:02d}:{second:02d}.{milli:03d}Z"


class Log:
    def __init__(self):
        self.lines = []
        self.count = 0  # entries in the whole log (the page's global numbering)

    def header(self, session, ms, state, previous_line_torn=False, recovered=None):
        """A session header, its fields in the order the ActionLog writes them ("session" first)."""
        header = {"session": session, "timestamp": stamp(ms), "version": 2, "entry": 0}
        if previous_line_torn:
            header["previousLineTorn"] = True
        if recovered is not None:
            header["recovered"] = recovered
        header["state"] = state
        self.lines.append(line(header, sort=False))

    def action(self, type_, ms, payload, changes=None, effect=None):
        entry = {"type": type_, "timestamp": stamp(ms), "payload": payload}
        if effect is not None:
            entry["effect"] = effect
        if changes is not None:
            entry["changes"] = changes
        self.lines.append(line(entry, sort=False))
        self.count += 1
        return self.count

    def raw(self, text):
        self.lines.append(text)

    def write(self, path, torn_tail=None):
        with open(path, "w", encoding="utf-8") as file:
            file.write("\n".join(self.lines) + "\n")
            if torn_tail:
                file.write(torn_tail)


def todo(directory):
    log = Log()
    expected = {}
    todos = []
    log.header("6A1F2C3D-0000-4000-8000-000000000001", 0, {"filter": "all", "loading": [], "todos": []})
    for n, title in enumerate(["Milk", "Bread", "Tea", "Eggs", "Jam"]):
        todo = {"done": False, "id": n + 1, "title": title}
        todos.append(todo)
        index = log.action("AddTodo", 100 + 250 * n, {"title": title}, [{"op": "add", "path": f"/todos/{n}", "value": todo}])
    expected["addCount"] = 5
    expected["toggle"] = log.action("ToggleTodo", 1500, {"id": 2}, [{"op": "replace", "path": "/todos/1/done", "value": True}])
    expected["toggleChanged"] = "/todos/1/done"
    pending = {"arg": "home", "requestID": "7D5E8A30-1111-4000-8000-00000000A001", "typePrefix": "todos/load"}
    expected["pending"] = log.action("todos/load/pending", 2000, pending,
                                     [{"op": "add", "path": "/loading/0", "value": pending["requestID"]}],
                                     effect="asyncThunk")
    log.action("SetFilter", 2050, {"filter": "open"}, [{"op": "replace", "path": "/filter", "value": "open"}])
    fulfilled = dict(pending, value=["Butter"])
    expected["fulfilled"] = log.action("todos/load/fulfilled", 2120, fulfilled,
                                       [{"op": "remove", "path": "/loading/0"},
                                        {"op": "add", "path": "/todos/5", "value": {"done": False, "id": 6, "title": "Butter"}}],
                                       effect="asyncThunk")
    expected["fulfilledText"] = "fulfilled after 120 ms"
    expected["listener"] = log.action("Notify", 2130, {"message": "Loaded 1 todo"},
                                      [{"op": "replace", "path": "/filter", "value": "all"}], effect="listener")
    expected["hostile"] = log.action("AddTodo", 3000, {"title": HOSTILE},
                                     [{"op": "add", "path": "/todos/6", "value": {"done": False, "id": 7, "title": HOSTILE}}])
    expected["hostileText"] = HOSTILE
    rejected = {"error": "offline", "requestID": "7D5E8A30-1111-4000-8000-00000000A002", "typePrefix": "todos/load",
                "wasCancelled": False}
    log.action("todos/load/pending", 3500, {"arg": "work", "requestID": rejected["requestID"], "typePrefix": "todos/load"},
               [], effect="asyncThunk")
    log.action("todos/load/rejected", 3580, rejected, [], effect="asyncThunk")
    log.raw(line({"type": "Tick", "timestamp": stamp(3600), "unrecorded": True}, sort=False))
    log.count += 1
    expected["addCount"] += 1
    session1 = log.count
    # The torn line: a crash mid-write; the next launch writes "\n" before its header.
    log.raw('{"type":"AddTodo","timestamp":"2026-11-29T10:00:03.700Z","payload":{"title":"Cut sh')
    state = {"filter": "all", "loading": [], "todos": [
        {"done": False, "id": 1, "title": "Milk"}, {"done": True, "id": 2, "title": "Bread"},
        {"done": False, "id": 3, "title": "Tea"}, {"done": False, "id": 4, "title": "Eggs"},
        {"done": False, "id": 5, "title": "Jam"}, {"done": False, "id": 6, "title": "Butter"},
        {"done": False, "id": 7, "title": HOSTILE}]}
    log.header("6A1F2C3D-0000-4000-8000-000000000002", 60000, state, previous_line_torn=True,
               recovered={"from": "saved", "replayed": 12})
    expected["secondSessionFirst"] = log.action("RemoveTodo", 60500, {"id": 7}, [{"op": "remove", "path": "/todos/6"}])
    log.action("RenameTodo", 61000, {"id": 3, "title": "Green tea"},
               [{"op": "replace", "path": "/todos/2/title", "value": "Green tea"}])
    expected["addCount"] += 1
    log.action("AddTodo", 61500, {"title": "Milk again"},
               [{"op": "add", "path": "/todos/6", "value": {"done": False, "id": 8, "title": "Milk again"}}])
    expected["jump"] = log.count + 1
    log.raw(line({"jump": True, "timestamp": stamp(62000), "state": {"filter": "done", "loading": [], "todos": []}},
                 sort=False))
    log.count += 1
    log.action("AddTodo", 62500, {"title": "After the jump"},
               [{"op": "add", "path": "/todos/0", "value": {"done": False, "id": 9, "title": "After the jump"}}])
    expected["total"] = log.count
    expected["sessions"] = 2
    expected["searchMilk"] = 2
    log.write(os.path.join(directory, "todo.jsonl"))
    return expected


def plain(directory):
    log = Log()
    log.header("6A1F2C3D-0000-4000-8000-000000000003", 0, {"count": 0})
    for n in range(20):
        log.action("Increment" if n % 3 else "Reset", 100 * n, {"by": n})
    log.write(os.path.join(directory, "plain.jsonl"))
    return {"total": log.count}


def big(directory, count=100_000):
    log = Log()
    todos = [{"done": False, "id": n, "title": f"Item {n}"} for n in range(50)]
    log.header("6A1F2C3D-0000-4000-8000-000000000004", 0, {"count": 0, "todos": todos})
    value = 0
    done = [False] * 50
    n = 0
    types = {}
    while log.count < count:
        ms = log.count * 7
        kind = log.count % 10
        if kind == 9 and log.count + 2 <= count:
            request = f"REQ-{log.count:06d}"
            payload = {"arg": log.count, "requestID": request, "typePrefix": "items/fetch"}
            log.action("items/fetch/pending", ms, payload, [], effect="asyncThunk")
            log.action("items/fetch/fulfilled", ms + 35, dict(payload, value=log.count), [], effect="asyncThunk")
            types["items/fetch/pending"] = types.get("items/fetch/pending", 0) + 1
            types["items/fetch/fulfilled"] = types.get("items/fetch/fulfilled", 0) + 1
        elif kind % 2 == 0:
            value += 1
            log.action("counter/increment", ms, {"by": 1}, [{"op": "replace", "path": "/count", "value": value}])
            types["counter/increment"] = types.get("counter/increment", 0) + 1
        else:
            k = n % 50
            n += 1
            done[k] = not done[k]
            log.action("todos/toggle", ms, {"id": k}, [{"op": "replace", "path": f"/todos/{k}/done", "value": done[k]}])
            types["todos/toggle"] = types.get("todos/toggle", 0) + 1
    log.write(os.path.join(directory, "big.jsonl"))
    return {"total": log.count, "finalCount": value, "types": types}


def wide(directory, count=20_000, toggled=15_000):
    """A state that grows to `count` todos, then one far down the list is toggled."""
    log = Log()
    log.header("6A1F2C3D-0000-4000-8000-000000000005", 0, {"todos": []})
    for n in range(count):
        todo = {"done": False, "id": n, "title": f"Todo number {n}"}
        log.action("AddTodo", n, {"title": todo["title"]}, [{"op": "add", "path": f"/todos/{n}", "value": todo}])
    log.action("ToggleTodo", count, {"id": toggled},
               [{"op": "replace", "path": f"/todos/{toggled}/done", "value": True}])
    log.write(os.path.join(directory, "wide.jsonl"))
    return {"total": log.count, "todos": count, "toggled": f"/todos/{toggled}/done"}


def hostile(directory):
    """Lines that cannot be read, script in every field, a huge payload."""
    log = Log()
    deep = "[" * 100_000 + "]" * 100_000
    state = {"note": HOSTILE, HOSTILE: [HOSTILE], "n": 0}
    log.header("</script><script>document.body.dataset.pwned=3</script>", 0, state,
               recovered={"from": "<img src=x onerror=\"document.body.dataset.pwned=4\">", "replayed": 1})
    first = log.action("<img src=x onerror=\"document.body.dataset.pwned=5\">", 100, {HOSTILE: HOSTILE},
                       [{"op": "add", "path": "/" + HOSTILE.replace("~", "~0").replace("/", "~1"), "value": HOSTILE}],
                       effect="</script><script>document.body.dataset.pwned=6</script>")
    log.raw('{"type":"Deep","timestamp":"2026-11-29T10:00:00.200Z","payload":' + deep + ',"changes":[]}')
    log.count += 1
    deep_entry = log.count
    huge = log.action("Huge", 300, {"text": "x" * 2_000_000}, [{"op": "replace", "path": "/n", "value": 1}])
    log.raw("\udcff\udcfe\x00\x01 garbage \udc80")  # bytes that are not UTF-8 (written with surrogateescape)
    log.count += 1
    log.raw("[1,2,3]")
    log.count += 1
    after = log.action("After", 400, {"by": 1}, [{"op": "replace", "path": "/n", "value": 2}])
    # A whole line nested too deep as the session's last: unreadable, not a torn line.
    log.raw('{"type":"DeepLast","timestamp":"2026-11-29T10:00:00.500Z","payload":' + deep + '}')
    log.count += 1
    log.header("6A1F2C3D-0000-4000-8000-000000000006", 1000, {"n": 0})
    log.action("Second", 1100, {"by": 1}, [{"op": "replace", "path": "/n", "value": 1}])
    with open(os.path.join(directory, "hostile.jsonl"), "w", encoding="utf-8", errors="surrogateescape") as file:
        file.write("\n".join(log.lines) + "\n")
    return {"total": log.count, "unreadable": 4, "first": first, "deep": deep_entry, "huge": huge,
            "hugeLength": 2_000_000, "after": after, "deepLast": log.count - 1, "hostileText": HOSTILE,
            "reasons": ["nested 100,001 levels deep, too deep to read", "not UTF-8 text", "JSON, but not an object",
                        "nested 100,001 levels deep, too deep to read"]}


def empty(directory):
    open(os.path.join(directory, "empty.jsonl"), "w").close()
    return {"total": 0}


def main():
    directory = sys.argv[1]
    os.makedirs(directory, exist_ok=True)
    expected = {"todo": todo(directory), "plain": plain(directory), "big": big(directory), "wide": wide(directory),
                "hostile": hostile(directory), "empty": empty(directory)}
    with open(os.path.join(directory, "expected.json"), "w", encoding="utf-8") as file:
        json.dump(expected, file, indent=2, ensure_ascii=False)
    print(json.dumps({name: value["total"] for name, value in expected.items()}))


if __name__ == "__main__":
    main()

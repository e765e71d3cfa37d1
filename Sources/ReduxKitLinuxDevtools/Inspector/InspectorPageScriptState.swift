/// The inspector page's states: each rebuilt by applying the recorded RFC
/// 6902 changes to the state its session started from (a jump or a
/// continuation header starts again from its full state), with a copy kept
/// every 1,000 entries so scrubbing never replays from far (further apart
/// when the state is so large that copies are slow); and the details
/// of the selected entry (payload, changes, the state as a tree with the
/// changed paths highlighted). Part of ``InspectorPageScript``.
enum InspectorPageScriptState {
    /// The script's part.
    static var source: String { rebuild + InspectorPageScriptDetails.source }

    /// Rebuilding states.
    static let rebuild = #"""
        const UNKNOWN = {unknown: true};
        // A copy of the state every this many entries; more apart when copies get slow (a large
        // state), and none once they have cost 2 s in all, so memory stays bounded.
        let checkpointEvery = 1000;
        let checkpointCost = 0;
        // Entry index -> the state after it: checkpoints, and the last few states drawn.
        const checkpoints = new Map();
        const recent = new Map();
        // Entry index -> why a change could not be applied there.
        const problems = new Map();
        // Session -> (entries before -> the state a continuation header recorded).
        const continuations = sessions.map((session) => {
          const map = new Map();
          for (const checkpoint of session.checkpoints) {
            map.set(checkpoint.entriesBefore, checkpoint.state === undefined ? UNKNOWN : checkpoint.state);
          }
          return map;
        });

        function copy(value) {
          return value !== null && typeof value === 'object' ? structuredClone(value) : value;
        }

        // The state before entry i when it is recorded there (a session's start or a
        // continuation header); undefined when it follows from the entry before.
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

        function known(i) {
          return checkpoints.has(i) ? checkpoints.get(i) : recent.get(i);
        }

        function decodePointer(path) {
          if (path === '') return [];
          if (path[0] !== '/') throw new Error('"' + path + '" is not a JSON pointer');
          return path.slice(1).split('/').map((token) => token.replace(/~1/g, '/').replace(/~0/g, '~'));
        }

        function own(object, key) {
          return Object.prototype.hasOwnProperty.call(object, key) ? object[key] : undefined;
        }

        function setOwn(object, key, value) {
          Object.defineProperty(object, key, {value, writable: true, enumerable: true, configurable: true});
        }

        function applyOperation(state, operation) {
          const tokens = decodePointer(operation.path);
          if (tokens.length === 0) {
            if (operation.op === 'add' || operation.op === 'replace') return copy(operation.value);
            throw new Error('"' + operation.op + '" of the whole state');
          }
          let parent = state;
          for (let t = 0; t < tokens.length - 1; t++) {
            parent = parent !== null && typeof parent === 'object' ? own(parent, tokens[t]) : undefined;
            if (parent === undefined) throw new Error(operation.path + ': no ' + tokens.slice(0, t + 1).join('/'));
          }
          const last = tokens[tokens.length - 1];
          if (Array.isArray(parent)) {
            const at = last === '-' ? parent.length : Number(last);
            if (!Number.isInteger(at) || at < 0) throw new Error(operation.path + ': not an index');
            const limit = operation.op === 'add' ? parent.length : parent.length - 1;
            if (at > limit) throw new Error(operation.path + ': index out of range');
            if (operation.op === 'add') parent.splice(at, 0, copy(operation.value));
            else if (operation.op === 'remove') parent.splice(at, 1);
            else if (operation.op === 'replace') parent[at] = copy(operation.value);
            else throw new Error('operation "' + operation.op + '" is not read here');
          } else if (parent !== null && typeof parent === 'object') {
            if (operation.op === 'add' || operation.op === 'replace') setOwn(parent, last, copy(operation.value));
            else if (operation.op === 'remove') delete parent[last];
            else throw new Error('operation "' + operation.op + '" is not read here');
          } else {
            throw new Error(operation.path + ': its parent is not an object or array');
          }
          return state;
        }

        // The state after entry i, given the state before it (which it may change).
        function step(state, i) {
          const entry = entries[i];
          if (entry.kind === 'jump') return entry.state === undefined ? UNKNOWN : copy(entry.state);
          if (entry.kind === 'unrecordedJump') return UNKNOWN;
          if (state === UNKNOWN || !Array.isArray(entry.changes)) return state;
          try {
            for (const operation of entry.changes) state = applyOperation(state, operation);
          } catch (error) {
            problems.set(i, String(error.message || error));
          }
          return state;
        }

        function keepCheckpoint(k, state) {
          if (checkpointCost > 2000 || state === UNKNOWN) return;
          const started = performance.now();
          checkpoints.set(k, copy(state));
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
            if (before !== undefined) { state = copy(before); break; }
            const previous = known(start - 1);
            if (previous !== undefined) { state = copy(previous); break; }
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

        // The paths entry i changed: {changed, ancestors, children (path -> child keys)}.
        function changedPaths(i) {
          const result = {changed: new Set(), ancestors: new Set(), children: new Map(), list: []};
          const operations = entries[i].changes;
          if (!Array.isArray(operations)) return result;
          for (const operation of operations) {
            let tokens;
            try { tokens = decodePointer(String(operation.path)); } catch (error) { continue; }
            result.list.push(operation);
            let path = '';
            const depth = operation.op === 'remove' ? tokens.length - 1 : tokens.length;
            for (let t = 0; t < depth; t++) {
              result.ancestors.add(path);
              if (!result.children.has(path)) result.children.set(path, new Set());
              result.children.get(path).add(tokens[t]);
              path = childPath(path, tokens[t]);
            }
            if (operation.op === 'remove') result.ancestors.add(path); else result.changed.add(path);
          }
          return result;
        }

        function childPath(path, key) {
          return path + '/' + String(key).replace(/~/g, '~0').replace(/\//g, '~1');
        }

        """#
}

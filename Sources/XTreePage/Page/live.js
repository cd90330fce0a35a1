'use strict';
// Starting the page: from the snapshot in it, or live from the API and its event stream.

const refresh = async () => {
  const answer = await api('/api/tree');
  if (answer.version === state.version) return;
  state.version = answer.version;
  state.byID = null;
  load(answer.snapshot);
};

// Applies an edit that changes nodes in place (the same ids, the same places): their rows
// on screen are drawn again, nothing else. Anything else (nodes added, removed or moved,
// ids changed) returns false, and the page fetches the tree. Checks every change before
// it applies one, so a refused edit leaves the tree as it was.
const patch = (edit) => {
  if (edit.added || edit.removed || edit.splices || edit.root) return false;
  const changes = edit.changed ?? [];
  if (!state.byID) state.byID = new Map(state.nodes.map((node, index) => [node.id, index]));
  const places = changes.map((change) => change.old.id === change.new.id ? state.byID.get(change.old.id) : undefined);
  if (places.includes(undefined)) return false;
  changes.forEach((change, at) => {
    const { type, label, attributes, names, identity } = change.new;
    Object.assign(state.nodes[places[at]], { type, label, attributes, names, identity });
  });
  if ($('search').value.trim()) search(false); else paint();
  if (places.includes(state.selected)) showDetails();
  return true;
};

// Waits for the stream to bring the page to `version` (a link's answer can come before its
// edit); fetches the tree if it has not within a second.
const caughtUp = (version) => new Promise((resolve) => {
  const started = performance.now();
  const wait = () => {
    if (state.version >= version) resolve();
    else if (performance.now() - started > 1000) refresh().then(resolve, resolve);
    else setTimeout(wait, 10);
  };
  wait();
});

// One event of the stream: an edit that takes the page's tree one version on, or word that
// the tree changed in a way only fetching it shows.
const follow = (event) => {
  const data = JSON.parse(event.data);
  if (data.version <= state.version) return;
  const patched = event.type === 'edit' && data.version === state.version + 1 && patch(data.edit);
  if (patched) {
    state.version = data.version;
    // For Scripts/browser-check.py: when the patched rows were drawn, and the event's bytes.
    const bytes = 16 + event.type.length + new TextEncoder().encode(event.data).length;
    requestAnimationFrame(() => {
      Object.assign(window.xtree, { patchedAt: performance.timeOrigin + performance.now(), eventBytes: bytes });
      window.xtree.patched = (window.xtree.patched ?? 0) + 1;
    });
    scheduleJournal();
  } else {
    refresh().then(scheduleJournal).catch((error) => status(error.message, true));
  }
};

document.title = `XTree \u2014 ${visible(settings.title)}`;
$('source').textContent = visible(settings.title);
window.xtree = {
  parseCondition, matching: (name, conditions) => matching(state.nodes, name, conditions.map(parseCondition)),
  expandToDepth, select, toggle, state, ready: null,
};
if (settings.mode === 'file') {
  load(JSON.parse($('xtree-snapshot').textContent));
  // Since the page began to load: reading the file, parsing it, the first rows.
  window.xtree.firstRender = performance.now();
  window.xtree.ready = Promise.resolve(true);
} else {
  window.xtree.ready = (async () => {
    try {
      // A large tree takes a while to come and to draw: say so rather than show nothing.
      status('loading the tree…');
      await refresh();
      status(`${state.nodes.length} nodes; connecting…`);
      await refreshJournal();
      const events = new EventSource('/api/events');
      events.addEventListener('tree', follow);
      events.addEventListener('edit', follow);
      events.addEventListener('open', () => status('live'));
      events.addEventListener('error', () => status('disconnected: the inspector stopped or the app went away', true));
      return true;
    } catch (error) {
      status(error.message, true);
      return false;
    }
  })();
}

'use strict';
// Starting the page: from the snapshot in it, or live from the API and its event stream.

const refresh = async () => {
  const answer = await api('/api/tree');
  if (answer.version === state.version) return;
  state.version = answer.version;
  load(answer.snapshot);
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
      await refresh();
      await refreshJournal();
      const events = new EventSource('/api/events');
      events.addEventListener('tree', (event) => {
        if (JSON.parse(event.data).version !== state.version) {
          refresh().then(refreshJournal).catch((error) => status(error.message, true));
        }
      });
      events.addEventListener('open', () => status('live'));
      events.addEventListener('error', () => status('disconnected: the inspector stopped or the app went away', true));
      return true;
    } catch (error) {
      status(error.message, true);
      return false;
    }
  })();
}

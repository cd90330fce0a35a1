'use strict';
// The API, and links typed into the page: the path each reached and what its searches visited.

const status = (text, isError) => { $('status').textContent = visible(text); $('status').className = isError ? 'error' : ''; };
const api = async (path, options) => {
  const response = await fetch(path, { cache: 'no-store', ...options });
  const body = await response.json().catch(() => ({ error: `${response.status} ${response.statusText}` }));
  if (!response.ok) throw new Error(body.error ?? `${response.status}`);
  return body;
};

// A search's steps, found again in the tree as it is now: through their parents, by
// type and label, the k-th alike child for the k-th alike step.
const resolveTrace = (steps) => {
  const placed = new Map(), verdicts = new Map();
  for (const step of steps) {
    let node;
    if (step.parentOrder === undefined || step.parentOrder === null) node = 0;
    else {
      const parent = placed.get(step.parentOrder);
      if (parent === undefined) continue;
      const taken = new Set(Array.from(placed.values()));
      node = state.nodes[parent].links
        .filter((link) => link.kind === 'child')
        .map((link) => link.node)
        .find((child) => !taken.has(child) && state.nodes[child].type === step.type && state.nodes[child].label === step.label);
    }
    if (node === undefined) continue;
    placed.set(step.order, node);
    verdicts.set(node, step.verdict);
  }
  return verdicts;
};

const linkForm = $('link-form'), linkResult = $('link-result');
if (settings.linksUnavailable) {
  $('link').disabled = true;
  $('open').disabled = true;
  $('link').placeholder = settings.linksUnavailable;
} else if (settings.linkForms.length) $('link').placeholder = settings.linkForms[0];
linkForm.addEventListener('submit', async (event) => {
  event.preventDefault();
  const link = $('link').value.trim();
  if (!link || settings.linksUnavailable) return;
  linkResult.className = '';
  linkResult.textContent = 'opening…';
  try {
    const answer = await api('/api/open', {
      method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ link }),
    });
    await caughtUp(answer.version);
    if (answer.error) {
      linkResult.className = 'error';
      linkResult.textContent = visible(answer.error);
      state.trace = new Map();
      for (const trace of answer.traces) for (const [node, verdict] of resolveTrace(trace.steps)) state.trace.set(node, verdict);
    } else {
      state.path = new Set(answer.reached);
      state.trace = new Map();
      for (const trace of answer.traces) for (const [node, verdict] of resolveTrace(trace.steps)) state.trace.set(node, verdict);
      for (const order of answer.reached) state.trace.delete(order);
      const searches = answer.traces.length;
      linkResult.textContent = visible(`opened ${answer.link}: ${searches} search${searches === 1 ? '' : 'es'}, ` +
        `path ${answer.reached.map((at) => `${at} ${state.nodes[at].type}`).join(' > ')}`);
      const end = answer.reached[answer.reached.length - 1];
      for (const order of answer.reached) reveal(order);
      if (end !== undefined) select(end, true); else rebuild();
    }
    refreshJournal().catch(() => {});
  } catch (error) {
    linkResult.className = 'error';
    linkResult.textContent = visible(error.message);
  }
});

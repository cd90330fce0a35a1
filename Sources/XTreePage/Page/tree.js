'use strict';
// The tree: its rows (made only for what is on screen), selection, folding, details and search.

const state = {
  nodes: [], sizes: [], expanded: new Uint8Array(0), rowNode: [], rowKind: [], rowDepth: [],
  selected: -1, path: new Set(settings.highlighted), matches: [], matchSet: new Set(), matchAt: -1,
  trace: new Map(), version: -1, pool: [],
};
const tree = $('tree'), rows = $('rows');

const load = (snapshot) => {
  const previous = state.nodes, wasExpanded = state.expanded;
  const selectedID = state.selected >= 0 ? previous[state.selected]?.id : undefined;
  const nodes = snapshot.nodes;
  state.nodes = nodes;
  const sizes = new Uint32Array(nodes.length).fill(1);
  for (let index = nodes.length - 1; index > 0; index--) {
    const parent = nodes[index].parent;
    if (parent !== undefined) sizes[parent] += sizes[index];
  }
  state.sizes = sizes;
  const expanded = new Uint8Array(nodes.length);
  if (previous.length) {
    const open = new Set();
    previous.forEach((node, index) => { if (wasExpanded[index]) open.add(node.id); });
    nodes.forEach((node, index) => { if (open.has(node.id)) expanded[index] = 1; });
  } else {
    const depth = nodes.length <= 2000 ? Infinity : 2;
    nodes.forEach((node, index) => { if (node.depth < depth) expanded[index] = 1; });
  }
  state.expanded = expanded;
  state.selected = selectedID === undefined ? -1 : nodes.findIndex((node) => node.id === selectedID);
  for (const order of state.path) reveal(order);
  const counts = { child: 0, cycle: 0, shared: 0 };
  for (const node of nodes) for (const link of node.links) counts[link.kind]++;
  const depth = nodes.reduce((deepest, node) => Math.max(deepest, node.depth), 0);
  $('counts').textContent = `${nodes.length} node${nodes.length === 1 ? '' : 's'}, depth ${depth}, ` +
    `links: ${counts.child} child, ${counts.cycle} cycle, ${counts.shared} shared`;
  if ($('search').value.trim()) search(false); else rebuild();
  showDetails();
};

const reveal = (order) => {
  let parent = state.nodes[order]?.parent;
  while (parent !== undefined) { state.expanded[parent] = 1; parent = state.nodes[parent].parent; }
};

// The rows shown: the nodes under expanded nodes, depth first, and a row for each cycle
// or shared link.
const rebuild = () => {
  const { nodes, expanded } = state;
  const rowNode = [], rowKind = [], rowDepth = [];
  if (nodes.length) {
    const stackNode = [0], stackKind = [0], stackDepth = [0];
    while (stackNode.length) {
      const node = stackNode.pop(), kind = stackKind.pop(), depth = stackDepth.pop();
      rowNode.push(node); rowKind.push(kind); rowDepth.push(depth);
      if (kind !== 0 || !expanded[node]) continue;
      const links = nodes[node].links;
      for (let index = links.length - 1; index >= 0; index--) {
        stackNode.push(links[index].node); stackKind.push(kinds[links[index].kind]); stackDepth.push(depth + 1);
      }
    }
  }
  Object.assign(state, { rowNode, rowKind, rowDepth });
  rows.style.height = `${rowNode.length * ROW}px`;
  paint();
};

const attributesText = (node) =>
  node.attributes.map((pair) => `${pair.key}=${pair.value.length > 100 ? pair.value.slice(0, 99) + '…' : pair.value}`).join(' ');

const paint = () => {
  const first = Math.max(0, Math.floor(tree.scrollTop / ROW) - 8);
  const last = Math.min(state.rowNode.length, Math.ceil((tree.scrollTop + tree.clientHeight) / ROW) + 8);
  while (state.pool.length < last - first) {
    const row = element('div', 'row');
    row.setAttribute('role', 'treeitem');
    for (const part of ['toggle', 'order', 'type', 'id', 'label', 'attrs', 'count', 'verdict']) {
      row.appendChild(element('span', part));
    }
    rows.appendChild(row);
    state.pool.push(row);
  }
  state.pool.forEach((row, slot) => {
    const index = first + slot;
    if (index >= last) { row.hidden = true; return; }
    row.hidden = false;
    fill(row, index);
  });
};

const verdictClass = { matched: 'trace-matched', rejected: 'trace-rejected', 'wrong type': 'trace-wrong' };
const fill = (row, index) => {
  const node = state.rowNode[index], kind = state.rowKind[index], data = state.nodes[node];
  const [toggle, order, type, id, label, attrs, count, verdict] = row.children;
  row.style.transform = `translateY(${index * ROW}px)`;
  row.style.paddingLeft = `${8 + state.rowDepth[index] * 18}px`;
  row.dataset.row = index;
  row.dataset.node = node;
  const classes = ['row'];
  if (kind === 0) {
    const hasChildren = data.links.length > 0;
    toggle.textContent = hasChildren ? (state.expanded[node] ? '\u25be' : '\u25b8') : '';
    order.textContent = `${node} `;
    type.textContent = visible(data.type);
    id.textContent = ` #${visible(data.id)}`;
    label.textContent = data.label ? ` "${visible(data.label)}"` : '';
    attrs.textContent = data.attributes.length ? ` ${visible(attributesText(data))}` : '';
    count.textContent = hasChildren ? `${state.sizes[node] - 1}` : '';
    count.hidden = !hasChildren;
    row.setAttribute('aria-expanded', hasChildren ? String(!!state.expanded[node]) : 'false');
    if (state.path.has(node)) classes.push('path');
    if (state.matchSet.has(node)) classes.push('match');
    const traced = state.trace.get(node);
    verdict.textContent = traced ? ` ${traced}` : '';
    if (traced) classes.push(verdictClass[traced]);
    if (node === state.selected) classes.push('selected');
  } else {
    toggle.textContent = kind === 1 ? '\u21ba' : '\u21e2';
    order.textContent = '';
    type.textContent = '';
    id.textContent = '';
    label.textContent = `${kind === 1 ? 'cycle back to' : 'shared with'} ${node} ${visible(data.type)} #${visible(data.id)}`;
    attrs.textContent = '';
    count.textContent = '';
    count.hidden = true;
    verdict.textContent = '';
    classes.push('link-row');
  }
  row.className = classes.join(' ');
};

const pathTo = (order) => {
  const path = [];
  for (let at = order; at !== undefined; at = state.nodes[at].parent) path.unshift(at);
  return path;
};

const showDetails = () => {
  const aside = $('details');
  aside.replaceChildren();
  const node = state.nodes[state.selected];
  if (!node) { aside.appendChild(element('p', 'hint', 'Select a node to see it here.')); return; }
  aside.appendChild(element('h2', '', `${state.selected} ${node.type}`));
  const list = element('dl');
  const add = (term, value) => { list.appendChild(element('dt', '', term)); list.appendChild(element('dd', '', value)); };
  add('label', node.label || '(none)');
  add('id', `#${node.id}`);
  if (node.identity !== undefined) add('identity', node.identity);
  add('path', pathTo(state.selected).map((at) => `${at} ${state.nodes[at].type}`).join(' > '));
  add('depth', String(node.depth));
  add('children', String(node.links.filter((link) => link.kind === 'child').length));
  add('below', String(state.sizes[state.selected] - 1));
  for (const pair of node.attributes) add(pair.key, pair.value);
  for (const link of node.links) {
    if (link.kind !== 'child') add(link.kind, `${link.node} ${state.nodes[link.node].type}`);
  }
  if (node.names?.length) add('answers to', node.names.join(', '));
  aside.appendChild(list);
};

const select = (order, scroll) => {
  if (order < 0 || order >= state.nodes.length) return;
  state.selected = order;
  reveal(order);
  rebuild();
  if (scroll) {
    const index = state.rowNode.findIndex((node, at) => node === order && state.rowKind[at] === 0);
    const top = index * ROW;
    if (top < tree.scrollTop || top + ROW > tree.scrollTop + tree.clientHeight) {
      tree.scrollTop = Math.max(0, top - tree.clientHeight / 3);
    }
    paint();
  }
  showDetails();
};

const toggle = (order) => {
  state.expanded[order] = state.expanded[order] ? 0 : 1;
  rebuild();
};

const expandToDepth = (depth) => {
  state.nodes.forEach((node, index) => { state.expanded[index] = node.depth < depth ? 1 : 0; });
  rebuild();
};

const search = (scroll) => {
  const text = $('search').value.trim();
  const result = $('search-result');
  result.className = '';
  state.matches = [];
  state.matchSet = new Set();
  state.matchAt = -1;
  if (text) {
    const query = parseQuery(text);
    if (query.error) {
      result.textContent = visible(query.error);
      result.className = 'error';
    } else {
      state.matches = matching(state.nodes, query.name, query.conditions);
      state.matchSet = new Set(state.matches);
      for (const order of state.matches.slice(0, 10000)) reveal(order);
      result.textContent = `${state.matches.length} match${state.matches.length === 1 ? '' : 'es'}`;
    }
  } else result.textContent = '';
  if (scroll && state.matches.length) { state.matchAt = 0; select(state.matches[0], true); } else rebuild();
};

const step = (by) => {
  if (!state.matches.length) return;
  state.matchAt = (state.matchAt + by + state.matches.length) % state.matches.length;
  select(state.matches[state.matchAt], true);
};

tree.addEventListener('scroll', paint, { passive: true });
window.addEventListener('resize', () => requestAnimationFrame(paint));
tree.addEventListener('click', (event) => {
  const row = event.target.closest('.row');
  if (!row) return;
  const index = Number(row.dataset.row), node = state.rowNode[index];
  if (state.rowKind[index] !== 0) { select(node, true); return; }
  if (event.target.classList.contains('toggle')) toggle(node);
  state.selected = node;
  showDetails();
  paint();
});
tree.addEventListener('keydown', (event) => {
  const at = state.rowNode.findIndex((node, index) => node === state.selected && state.rowKind[index] === 0);
  const move = { ArrowDown: 1, ArrowUp: -1 }[event.key];
  if (move) {
    const next = Math.min(state.rowNode.length - 1, Math.max(0, at + move));
    select(state.rowNode[next], true);
  } else if ((event.key === 'ArrowRight' || event.key === 'ArrowLeft') && state.selected >= 0) {
    state.expanded[state.selected] = event.key === 'ArrowRight' ? 1 : 0;
    rebuild();
  } else return;
  event.preventDefault();
});
$('search-form').addEventListener('submit', (event) => { event.preventDefault(); search(true); });
let typing;
$('search').addEventListener('input', () => { clearTimeout(typing); typing = setTimeout(() => search(true), 200); });
$('previous').addEventListener('click', () => step(-1));
$('next').addEventListener('click', () => step(1));
$('depth-form').addEventListener('submit', (event) => {
  event.preventDefault();
  expandToDepth(Math.max(0, Number($('depth').value) || 0));
});
$('collapse').addEventListener('click', () => expandToDepth(0));

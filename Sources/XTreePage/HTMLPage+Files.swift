// Written by Scripts/page.py from the files in Sources/XTreePage/Page/: edit those, then run
// `python3 Scripts/page.py`. CI fails when this file is not what they make.

extension HTMLPage {
    /// The page up to the snapshot's data block, from `Page/page.html` and the files it names.
    static let headPieces: [Piece] = [
        .text(
            #"""
            <!DOCTYPE html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <meta http-equiv="Content-Security-Policy" content="
            """#
        ),
        .policy,
        .text(
            #"""
            ">
            <meta name="referrer" content="no-referrer">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <meta name="color-scheme" content="light dark">
            <title>XTree</title>
            <style nonce="
            """#
        ),
        .nonce,
        .text(
            #"""
            ">/* The page's style: light and dark, rows of a fixed height for the virtual list. */
            :root {
              --bg: #fbfbfa; --fg: #1d1d1f; --muted: #6e6e73; --line: #e2e2e0; --panel: #ffffff;
              --accent: #0a66c2; --select: #dbe8fb; --path: #fff1c2; --match: #c9f0d3; --rejected: #f6d5d3;
              --wrong: #ececec; --type: #7a3e9d; --id: #8a8a8e; --attr: #2f6f4f; --warn: #b3261e;
              font: 14px/1.45 -apple-system, BlinkMacSystemFont, "Segoe UI", system-ui, sans-serif;
              color-scheme: light dark;
            }
            @media (prefers-color-scheme: dark) {
              :root {
                --bg: #1c1c1e; --fg: #e8e8ed; --muted: #9a9aa0; --line: #38383c; --panel: #242427;
                --accent: #6cb4ff; --select: #203a5c; --path: #4a3f12; --match: #1f4a2c; --rejected: #4f2422;
                --wrong: #2f2f33; --type: #d5a6f2; --id: #8e8e93; --attr: #8fd3ae; --warn: #ff8a80;
              }
            }
            * { box-sizing: border-box; }
            body { margin: 0; background: var(--bg); color: var(--fg); display: flex; flex-direction: column;
              height: 100vh; }
            header { display: flex; align-items: baseline; gap: 1em; padding: 10px 16px 6px; }
            h1 { font-size: 18px; margin: 0; letter-spacing: .02em; }
            h2 { font-size: 14px; margin: 0 0 6px; }
            #source { font-weight: 600; }
            #legend { margin-left: auto; display: flex; gap: 6px; font-size: 12px; color: var(--muted); }
            .swatch { padding: 0 6px; border-radius: 4px; }
            .swatch.path { background: var(--path); }
            .swatch.match { background: var(--match); }
            .swatch.rejected { background: var(--rejected); }
            .swatch.wrong { background: var(--wrong); }
            #counts, #status, output, .hint { color: var(--muted); }
            nav, #link-form { display: flex; flex-wrap: wrap; gap: 8px 20px; padding: 4px 16px; align-items: center; }
            form { display: flex; gap: 6px; align-items: center; margin: 0; }
            input, button { font: inherit; color: inherit; background: var(--panel); border: 1px solid var(--line);
              border-radius: 6px; padding: 3px 8px; }
            button { cursor: pointer; }
            button:hover { border-color: var(--accent); }
            #search { width: 26em; }
            #link { width: 30em; font-family: ui-monospace, SFMono-Regular, Menlo, monospace; font-size: 13px; }
            #depth { width: 4em; }
            .error { color: var(--warn); }
            main { flex: 1; display: flex; min-height: 0; border-top: 1px solid var(--line); }
            #tree { flex: 1; overflow: auto; position: relative; outline: none;
              font: 13px/22px ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; }
            #rows { position: relative; }
            .row { position: absolute; left: 0; right: 0; height: 22px; white-space: pre; padding-right: 12px;
              cursor: default; }
            .row:hover { background: color-mix(in srgb, var(--select) 45%, transparent); }
            .row.path { background: var(--path); }
            .row.match, .row.trace-matched { background: var(--match); }
            .row.trace-rejected { background: var(--rejected); }
            .row.trace-wrong { background: var(--wrong); }
            .row.selected { background: var(--select); box-shadow: inset 3px 0 var(--accent); }
            .toggle { display: inline-block; width: 1.4em; text-align: center; color: var(--muted); cursor: pointer; }
            .order { color: var(--muted); }
            .type { color: var(--type); font-weight: 600; }
            .id { color: var(--id); }
            .attrs { color: var(--attr); }
            .count { color: var(--muted); font-size: 11px; border: 1px solid var(--line); border-radius: 9px;
              padding: 0 6px; margin-left: 6px; }
            .link-row { color: var(--muted); font-style: italic; }
            .verdict { color: var(--muted); font-size: 11px; margin-left: 6px; }
            aside { width: 34%; min-width: 260px; overflow: auto; padding: 12px 16px; border-left: 1px solid var(--line);
              background: var(--panel); }
            aside h2 { font-size: 15px; word-break: break-all; }
            dl { display: grid; grid-template-columns: max-content 1fr; gap: 3px 12px; margin: 0; }
            dt { color: var(--muted); }
            dd { margin: 0; word-break: break-all; font-family: ui-monospace, SFMono-Regular, Menlo, monospace;
              font-size: 12.5px; }
            #journal { max-height: 28vh; overflow: auto; padding: 8px 16px; border-top: 1px solid var(--line); }
            #journal ol { margin: 0; padding-left: 0; list-style: none;
              font: 12.5px/1.6 ui-monospace, SFMono-Regular, Menlo, monospace; }
            #journal li { white-space: pre-wrap; }
            #journal li.journal-failed { color: var(--warn); }
            #journal li.journal-unchanged { color: var(--type); font-style: italic; }</style>
            </head>
            <body>
            <header>
              <h1>XTree</h1>
              <span id="source"></span>
              <span id="counts"></span>
              <span id="status" role="status"></span>
              <span id="legend" aria-hidden="true"><span class="swatch path">path</span><span class="swatch match">match</span><span class="swatch rejected">rejected</span><span class="swatch wrong">wrong type</span></span>
            </header>
            <nav id="toolbar">
              <form id="search-form" autocomplete="off">
                <input id="search" type="search" spellcheck="false" aria-label="Search"
                  placeholder="Type name, key=value, key!=value, key~text">
                <button type="button" id="previous" title="Previous match">&#8593;</button>
                <button type="button" id="next" title="Next match">&#8595;</button>
                <output id="search-result"></output>
              </form>
              <form id="depth-form">
                <label>Expand to depth <input id="depth" type="number" min="0" value="2"></label>
                <button type="submit">Expand</button>
                <button type="button" id="collapse">Collapse all</button>
              </form>
            </nav>
            <form id="link-form" autocomplete="off">
              <input id="link" spellcheck="false" aria-label="Deep link">
              <button type="submit" id="open">Open</button>
              <output id="link-result"></output>
            </form>
            <main>
              <div id="tree" role="tree" tabindex="0" aria-label="Tree"><div id="rows"></div></div>
              <aside id="details" aria-live="polite"><p class="hint">Select a node to see it here.</p></aside>
            </main>
            <section id="journal" hidden>
              <h2>Journal</h2>
              <ol id="journal-list" reversed></ol>
            </section>
            <script type="application/json" id="xtree-settings">
            """#
        ),
        .settings,
        .text(
            #"""
            </script>
            <script type="application/json" id="xtree-snapshot">

            """#
        ),
    ]

    /// The page after the snapshot's data block.
    static let tailPieces: [Piece] = [
        .text(
            #"""
            </script>
            <script nonce="
            """#
        ),
        .nonce,
        .text(
            #"""
            ">'use strict';
            // Text from the tree as the page shows it, and Swift's string semantics for the search.

            const ROW = 22;
            const $ = (id) => document.getElementById(id);
            const settings = JSON.parse($('xtree-settings').textContent);
            const unsafe = /[\u0000-\u001f\u007f-\u009f\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/gu;
            // Text from the tree, with controls and bidirectional formatting shown, never obeyed.
            const visible = (text) => String(text).replace(unsafe, (c) => '\\u{' + c.codePointAt(0).toString(16) + '}');
            const element = (tag, className, text) => {
              const made = document.createElement(tag);
              if (className) made.className = className;
              if (text !== undefined) made.textContent = visible(text);
              return made;
            };
            const kinds = { child: 0, cycle: 1, shared: 2 };

            // Swift's string semantics, for the search: characters are grapheme clusters, equal
            // when canonically equivalent.
            const segmenter = new Intl.Segmenter(undefined, { granularity: 'grapheme' });
            const ascii = /^[\u0020-\u007e]*$/;
            const characters = (text) => Array.from(segmenter.segment(text), (part) => part.segment.normalize('NFC'));
            const same = (a, b) => a === b || (!(ascii.test(a) && ascii.test(b)) && a.normalize('NFC') === b.normalize('NFC'));
            // As Swift's `contains`: the empty text is in no text.
            const contains = (text, part) => {
              if (part === '') return false;
              if (ascii.test(text) && ascii.test(part)) return text.includes(part);
              const whole = characters(text), wanted = characters(part);
              for (let start = 0; start + wanted.length <= whole.length; start++) {
                let index = 0;
                while (index < wanted.length && whole[start + index] === wanted[index]) index++;
                if (index === wanted.length) return true;
              }
              return false;
            };
            // Swift's `split(separator:)` on characters, omitting empty pieces.
            const pieces = (text, separator) => {
              const found = [];
              let current = '';
              for (const character of characters(text)) {
                if (character === separator) {
                  if (current) found.push(current);
                  current = '';
                } else current += character;
              }
              if (current) found.push(current);
              return found;
            };</script>
            <script nonce="
            """#
        ),
        .nonce,
        .text(
            #"""
            ">'use strict';
            // The search grammar: names and conditions as `find --where` reads them (the same table of
            // cases holds this and the Swift parser together: Tests/Fixtures/where-grammar.json).

            // Whether a node whose type (or conformance) is `qualified` answers to `name`, as
            // `typeName(_:matches:)` decides.
            const typeNameMatches = (name, qualified) => {
              if (same(name, qualified)) return true;
              const base = pieces(qualified, '<')[0] ?? qualified;
              if (same(name, base)) return true;
              // A dotted name without the module, such as `Route.status`, names a whole-part suffix.
              if (characters(name).includes('.')) {
                const all = characters(base);
                return all.some((c, i) => c === '.' && same(all.slice(i + 1).join(''), name));
              }
              const last = (text) => { const all = pieces(text, '.'); return all.length ? all[all.length - 1] : undefined; };
              const baseLast = last(base) ?? base, qualifiedLast = last(qualified);
              return same(name, baseLast) || (qualifiedLast !== undefined && same(name, qualifiedLast));
            };
            const isKey = (c) => /^[A-Za-z0-9_.\-]$/.test(c);
            // `KEY=VALUE`, `KEY!=VALUE` or `KEY~TEXT`, as `NodeCondition(_:)` reads it, or null.
            const parseCondition = (text) => {
              const scalars = Array.from(text);
              let end = 0;
              while (end < scalars.length && isKey(scalars[end])) end++;
              if (end === scalars.length || end === 0) return null;
              const rest = characters(scalars.slice(end).join(''));
              let comparison = null, length = 0;
              if (rest[0] === '!' && rest[1] === '=') { comparison = '!='; length = 2; }
              else if (rest[0] === '=') { comparison = '='; length = 1; }
              else if (rest[0] === '~') { comparison = '~'; length = 1; }
              if (!comparison) return null;
              const value = rest.slice(length);
              if (value[0] === '=') return null;
              return { key: scalars.slice(0, end).join(''), comparison, value: value.join('') };
            };
            const attribute = (node, key) => {
              if (key === 'label') return node.label;
              for (const pair of node.attributes) if (same(pair.key, key)) return pair.value;
              return undefined;
            };
            const meets = (node, condition) => {
              const actual = attribute(node, condition.key);
              switch (condition.comparison) {
                case '=': return actual !== undefined && same(actual, condition.value);
                case '!=': return actual === undefined || !same(actual, condition.value);
                default: return actual !== undefined && contains(actual, condition.value);
              }
            };
            const answers = (node, name) => {
              const names = node.names ?? [];
              return names.length ? names.some((one) => typeNameMatches(name, one)) : typeNameMatches(name, node.type);
            };
            // Breadth-first numbers of the nodes that answer to `name` (any, if null) and meet
            // every condition.
            const matching = (nodes, name, conditions) => {
              const found = [];
              for (let index = 0; index < nodes.length; index++) {
                const node = nodes[index];
                if (name !== null && !answers(node, name)) continue;
                if (conditions.every((condition) => meets(node, condition))) found.push(index);
              }
              return found;
            };
            // The search field: words, `"…"` keeping spaces; a word with `=`, `!=` or `~` after
            // its key is a condition, any other a name.
            const parseQuery = (text) => {
              const words = [];
              let current = null, quoted = false;
              for (const c of text) {
                if (c === '"') { quoted = !quoted; current = current ?? ''; }
                else if (!quoted && /\s/.test(c)) { if (current !== null) words.push(current); current = null; }
                else current = (current ?? '') + c;
              }
              if (current !== null) words.push(current);
              let name = null;
              const conditions = [];
              for (const word of words) {
                if (/^[A-Za-z0-9_.\-]*(!=|=|~)/.test(word)) {
                  const condition = parseCondition(word);
                  if (!condition) {
                    return { error: `'${word}' is not KEY=VALUE, KEY!=VALUE or KEY~TEXT (KEY: letters, digits, _ . -)` };
                  }
                  conditions.push(condition);
                } else if (name !== null) {
                  return { error: `one name at a time: '${name}' or '${word}'` };
                } else name = word;
              }
              return { name, conditions };
            };</script>
            <script nonce="
            """#
        ),
        .nonce,
        .text(
            #"""
            ">'use strict';
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
            $('collapse').addEventListener('click', () => expandToDepth(0));</script>
            <script nonce="
            """#
        ),
        .nonce,
        .text(
            #"""
            ">'use strict';
            // The app's journal, when it keeps one.

            const refreshJournal = async () => {
              if (!settings.journal) return;
              const answer = await api('/api/journal');
              const list = $('journal-list');
              list.replaceChildren(...answer.events.slice(-200).reverse().map((event) =>
                element('li', event.flag === 'failed' ? 'journal-failed' : event.flag === 'unchanged' ? 'journal-unchanged' : '',
                  event.summary)));
              $('journal').hidden = false;
            };

            // After changes: once a second at most, as the journal's answer holds the tree it starts from.
            let journalTimer = null;
            const scheduleJournal = () => {
              if (!settings.journal || journalTimer) return;
              journalTimer = setTimeout(() => {
                journalTimer = null;
                refreshJournal().catch((error) => status(error.message, true));
              }, 1000);
            };</script>
            <script nonce="
            """#
        ),
        .nonce,
        .text(
            #"""
            ">'use strict';
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
            });</script>
            <script nonce="
            """#
        ),
        .nonce,
        .text(
            #"""
            ">'use strict';
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
            }</script>
            </body>
            </html>

            """#
        ),
    ]
}

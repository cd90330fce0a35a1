'use strict';
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
};

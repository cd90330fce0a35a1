'use strict';
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
};

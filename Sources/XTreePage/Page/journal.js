'use strict';
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
};

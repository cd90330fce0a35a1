'use strict';
// The app's journal, when it keeps one.

const refreshJournal = async () => {
  if (!settings.journal) return;
  const answer = await api('/api/journal');
  const list = $('journal-list');
  list.replaceChildren(...answer.events.slice(-200).reverse().map((event) => element('li', '', event.summary)));
  $('journal').hidden = false;
};

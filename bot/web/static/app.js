// The table page: the server's pictures with a real button over every tappable box in them.
//
// No rule and no geometry lives here: the server sends, for its viewer, what to show (the
// state), the pictures' pixel boxes ("spots"), the legal places of a chosen subject, and every
// word in the reader's language. The page shows them, sends the move the reader taps, and
// shows the server's answer. Every fetch carries the token as a bearer header; there are no
// cookies. Text from the server is only ever set as text (never as HTML).

const TIMESTAMP = /<t:(-?\d+)(?::([tTdDfFR]))?>/;
const MARKUP = /(\*\*[^*]+?\*\*|<t:-?\d+(?::[tTdDfFR])?>)/;
const FIRST_RETRY_MS = 1000;
const LAST_RETRY_MS = 10000;
// Before the first state arrives the page knows no language: these few words about the
// connection are all it says on its own.
const FALLBACK = {
  connecting: 'Connecting…',
  reconnecting: 'Reconnecting…',
  offline: 'The connection was lost.',
  no_link: 'Open this page from a table link.',
};

const page = {
  tableId: null,
  token: null,
  state: null,
  socket: null,
  retryMs: FIRST_RETRY_MS,
  retryTimer: null,
  closedForGood: false,
  choice: null, // {subject, places, turn, opener}
  busy: false,
  lastLog: null,
  wasOnTurn: false,
};

const $ = (id) => document.getElementById(id);

function word(key) {
  const words = page.state && page.state.words;
  if (words && typeof words[key] === 'string') return words[key];
  return FALLBACK[key] || '';
}

// ----- text: **bold** and Discord timestamps, everything else as plain text -----

function richText(text) {
  const fragment = document.createDocumentFragment();
  for (const part of String(text).split(MARKUP)) {
    if (!part) continue;
    if (part.startsWith('**') && part.endsWith('**') && part.length > 4) {
      const strong = document.createElement('strong');
      strong.textContent = part.slice(2, -2);
      fragment.append(strong);
      continue;
    }
    const stamp = part.match(TIMESTAMP);
    if (stamp && stamp[0] === part) {
      fragment.append(timeElement(Number(stamp[1]), stamp[2] || 'f'));
      continue;
    }
    fragment.append(document.createTextNode(part));
  }
  return fragment;
}

function timeElement(unix, style) {
  const time = document.createElement('time');
  const date = new Date(unix * 1000);
  time.dateTime = date.toISOString();
  time.dataset.unix = String(unix);
  time.dataset.style = style;
  time.title = new Intl.DateTimeFormat(language(), { dateStyle: 'medium', timeStyle: 'short' })
    .format(date);
  paintTime(time);
  return time;
}

function language() {
  return (page.state && page.state.language) || document.documentElement.lang || 'en';
}

const DATE_STYLES = {
  t: { timeStyle: 'short' },
  T: { timeStyle: 'medium' },
  d: { dateStyle: 'short' },
  D: { dateStyle: 'long' },
  f: { dateStyle: 'long', timeStyle: 'short' },
  F: { dateStyle: 'full', timeStyle: 'short' },
};

// A relative time counts down in seconds over its last two minutes, so a turn's clock is
// seen running out; further away it speaks in minutes, hours or days, as Discord does.
function paintTime(time) {
  const unix = Number(time.dataset.unix);
  const style = time.dataset.style;
  const lang = language();
  if (style !== 'R') {
    time.textContent = new Intl.DateTimeFormat(lang, DATE_STYLES[style]).format(unix * 1000);
    return;
  }
  const seconds = Math.round(unix - Date.now() / 1000);
  const size = Math.abs(seconds);
  const format = new Intl.RelativeTimeFormat(lang, { numeric: 'auto' });
  let text;
  if (size < 120) text = format.format(seconds, 'second');
  else if (size < 7200) text = format.format(Math.round(seconds / 60), 'minute');
  else if (size < 172800) text = format.format(Math.round(seconds / 3600), 'hour');
  else text = format.format(Math.round(seconds / 86400), 'day');
  if (time.textContent !== text) time.textContent = text;
  time.classList.toggle('urgent', seconds >= 0 && seconds < 30);
}

// The turn's time left, beside the seat whose turn it is, in the server's words.
function paintClock(clock) {
  const left = Math.ceil(Number(clock.dataset.deadline) - Date.now() / 1000);
  let text;
  if (left <= 0) text = word('time_up');
  else if (left < 120) text = word('seconds_left').replace('{seconds}', String(left));
  else text = word('minutes_left').replace('{minutes}', String(Math.ceil(left / 60)));
  if (clock.textContent !== text) clock.textContent = text;
  clock.classList.toggle('urgent', left < 30);
}

setInterval(() => {
  for (const time of document.querySelectorAll('time[data-unix]')) paintTime(time);
  const clock = $('clock');
  if (clock) paintClock(clock);
}, 1000);

// ----- talking to the server -----

async function api(path, options = {}) {
  const headers = { Authorization: `Bearer ${page.token}` };
  if (options.body) headers['Content-Type'] = 'application/json';
  let response;
  try {
    response = await fetch(path, { ...options, headers, cache: 'no-store' });
  } catch {
    return { ok: false, status: 0, body: { error: word('offline') } };
  }
  let body = {};
  try {
    body = await response.json();
  } catch {
    body = {};
  }
  if (!response.ok && !body.error) body.error = `${response.status} ${response.statusText}`;
  return { ok: response.ok, status: response.status, body };
}

// Pictures need the bearer header too, so they come as blobs shown through object URLs.
async function showPicture(img, url, alt) {
  img.alt = alt || '';
  if (img.dataset.url === url) return;
  img.dataset.url = url;
  let blob;
  try {
    const response = await fetch(url, {
      headers: { Authorization: `Bearer ${page.token}` },
      // Never kept in the browser's cache: a hand picture's address names no user, and two
      // people may share one browser.
      cache: 'no-store',
    });
    if (!response.ok) throw new Error(String(response.status));
    blob = await response.blob();
  } catch {
    // Asked again with the next state (the address is forgotten, so it is not skipped).
    if (img.dataset.url === url) delete img.dataset.url;
    return;
  }
  if (img.dataset.url !== url) return; // a newer picture was asked for meanwhile
  const previous = img.dataset.objectUrl;
  const objectUrl = URL.createObjectURL(blob);
  img.dataset.objectUrl = objectUrl;
  img.src = objectUrl;
  img.closest('.picture').dataset.loaded = url;
  if (previous) URL.revokeObjectURL(previous);
}

// ----- the live connection -----

function socketUrl() {
  const scheme = location.protocol === 'https:' ? 'wss:' : 'ws:';
  return `${scheme}//${location.host}/api/tables/${page.tableId}/socket`;
}

function setConnection(connection) {
  $('app').dataset.connection = connection;
  const text = {
    open: page.busy ? word('playing') : word('connected'),
    connecting: word('connecting'),
    reconnecting: word('reconnecting'),
    closed: '',
  };
  $('status').textContent = text[connection] || '';
}

function connect() {
  page.retryTimer = null;
  setConnection(page.state ? 'reconnecting' : 'connecting');
  const socket = new WebSocket(socketUrl());
  page.socket = socket;
  let refusal = null;
  socket.addEventListener('open', () => {
    // Who is asking; the server answers with the table as it is now, every time.
    socket.send(JSON.stringify({ token: page.token }));
  });
  socket.addEventListener('message', (event) => {
    let message;
    try {
      message = JSON.parse(event.data);
    } catch {
      return;
    }
    if (message.type === 'state' && message.state) {
      page.retryMs = FIRST_RETRY_MS;
      setConnection('open');
      show(message.state);
    } else if (message.type === 'error') {
      refusal = message.error;
    }
  });
  socket.addEventListener('close', (event) => {
    if (page.socket !== socket) return;
    page.socket = null;
    if (event.code >= 4400 && event.code < 4500) {
      page.closedForGood = true;
      setConnection('closed');
      showNotice(refusal || word('offline'));
      return;
    }
    setConnection('reconnecting');
    page.retryTimer = setTimeout(connect, page.retryMs);
    page.retryMs = Math.min(page.retryMs * 2, LAST_RETRY_MS);
  });
}

async function refresh() {
  const answer = await api(`/api/tables/${page.tableId}`);
  if (answer.ok) show(answer.body);
  return answer;
}

// ----- showing a state -----

function show(state, { force = false } = {}) {
  const current = page.state;
  if (current && state.version < current.version) return;
  if (current && state.version === current.version && !force) return;
  const focus = rememberFocus();
  page.state = state;
  if (page.choice && (page.choice.turn !== state.turn || !(state.you && state.you.on_turn))) {
    page.choice = null;
  }
  const app = $('app');
  document.documentElement.lang = state.language || 'en';
  document.title = state.title;
  app.dataset.version = String(state.version);
  app.dataset.turn = String(state.turn);
  app.dataset.status = state.status;
  app.dataset.onTurn = String(Boolean(state.you && state.you.on_turn));
  $('notice').hidden = true;
  $('table-view').hidden = false;
  $('title').textContent = state.title;
  setConnection(app.dataset.connection); // its words, now in the reader's language
  renderLines(state.lines || []);
  renderSeats(state.seats || []);
  renderBoard(state);
  renderHand(state);
  renderActions(state);
  renderPlaces();
  renderLog(state.log || []);
  announceChanges(state);
  restoreFocus(focus);
}

function renderLines(lines) {
  const box = $('lines');
  box.replaceChildren(
    ...lines.map((line) => {
      const p = document.createElement('p');
      p.append(richText(line));
      return p;
    }),
  );
}

function renderSeats(seats) {
  $('seats-heading').textContent = word('seats');
  $('seats').replaceChildren(
    ...seats.map((seat, index) => {
      const item = document.createElement('li');
      item.dataset.seat = String(index);
      item.dataset.onTurn = String(Boolean(seat.on_turn));
      if (seat.on_turn) item.setAttribute('aria-current', 'true');
      if (seat.you) item.classList.add('you');
      const turn = document.createElement('span');
      turn.className = 'turn-mark';
      turn.setAttribute('aria-hidden', 'true');
      turn.textContent = seat.on_turn ? '▶' : '';
      const name = document.createElement('span');
      name.className = 'name';
      name.textContent = seat.computer ? `🤖 ${seat.name}` : seat.name;
      const marks = [];
      if (seat.you && word('you')) marks.push(word('you'));
      const note = document.createElement('span');
      note.className = 'marks';
      note.textContent = marks.length ? ` (${marks.join(', ')})` : '';
      const score = document.createElement('span');
      score.className = 'score';
      score.textContent = seat.score === null || seat.score === undefined ? '' : String(seat.score);
      item.append(turn, name, note, score);
      if (seat.on_turn && page.state.deadline && page.state.status === 'playing') {
        const clock = document.createElement('span');
        clock.id = 'clock';
        clock.className = 'clock';
        clock.dataset.deadline = String(Date.parse(page.state.deadline) / 1000);
        paintClock(clock);
        name.after(clock);
      }
      return item;
    }),
  );
}

// Places a button over each spot: positions in percent of the picture's own size, so they
// follow the picture at whatever width it is shown; a small spot still gets a button big
// enough for a finger, centred on it.
function layoutSpots(container, picture, makeButton) {
  const box = container.querySelector('.spots');
  container.style.aspectRatio = `${picture.width} / ${picture.height}`;
  // Never wider than drawn, nor taller than most of the window (a board stays whole).
  container.style.maxWidth = `min(${picture.width}px, ${(85 * picture.width) / picture.height}vh)`;
  const buttons = [];
  for (const spot of picture.spots || []) {
    const button = makeButton(spot);
    if (!button) continue;
    const [x, y, w, h] = spot.box;
    button.classList.add('spot');
    button.dataset.key = spot.key;
    button.style.left = `${((x + w / 2) / picture.width) * 100}%`;
    button.style.top = `${((y + h / 2) / picture.height) * 100}%`;
    button.style.width = `${(w / picture.width) * 100}%`;
    button.style.height = `${(h / picture.height) * 100}%`;
    buttons.push(button);
  }
  box.replaceChildren(...buttons);
}

function subjectsByKey(state) {
  const map = new Map();
  for (const subject of (state.you && state.you.subjects) || []) map.set(subject.key, subject);
  return map;
}

function subjectButton(subject, state) {
  const button = document.createElement('button');
  button.type = 'button';
  const label = subject.note ? `${subject.label} (${subject.note})` : subject.label;
  button.setAttribute('aria-label', label);
  button.title = label;
  button.dataset.subject = subject.key;
  const playable = Boolean(subject.playable && state.you && state.you.on_turn);
  button.disabled = !playable || page.busy;
  button.classList.toggle('playable', playable);
  if (page.choice && page.choice.subject === subject.key) {
    button.classList.add('chosen');
    button.setAttribute('aria-pressed', 'true');
  }
  button.addEventListener('click', () => choose(subject.key, button));
  return button;
}

function renderBoard(state) {
  $('board-heading').textContent = word('table');
  const container = $('board-picture');
  const picture = state.picture;
  container.hidden = !picture;
  $('board').classList.toggle('empty', !picture); // a lobby: nothing laid, nothing drawn
  if (!picture) return;
  showPicture(container.querySelector('img'), picture.url, picture.alt);
  const subjects = subjectsByKey(state);
  layoutSpots(container, picture, (spot) => {
    const subject = subjects.get(spot.key);
    return subject ? subjectButton(subject, state) : null;
  });
}

function renderHand(state) {
  const hand = $('hand');
  const you = state.you;
  const watching = $('spectating');
  watching.textContent = word('spectating');
  watching.hidden = Boolean(you) || state.status !== 'playing';
  hand.hidden = !you;
  if (!you) return;
  $('hand-heading').textContent = word('your_hand');
  const prompt = $('prompt');
  const promptText = you.prompt || (you.on_turn ? word('choose') : '');
  prompt.replaceChildren(richText(promptText));
  prompt.hidden = !promptText;
  const pictureBox = $('hand-picture');
  const subjects = subjectsByKey(state);
  pictureBox.hidden = !you.hand;
  if (you.hand) {
    showPicture(pictureBox.querySelector('img'), you.hand.url, you.hand.alt || word('your_hand'));
    layoutSpots(pictureBox, you.hand, (spot) => {
      const subject = subjects.get(spot.key);
      return subject ? subjectButton(subject, state) : null;
    });
  }
  // A subject with no spot on a picture shown (a board game's pieces to place, or no
  // picture at all) is a button in a list.
  const spotted = new Set();
  for (const picture of [you.hand, state.picture]) {
    for (const spot of (picture && picture.spots) || []) spotted.add(spot.key);
  }
  const listed = you.subjects.filter((subject) => !spotted.has(subject.key));
  const list = $('subjects');
  list.hidden = listed.length === 0;
  hand.hidden = !you.hand && listed.length === 0 && !promptText; // a board game, off turn
  list.replaceChildren(
    ...listed.map((subject) => {
      const item = document.createElement('li');
      const button = subjectButton(subject, state);
      button.textContent = subject.label;
      if (subject.note) {
        const note = document.createElement('small');
        note.textContent = ` ${subject.note}`;
        button.append(note);
      }
      item.append(button);
      return item;
    }),
  );
}

function renderActions(state) {
  const actions = (state.you && state.you.actions) || [];
  $('actions').replaceChildren(
    ...actions.map((action) => {
      const button = document.createElement('button');
      button.type = 'button';
      button.textContent = action.label;
      button.setAttribute('aria-label', action.label);
      button.dataset.move = action.move;
      button.className = action.primary ? 'primary' : 'secondary';
      button.disabled = page.busy;
      button.addEventListener('click', () => play(action.move));
      return button;
    }),
  );
}

function renderLog(log) {
  $('log-heading').textContent = word('latest');
  $('log-panel').hidden = log.length === 0;
  $('log').replaceChildren(
    ...log.map((line) => {
      const item = document.createElement('li');
      item.append(richText(line));
      return item;
    }),
  );
  const list = $('log');
  list.scrollTop = list.scrollHeight;
}

function announce(text) {
  if (!text) return;
  const region = $('announce');
  region.textContent = '';
  // A fresh node each time, so the same words twice are announced twice.
  requestAnimationFrame(() => {
    region.textContent = text;
  });
}

function announceChanges(state) {
  const log = state.log || [];
  const last = log.length ? log[log.length - 1] : null;
  const onTurn = Boolean(state.you && state.you.on_turn);
  const parts = [];
  if (page.lastLog !== null && last && last !== page.lastLog) parts.push(plain(last));
  if (onTurn && !page.wasOnTurn) parts.push(word('your_turn'));
  page.lastLog = last || '';
  page.wasOnTurn = onTurn;
  announce(parts.filter(Boolean).join('. '));
}

function plain(text) {
  const holder = document.createElement('span');
  holder.append(richText(text));
  return holder.textContent;
}

// Re-rendering replaces the buttons; the one that had the focus gets it back.
function rememberFocus() {
  const active = document.activeElement;
  if (!active || active === document.body) return null;
  return {
    id: active.id,
    key: active.dataset.key,
    subject: active.dataset.subject,
    move: active.dataset.move,
    parent: active.closest('[id]') && active.closest('[id]').id,
  };
}

function restoreFocus(focus) {
  if (!focus || document.activeElement !== document.body) return;
  let target = null;
  if (focus.id) target = $(focus.id);
  else if (focus.parent) {
    const parent = $(focus.parent);
    const escape = (value) => CSS.escape(value);
    if (parent && focus.subject) target = parent.querySelector(`[data-subject="${escape(focus.subject)}"]`);
    else if (parent && focus.move) target = parent.querySelector(`[data-move="${escape(focus.move)}"]`);
    else if (parent && focus.key) target = parent.querySelector(`[data-key="${escape(focus.key)}"]`);
  }
  if (target && !target.disabled && !target.closest('[hidden]')) target.focus();
}

// ----- playing: a subject, then one of its places -----

async function choose(subject, opener) {
  if (page.busy || !page.state) return;
  clearError();
  const turn = page.state.turn;
  const answer = await api(
    `/api/tables/${page.tableId}/places?subject=${encodeURIComponent(subject)}`,
  );
  if (!answer.ok) {
    await refused(answer);
    return;
  }
  if (!page.state || page.state.turn !== turn) return; // the table moved on meanwhile
  page.choice = { subject, places: answer.body, turn, opener: opener && opener.dataset };
  renderPlaces();
  refreshSubjects();
  const first = $('targets').querySelector('button');
  (first || $('places-prompt')).focus();
}

function refreshSubjects() {
  if (!page.state) return;
  renderBoard(page.state);
  renderHand(page.state);
}

function renderPlaces() {
  const section = $('places');
  const board = $('board');
  const choice = page.choice;
  section.hidden = !choice;
  board.hidden = Boolean(choice && choice.places.picture);
  $('app').dataset.choosing = choice ? choice.subject : '';
  if (!choice) return;
  const places = choice.places;
  $('places-prompt').replaceChildren(richText(places.prompt || word('where')));
  const container = $('places-picture');
  const labels = new Map(places.targets.map((target) => [target.move, target.label]));
  container.hidden = !places.picture;
  if (places.picture) {
    showPicture(container.querySelector('img'), places.picture.url, places.picture.alt || places.prompt);
    layoutSpots(container, places.picture, (spot) => {
      const button = document.createElement('button');
      button.type = 'button';
      button.tabIndex = -1;
      const label = labels.get(spot.key) || spot.key;
      button.setAttribute('aria-label', label);
      button.title = label;
      button.classList.add('target');
      button.disabled = page.busy;
      button.addEventListener('click', () => play(spot.key));
      return button;
    });
  }
  $('targets').replaceChildren(
    ...places.targets.map((target) => {
      const item = document.createElement('li');
      const button = document.createElement('button');
      button.type = 'button';
      button.textContent = target.label;
      button.setAttribute('aria-label', target.label);
      button.dataset.move = target.move;
      button.disabled = page.busy;
      button.addEventListener('click', () => play(target.move));
      item.append(button);
      return item;
    }),
  );
  const cancel = $('cancel');
  cancel.textContent = word('cancel');
  cancel.setAttribute('aria-label', word('cancel'));
}

function cancelChoice() {
  if (!page.choice) return;
  const opener = page.choice.opener;
  page.choice = null;
  renderPlaces();
  refreshSubjects();
  if (opener && opener.subject) {
    const selector = `[data-subject="${CSS.escape(opener.subject)}"]`;
    const button = document.querySelector(`#hand ${selector}, #board ${selector}`);
    if (button && !button.disabled) button.focus();
  }
}

function setBusy(busy) {
  page.busy = busy;
  $('app').dataset.busy = String(busy);
  if ($('app').dataset.connection === 'open') setConnection('open');
  for (const button of document.querySelectorAll('#actions button, #targets button, .spot')) {
    if (busy) button.disabled = true;
  }
  if (!busy && page.state) {
    renderActions(page.state);
    renderPlaces();
    refreshSubjects();
  }
}

async function play(move) {
  if (page.busy || !page.state) return;
  clearError();
  setBusy(true);
  const answer = await api(`/api/tables/${page.tableId}/moves`, {
    method: 'POST',
    body: JSON.stringify({ move, turn: page.state.turn }),
  });
  if (answer.ok) {
    page.choice = null;
    setBusy(false);
    if (answer.body.state) show(answer.body.state);
    return;
  }
  setBusy(false);
  await refused(answer);
}

// A refusal is said in the server's words; one that says this page is behind (not your
// turn, stale) brings the page up to date, should its socket not have done so yet.
async function refused(answer) {
  showError(answer.body.error);
  if (answer.status === 409) {
    page.choice = null;
    renderPlaces();
    refreshSubjects();
  }
  if (answer.status === 409 || answer.status === 400) await refresh();
}

function showError(text) {
  $('error').textContent = text || '';
}

function clearError() {
  $('error').textContent = '';
}

function showNotice(text) {
  const notice = $('notice');
  notice.textContent = text || '';
  notice.hidden = !text;
}

// ----- starting: a link's token, or Discord's Activity sign-in -----

function tableIdFromPath() {
  const match = location.pathname.match(/\/tables\/(\d+)\/?$/);
  return match ? match[1] : null;
}

function tokenFromLink(tableId) {
  const key = `domino-tables:token:${tableId}`;
  const fragment = decodeURIComponent(location.hash.replace(/^#/, ''));
  if (fragment) {
    // The token leaves the address bar (and so the history and any shared screenshot);
    // this tab keeps it for a reload.
    history.replaceState(null, '', location.pathname + location.search);
    try {
      sessionStorage.setItem(key, fragment);
    } catch {
      // Storage refused (private mode): the token lives in memory only.
    }
    return fragment;
  }
  try {
    return sessionStorage.getItem(key);
  } catch {
    return null;
  }
}

function insideDiscord() {
  const query = new URLSearchParams(location.search);
  return query.has('frame_id') || query.has('instance_id');
}

async function startActivity() {
  setConnection('connecting');
  let session;
  try {
    const activity = await import('/static/build/activity.js');
    session = await activity.discordSession();
  } catch (error) {
    setConnection('closed');
    showNotice((error && error.message) || String(error));
    return;
  }
  page.token = session.token;
  const answer = await api(`/api/channels/${encodeURIComponent(session.channelId)}/table`);
  if (!answer.ok) {
    setConnection('closed');
    showNotice(answer.body.error);
    return;
  }
  page.tableId = String(answer.body.table_id);
  connect();
}

function startLink() {
  page.tableId = tableIdFromPath();
  page.token = page.tableId ? tokenFromLink(page.tableId) : null;
  if (!page.token) {
    setConnection('closed');
    showNotice(FALLBACK.no_link);
    return;
  }
  connect();
}

function start() {
  $('cancel').addEventListener('click', cancelChoice);
  document.addEventListener('keydown', (event) => {
    if (event.key === 'Escape' && page.choice) {
      event.preventDefault();
      cancelChoice();
    }
  });
  // A tab woken from sleep may hold a dead socket: try again at once rather than at the
  // end of the back-off.
  window.addEventListener('online', () => {
    if (page.retryTimer && !page.closedForGood) {
      clearTimeout(page.retryTimer);
      page.retryMs = FIRST_RETRY_MS;
      connect();
    }
  });
  // A link pasted into a tab already showing the page changes only the fragment: start
  // again from it.
  window.addEventListener('hashchange', () => location.reload());
  if (insideDiscord()) startActivity();
  else startLink();
}

start();

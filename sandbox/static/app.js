// The sandbox's web chat: plain JS, no build step. It talks to the JSON client API only:
// GET /sandbox/chats, POST /sandbox/messages (a reply names reply_to_message_id),
// POST /sandbox/forwards, POST /sandbox/documents and /sandbox/photos (the attach button),
// GET /sandbox/messages?since=..&wait=.., POST /sandbox/callbacks, GET /sandbox/callbacks/<id>,
// the inline-mode routes. Text is never inserted as HTML:
// messages arrive as plain text + Telegram entities and are built with DOM nodes.
"use strict";

const $ = (id) => document.getElementById(id);
const ACTIONS = {
  typing: "typing", upload_photo: "sending a photo", upload_document: "sending a file",
  upload_video: "sending a video", record_video: "recording a video", choose_sticker: "choosing a sticker",
};

// the sandbox takes user files up to what a bot may download with getFile
const MAX_FILE_BYTES = 20 * 1024 * 1024;

const state = {
  bot: null, users: [], groupId: null, chats: [], commands: [],
  user: null,       // the simulated user typing
  chat: null,       // {id, type, title}
  replyTo: null,    // the message the next one answers (the reply bar shows it)
  revision: 0,      // the client API's cursor: revision of the last change seen
  messages: new Map(), // message_id -> client API message
  generation: 0,    // bumped on chat switch; stale polls drop their results
  controller: null,
};

async function api(path, body) {
  const init = body === undefined ? {} : {
    method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body),
  };
  if (state.controller && body === undefined) init.signal = state.controller.signal;
  const response = await fetch(path, init);
  const data = await response.json().catch(() => ({}));
  if (!response.ok) throw new Error(data.error || `HTTP ${response.status}`);
  return data;
}

function toast(text, long) {
  const box = $("toast");
  box.textContent = text;
  box.hidden = false;
  clearTimeout(toast.timer);
  toast.timer = setTimeout(() => { box.hidden = true; }, long ? 6000 : 2500);
}

// ---- chats and users ---------------------------------------------------------------------

function privateChat() {
  return { id: state.user.id, type: "private", title: state.bot ? state.bot.first_name : "PuzzleBot" };
}

function groupChats() {
  const groups = state.chats.filter((c) => c.type !== "private");
  groups.sort((a, b) => (a.id === state.groupId ? -1 : b.id === state.groupId ? 1 : a.id - b.id));
  return groups;
}

function renderTabs() {
  const nav = $("chat-tabs");
  nav.replaceChildren();
  const chats = [privateChat(), ...groupChats()];
  for (const chat of chats) {
    const tab = document.createElement("button");
    tab.type = "button";
    tab.className = "tab";
    tab.dataset.testid = "chat-tab";
    tab.dataset.chatId = chat.id;
    tab.dataset.chatType = chat.type;
    tab.textContent = chat.type === "private" ? "Private chat" : chat.title;
    tab.setAttribute("aria-pressed", String(state.chat && state.chat.id === chat.id));
    tab.addEventListener("click", () => openChat(chat));
    nav.append(tab);
  }
}

function renderUsers() {
  const select = $("user-select");
  select.replaceChildren();
  for (const user of state.users) {
    const option = document.createElement("option");
    option.value = user.id;
    option.textContent = user.first_name;
    select.append(option);
  }
  select.value = state.user.id;
}

function openChat(chat) {
  state.chat = chat;
  state.generation += 1;
  if (state.controller) state.controller.abort();
  state.controller = new AbortController();
  state.revision = 0;
  state.messages.clear();
  $("messages").replaceChildren();
  closeMenu();
  setReply(null);
  $("reply-keyboard").hidden = true;
  $("chat-title").textContent = chat.type === "private" ? `${chat.title}` : chat.title;
  document.body.dataset.chatId = chat.id;
  document.body.dataset.chatType = chat.type;
  setStatus(null);
  renderTabs();
  const params = new URLSearchParams(location.search);
  params.set("chat", chat.type === "private" ? "private" : String(chat.id));
  params.set("user", String(state.user.id));
  history.replaceState(null, "", `?${params}`);
  poll(state.generation);
  $("composer").focus();
}

function setStatus(action) {
  const status = $("chat-status");
  if (action) {
    status.textContent = `${state.bot ? state.bot.first_name : "bot"} is ${ACTIONS[action] || action}...`;
    status.classList.add("busy");
  } else {
    const chat = state.chat;
    status.textContent = !chat ? "" : chat.type === "private"
      ? `bot, local sandbox - you are ${state.user.first_name}`
      : `group - ${(chat.members || []).length} members - you are ${state.user.first_name}`;
    status.classList.remove("busy");
  }
}

// ---- following a chat ------------------------------------------------------------------------

async function poll(generation) {
  let failures = 0;
  while (generation === state.generation) {
    try {
      const wait = state.revision === 0 ? 0 : 25;
      const page = await api(`/sandbox/messages?chat_id=${state.chat.id}&since=${state.revision}&wait=${wait}`);
      if (generation !== state.generation) return;
      failures = 0;
      for (const message of page.messages) apply(message);
      state.revision = page.revision;
      setStatus(page.action);
      document.body.dataset.revision = state.revision;
    } catch (error) {
      if (generation !== state.generation) return;
      failures += 1;
      $("chat-status").textContent = "sandbox unreachable, retrying...";
      await new Promise((resolve) => setTimeout(resolve, Math.min(5000, 500 * failures)));
    }
  }
}

function apply(message) {
  const list = $("messages");
  const old = list.querySelector(`[data-message-id="${message.message_id}"]`);
  if (message.deleted) {
    state.messages.delete(message.message_id);
    if (old) old.remove();
    return;
  }
  state.messages.set(message.message_id, message);
  const stick = list.scrollHeight - list.scrollTop - list.clientHeight < 80;
  const bubble = renderMessage(message);
  if (old) {
    old.replaceWith(bubble);
  } else {
    const next = [...list.children].find((el) => Number(el.dataset.messageId) > message.message_id);
    list.insertBefore(bubble, next || null);
  }
  updateReplyKeyboard();
  if (stick || !old) list.scrollTop = list.scrollHeight;
  const img = bubble.querySelector("img");
  if (img) img.addEventListener("load", () => { if (stick || !old) list.scrollTop = list.scrollHeight; });
}

function updateReplyKeyboard() {
  const box = $("reply-keyboard");
  const withKeyboard = [...state.messages.values()].filter((m) => m.reply_keyboard !== undefined);
  const last = withKeyboard[withKeyboard.length - 1];
  box.replaceChildren();
  if (!last || !last.reply_keyboard || last.reply_keyboard.length === 0) { box.hidden = true; return; }
  for (const row of last.reply_keyboard) {
    const line = document.createElement("div");
    line.className = "kb-row";
    for (const label of row) {
      const button = document.createElement("button");
      button.type = "button";
      button.className = "kb-button";
      button.textContent = label;
      button.addEventListener("click", () => send(label));
      line.append(button);
    }
    box.append(line);
  }
  box.hidden = false;
}

// ---- drawing one message -------------------------------------------------------------------

function renderMessage(m) {
  const mine = !m.from.is_bot;
  const bubble = document.createElement("article");
  bubble.className = `msg ${mine ? "user" : "bot"} sent-as-${m.sent_as}`;
  if (mine && m.from.id === state.user.id) bubble.classList.add("self");
  if (mine && (m.text || "").includes("\n")) bubble.classList.add("multiline"); // puzzle grids
  bubble.dataset.testid = "message";
  bubble.dataset.messageId = m.message_id;
  bubble.dataset.from = mine ? "user" : "bot";
  bubble.dataset.sentAs = m.sent_as;
  bubble.dataset.edited = String(m.edited);

  if (state.chat.type !== "private") {
    const sender = document.createElement("div");
    sender.className = "sender";
    sender.textContent = m.from.first_name;
    bubble.append(sender);
  }
  if (m.via_bot) {
    const via = document.createElement("div");
    via.className = "via";
    via.textContent = `via @${m.via_bot}`;
    bubble.append(via);
  }
  if (m.forward_from) {
    const forwarded = document.createElement("div");
    forwarded.className = "forwarded";
    forwarded.dataset.testid = "forwarded";
    forwarded.textContent = `Forwarded from ${m.forward_from}`;
    bubble.append(forwarded);
  }
  if (m.reply_to_message_id) {
    const quoted = state.messages.get(m.reply_to_message_id);
    const quote = document.createElement("div");
    quote.className = "quote";
    quote.dataset.testid = "quote";
    quote.textContent = quoted ? `${quoted.from.first_name}: ${summary(quoted)}`
      : `message ${m.reply_to_message_id}`;
    quote.addEventListener("click", () => {
      const target = $("messages").querySelector(`[data-message-id="${m.reply_to_message_id}"]`);
      if (target) target.scrollIntoView({ block: "center" });
    });
    bubble.append(quote);
  }
  if (m.sent_as === "photo" || m.sent_as === "animation") {
    const link = document.createElement("a");
    link.href = m.file_url;
    link.target = "_blank";
    link.rel = "noopener";
    link.className = "media";
    const img = document.createElement("img");
    img.src = m.file_url;
    img.alt = m.caption || m.sent_as;
    img.dataset.testid = m.sent_as === "photo" ? "message-photo" : "message-animation";
    if (m.width && m.height) { img.width = m.width; img.height = m.height; }
    link.append(img);
    if (m.has_spoiler) {  // blurred until clicked, as Telegram shows a media spoiler
      link.classList.add("spoiler");
      link.dataset.testid = "media-spoiler";
      link.addEventListener("click", (event) => {
        if (!link.classList.contains("spoiler")) return;
        event.preventDefault();
        link.classList.remove("spoiler");
        link.dataset.revealed = "true";
      });
    }
    bubble.append(link);
  } else if (m.sent_as === "document") {
    const link = document.createElement("a");
    link.href = m.file_url;
    link.download = m.file_name || "file";
    link.className = "document";
    link.dataset.testid = "message-document";
    const icon = document.createElement("span");
    icon.className = "doc-icon";
    icon.textContent = (m.file_name || "").split(".").pop().slice(0, 4).toUpperCase() || "FILE";
    const name = document.createElement("span");
    name.className = "doc-name";
    name.textContent = m.file_name || "file";
    const size = document.createElement("span");
    size.className = "doc-size";
    size.textContent = formatSize(m.file_size || 0);
    link.append(icon, name, size);
    bubble.append(link);
  }
  const body = m.sent_as === "text" ? m.text : m.caption;
  if (body) {
    const text = document.createElement("div");
    text.className = "text";
    text.dataset.testid = "message-text";
    text.append(renderEntities(body, m.entities || []));
    bubble.append(text);
  }
  if (m.reply_markup && m.reply_markup.inline_keyboard) {
    bubble.append(renderInlineKeyboard(m));
  }
  const meta = document.createElement("div");
  meta.className = "meta";
  const time = new Date(m.date * 1000);
  meta.textContent = `${m.edited && !m.edit_hidden ? "edited " : ""}${String(time.getHours()).padStart(2, "0")}:${String(time.getMinutes()).padStart(2, "0")}`;
  bubble.append(meta);
  bubble.addEventListener("click", (event) => {
    const selecting = String(window.getSelection()).length > 0; // copying text, not a tap
    const control = "a, button, [role=button]:not(.e-expandable_blockquote), .e-spoiler, .quote";
    if (!selecting && !event.defaultPrevented && !event.target.closest(control)) {
      openMenu(m, event);
    }
  });
  bubble.addEventListener("contextmenu", (event) => { event.preventDefault(); openMenu(m, event); });
  return bubble;
}

// a message in one line: its text's first line, or what it is
function summary(m) {
  return (m.text || m.caption || m.file_name || m.sent_as).split("\n")[0].slice(0, 80);
}

function formatSize(bytes) {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

// the width of an open quote's fold mark, at its right edge (style.css: its padding)
const FOLD_MARK = 24;

const ENTITY_TAGS = {
  bold: "b", italic: "i", underline: "u", strikethrough: "s", code: "code", pre: "pre",
  spoiler: "span", blockquote: "blockquote", expandable_blockquote: "blockquote",
  text_link: "a", url: "a", bot_command: "span", custom_emoji: "span",
};

// Telegram's offsets count UTF-16 code units, like JS strings, so slicing is direct.
function renderEntities(text, entities) {
  const sorted = entities
    .filter((e) => ENTITY_TAGS[e.type] && e.length > 0)
    .slice()
    .sort((a, b) => a.offset - b.offset || b.length - a.length);
  const fragment = document.createDocumentFragment();
  build(fragment, text, 0, text.length, sorted);
  return fragment;
}

function build(parent, text, start, end, entities) {
  let at = start;
  let i = 0;
  while (i < entities.length) {
    const e = entities[i];
    const stop = Math.min(e.offset + e.length, end);
    if (e.offset < at) { i += 1; continue; } // overlapping: Telegram's HTML never makes these
    if (e.offset > at) parent.append(text.slice(at, e.offset));
    const inner = [];
    let j = i + 1;
    while (j < entities.length && entities[j].offset < stop) { inner.push(entities[j]); j += 1; }
    const node = entityNode(e, text.slice(e.offset, stop));
    build(node, text, e.offset, stop, inner);
    if ((e.type === "pre" || e.type === "expandable_blockquote") && inner.length === 0) {
      splitLines(node);
    }
    parent.append(node);
    at = stop;
    i = j;
  }
  if (at < end) parent.append(text.slice(at, end));
}

// A report's lines (a pre, or a folded quote), each its own block: one too long for a
// phone wraps with its continuation indented, so every line still starts at the left edge.
function splitLines(pre) {
  const lines = pre.textContent.split("\n");
  if (lines[lines.length - 1] === "") lines.pop();
  pre.replaceChildren(...lines.map((line) => {
    const span = document.createElement("span");
    span.className = "line";
    if (line) span.textContent = line;
    else span.append(document.createElement("br")); // a blank line, kept when copied
    return span;
  }));
}

function safeUrl(url) {
  try {
    const parsed = new URL(url, location.href);
    return ["http:", "https:", "mailto:", "tg:"].includes(parsed.protocol) ? parsed.href : null;
  } catch (error) {
    return null;
  }
}

function entityNode(entity, text) {
  const node = document.createElement(ENTITY_TAGS[entity.type]);
  node.className = `e-${entity.type}`;
  if (entity.type === "text_link" || entity.type === "url") {
    linkTo(node, entity.type === "url" ? withScheme(text) : entity.url);
  } else if (entity.type === "bot_command") {
    node.tabIndex = 0;
    node.setAttribute("role", "button");
    node.title = "send this command";
    node.addEventListener("click", () => send(text));
  } else if (entity.type === "spoiler") {
    node.addEventListener("click", () => node.classList.add("revealed"));
  } else if (entity.type === "pre" && entity.language) {
    node.dataset.language = entity.language;
  } else if (entity.type === "expandable_blockquote") {
    foldable(node);
  }
  return node;
}

// Telegram's expandable quote: folded to its first lines until tapped; once open, a tap on
// its fold mark (the arrow in its corner) folds it and a tap elsewhere is a tap on the
// message (its menu opens), so a message that is mostly a quote can still be replied to
function foldable(node) {
  node.dataset.testid = "expandable-quote";
  node.tabIndex = 0;
  node.setAttribute("role", "button");
  const fold = (open) => {
    node.setAttribute("aria-expanded", String(open));
    node.title = open ? "tap the arrow to fold it" : "tap to show all of it";
  };
  fold(false);
  const isOpen = () => node.getAttribute("aria-expanded") === "true";
  node.addEventListener("click", (event) => {
    const onMark = event.clientX >= node.getBoundingClientRect().right - FOLD_MARK;
    if (isOpen() && !onMark) return;  // the message's own tap: its menu
    event.preventDefault();  // handled here: the message's menu stays shut
    fold(!isOpen());
  });
  node.addEventListener("keydown", (event) => {
    if (event.key === "Enter" || event.key === " ") { event.preventDefault(); fold(!isOpen()); }
  });
}

// a link as Telegram opens it: a t.me link to this bot opens its chat (deepLink), any
// other safe link a new tab
function linkTo(node, url) {
  const href = safeUrl(url);
  if (!href) return;
  node.href = href;
  node.target = "_blank";
  node.rel = "noopener noreferrer";
  const start = deepLink(href);
  if (start) {
    node.dataset.start = start.payload;
    node.addEventListener("click", (event) => { event.preventDefault(); openDeepLink(start); });
  }
}

// a link Telegram found without its scheme (t.me/...) is an https one
function withScheme(url) {
  return /^[a-z][a-z0-9+.-]*:/i.test(url) ? url : `https://${url}`;
}

// a t.me link to this bot: `?start=X` (a private chat with it, which sends /start X) or
// `?startgroup=X` (add it to a group: the sandbox's group gets /start X); null otherwise
function deepLink(url) {
  if (!state.bot || !state.bot.username) return null;
  try {
    const parsed = new URL(url);
    if (parsed.host !== "t.me" || parsed.pathname.slice(1).toLowerCase()
        !== state.bot.username.toLowerCase()) return null;
    for (const key of ["start", "startgroup"]) {
      const payload = parsed.searchParams.get(key);
      if (payload !== null) return { group: key === "startgroup", payload };
    }
  } catch (error) {
    return null;
  }
  return null;
}

// what Telegram does with such a link: open the chat and send /start PAYLOAD from the user
function openDeepLink(start) {
  const chat = start.group ? groupChats()[0] : privateChat();
  if (!chat) { toast("There is no group in the sandbox to add the bot to."); return; }
  if (!state.chat || state.chat.id !== chat.id) openChat(chat);
  const command = start.group ? `/start@${state.bot.username}` : "/start";
  send(start.payload ? `${command} ${start.payload}` : command);
}

// the command menu of this chat for this person, by setMyCommands' scopes: private chats,
// group members, group admins (in the sandbox, a group's first member, its creator)
function commandsHere() {
  const scopes = state.commandScopes;
  if (!scopes || !state.chat) return state.commands;
  if (state.chat.type === "private") return scopes.private;
  const members = state.chat.members || [];
  const admin = members.length && members[0].id === state.user.id;
  return admin ? scopes.admin : scopes.group;
}

function renderInlineKeyboard(m) {
  const keyboard = document.createElement("div");
  keyboard.className = "keyboard";
  keyboard.dataset.testid = "inline-keyboard";
  for (const row of m.reply_markup.inline_keyboard) {
    const line = document.createElement("div");
    line.className = "kb-row";
    for (const button of row) {
      let el;
      if (button.url) {
        el = document.createElement("a");
        linkTo(el, button.url);
      } else {
        el = document.createElement("button");
        el.type = "button";
        if (button.callback_data !== undefined) {
          el.dataset.callback = button.callback_data;
          el.addEventListener("click", () => press(m, button.callback_data, el));
        } else {
          el.disabled = true;
          el.title = "not supported by the sandbox";
        }
      }
      el.className = "kb-button";
      el.dataset.testid = "kb-button";
      el.textContent = button.text;
      line.append(el);
    }
    keyboard.append(line);
  }
  return keyboard;
}

// ---- sending --------------------------------------------------------------------------------

// the language the person typing has their app in (Telegram's language_code), per user
const languages = {};

function language() {
  return languages[state.user.id] || "en";
}

// who sends, and where: the part every user message shares in the client API
function sender(chat = state.chat) {
  const body = {
    chat_id: chat.id, user_id: state.user.id, first_name: state.user.first_name, chat_type: chat.type,
    language_code: language(),
  };
  if (chat.type !== "private") body.chat_title = chat.title;
  return body;
}

// a message typed or clicked (a command, a reply keyboard's button); `reply`: the message
// box's own, which answers the message in the reply bar
async function send(text, reply) {
  if (!text.trim()) return;
  try {
    await api("/sandbox/messages", { ...sender(), text, ...(reply ? replyField() : {}) });
    if (reply) setReply(null);
    return true;
  } catch (error) {
    toast(`Not sent: ${error.message}`, true);
    return false;
  }
}

function readBase64(file) {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result).split(",", 2)[1] || "");
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(file);
  });
}

// pictures the attach button sends as photos (as Telegram's gallery does); anything else is a document
const PHOTO_TYPES = new Set(["image/jpeg", "image/png", "image/webp"]);

// The attach button: the chosen file goes as a photo or a document, the message box's text
// as its caption.
async function sendFile(file) {
  if (file.size > MAX_FILE_BYTES) {
    toast(`Not sent: ${file.name} is ${formatSize(file.size)}; the sandbox takes files up to 20 MB`, true);
    return;
  }
  const box = $("composer");
  const caption = box.value;
  try {
    const body = {
      ...sender(), ...replyField(), file_name: file.name, data: await readBase64(file), caption,
    };
    if (PHOTO_TYPES.has(file.type)) {
      await api("/sandbox/photos", body);
    } else {
      if (file.type) body.mime_type = file.type;
      await api("/sandbox/documents", body);
    }
    if (box.value === caption) box.value = "";
    setReply(null);
    growComposer();
    updateCommandHints();
  } catch (error) {
    toast(`Not sent: ${error.message}`, true);
  }
}

async function press(message, data, el) {
  el.classList.add("loading");
  try {
    const sent = await api("/sandbox/callbacks", {
      chat_id: message.chat_id, user_id: state.user.id, message_id: message.message_id, data,
      first_name: state.user.first_name, language_code: language(),
    });
    const answer = await api(`/sandbox/callbacks/${sent.callback_query_id}?wait=15`);
    if (!answer.answered) toast("The bot did not answer this button.");
    else if (answer.text) toast(answer.text, answer.show_alert);
  } catch (error) {
    toast(`Button: ${error.message}`);
  } finally {
    el.classList.remove("loading");
  }
}

function updateCommandHints() {
  const box = $("command-hints");
  const text = $("composer").value;
  const inline = inlinePrefix(text);
  if (inline !== null) { inlineQuery(text.slice(inline.length)); return; }
  inlineState.seq += 1;
  box.replaceChildren();
  if (!text.startsWith("/") || text.includes(" ") || text.includes("\n")) { box.hidden = true; return; }
  const matches = commandsHere().filter((c) => `/${c.command}`.startsWith(text)).slice(0, 8);
  for (const command of matches) {
    const hint = document.createElement("button");
    hint.type = "button";
    hint.className = "hint";
    const name = document.createElement("b");
    name.textContent = `/${command.command}`;
    hint.append(name, ` ${command.description}`);
    hint.addEventListener("click", () => {
      $("composer").value = `/${command.command} `;
      updateCommandHints();
      $("composer").focus();
    });
    box.append(hint);
  }
  box.hidden = matches.length === 0;
}

// ---- inline mode: "@PuzzleBot query" asks the bot, a picked result is sent via the bot ------

const inlineState = { timer: null, seq: 0 };

function inlinePrefix(text) {
  if (!state.bot || !state.bot.username) return null;
  const prefix = `@${state.bot.username} `;
  return text.toLowerCase().startsWith(prefix.toLowerCase()) ? text.slice(0, prefix.length) : null;
}

function inlineQuery(query) {
  clearTimeout(inlineState.timer);
  const seq = ++inlineState.seq;
  inlineState.timer = setTimeout(async () => {
    try {
      const asked = await api("/sandbox/inline", {
        user_id: state.user.id, query, first_name: state.user.first_name,
        language_code: language(),
      });
      const answer = await api(`/sandbox/inline/${asked.update_id}?wait=10`);
      if (seq === inlineState.seq) renderInlineResults(asked.update_id, answer);
    } catch (error) {
      if (seq === inlineState.seq) toast(`Inline query: ${error.message}`);
    }
  }, 350);
}

function renderInlineResults(updateId, answer) {
  const box = $("command-hints");
  box.replaceChildren();
  if (!answer.answered || answer.results.length === 0) {
    const note = document.createElement("div");
    note.className = "hint";
    note.textContent = answer.answered ? "No results." : "The bot did not answer the inline query.";
    box.append(note);
  }
  for (const result of answer.results) {
    const item = document.createElement("button");
    item.type = "button";
    item.className = "hint inline-result";
    item.dataset.testid = "inline-result";
    item.dataset.resultId = result.id;
    const title = document.createElement("b");
    title.textContent = result.title || result.type;
    item.append(title);
    if (result.description) item.append(` ${result.description}`);
    item.addEventListener("click", async () => {
      try {
        await api(`/sandbox/inline/${updateId}/choose`, {
          chat_id: state.chat.id, result_id: result.id,
        });
        $("composer").value = "";
        growComposer();
        updateCommandHints();
      } catch (error) {
        toast(`Not sent: ${error.message}`, true);
      }
    });
    box.append(item);
  }
  box.hidden = false;
}

function growComposer() {
  const box = $("composer");
  box.style.height = "auto";
  box.style.height = `${Math.min(box.scrollHeight, window.innerHeight * 0.4)}px`;
}

async function submit(event) {
  if (event) event.preventDefault();
  const box = $("composer");
  const text = box.value;
  if (!text.trim()) return;
  box.value = "";
  growComposer();
  updateCommandHints();
  if (!(await send(text, true))) box.value = text;
}

// ---- reply and forward: a click on a message opens its menu -----------------------------

function replyField() {
  return state.replyTo ? { reply_to_message_id: state.replyTo.message_id } : {};
}

function setReply(message) {
  state.replyTo = message;
  const bar = $("reply-bar");
  bar.hidden = !message;
  if (message) {
    $("reply-to").textContent = `Reply to ${message.from.first_name}: ${summary(message)}`;
    $("composer").focus();
  }
}

function closeMenu() {
  $("message-menu").hidden = true;
}

function menuItem(label, testid, action) {
  const item = document.createElement("button");
  item.type = "button";
  item.className = "menu-item";
  item.dataset.testid = testid;
  item.textContent = label;
  item.addEventListener("click", () => { closeMenu(); action(); });
  return item;
}

// Reply, and Forward to each chat this user is in (as Telegram's chooser lists them)
function openMenu(message, event) {
  const menu = $("message-menu");
  const targets = [privateChat(), ...groupChats()];
  menu.replaceChildren(
    menuItem("Reply", "menu-reply", () => setReply(message)),
    ...targets.map((chat) => {
      const name = chat.type === "private" ? `${chat.title} (private)` : chat.title;
      const item = menuItem(`Forward to ${name}`, "menu-forward", () => forward(message, chat));
      item.dataset.chatId = chat.id;
      return item;
    }),
  );
  menu.hidden = false;
  const { innerWidth, innerHeight } = window;
  const box = menu.getBoundingClientRect();
  menu.style.left = `${Math.max(4, Math.min(event.clientX, innerWidth - box.width - 4))}px`;
  menu.style.top = `${Math.max(4, Math.min(event.clientY, innerHeight - box.height - 4))}px`;
  event.stopPropagation();
}

async function forward(message, chat) {
  try {
    await api("/sandbox/forwards", {
      ...sender(chat), from_chat_id: message.chat_id, message_id: message.message_id,
    });
    if (chat.id !== state.chat.id) openChat(chat);
  } catch (error) {
    toast(`Not forwarded: ${error.message}`, true);
  }
}

// ---- start ------------------------------------------------------------------------------------

async function start() {
  const info = await api("/sandbox/chats");
  state.bot = info.bot;
  state.users = info.users;
  state.groupId = info.group_id;
  state.chats = info.chats;
  state.commands = info.commands || [];
  state.commandScopes = info.command_scopes;
  const params = new URLSearchParams(location.search);
  const wanted = (params.get("user") || "").toLowerCase();
  state.user = state.users.find((u) => String(u.id) === wanted || u.first_name.toLowerCase() === wanted)
    || state.users[0];
  renderUsers();
  const chatParam = params.get("chat") || "private";
  const chat = chatParam === "private" ? privateChat()
    : groupChats().find((c) => String(c.id) === chatParam || (chatParam === "group" && c.id === state.groupId))
    || privateChat();
  $("user-select").addEventListener("change", (event) => {
    state.user = state.users.find((u) => String(u.id) === event.target.value);
    $("language-select").value = language();
    openChat(state.chat.type === "private" ? privateChat() : state.chat);
  });
  $("language-select").addEventListener("change", (event) => {
    languages[state.user.id] = event.target.value;
  });
  $("composer-form").addEventListener("submit", submit);
  $("reply-cancel").addEventListener("click", () => setReply(null));
  document.addEventListener("click", (event) => {
    if (!event.target.closest("#message-menu")) closeMenu();
  });
  document.addEventListener("keydown", (event) => {
    if (event.key === "Escape") { closeMenu(); setReply(null); }
  });
  $("attach").addEventListener("click", () => $("attach-input").click());
  $("attach-input").addEventListener("change", async (event) => {
    const input = event.target;
    const [file] = input.files;
    if (file) await sendFile(file);
    input.value = ""; // the same file may be chosen again
  });
  $("composer").addEventListener("keydown", (event) => {
    if (event.key === "Enter" && !event.shiftKey && !event.isComposing) submit(event);
  });
  $("composer").addEventListener("input", () => { growComposer(); updateCommandHints(); });
  openChat(chat);
  setInterval(refreshChats, 10000);
  document.body.dataset.ready = "true";
}

async function refreshChats() {
  try {
    const info = await fetch("/sandbox/chats").then((r) => r.json());
    state.bot = info.bot;
    state.commands = info.commands || [];
  state.commandScopes = info.command_scopes;
    const before = state.chats.map((c) => c.id).join();
    state.chats = info.chats;
    if (state.chats.map((c) => c.id).join() !== before) renderTabs();
    const current = state.chats.find((c) => c.id === state.chat.id);
    if (current && current.type !== "private") state.chat.members = current.members;
  } catch (error) {
    // the poll loop reports an unreachable sandbox
  }
}

start().catch((error) => toast(`Could not start: ${error.message}`, true));

// @ts-check
/**
 * A table in play: the live feed, the board, moves made by clicking.
 *
 * The socket (/api/tables/{id}/ws) says after every change what the seat shown now is;
 * the page then fetches /t/{id}/panel?seat=N, the server-drawn board and moves for that
 * seat.  Clicking a board element with data-target narrows the legal moves to those on
 * it (a move's data-targets); further clicks narrow on; when one move is left it waits
 * for Send, and Cancel starts again.  When the moves left are few, or differ only in what
 * no click can tell apart (an amount: bolster 2 or 3 power, pay 1 or 2 food from one
 * territory), the chooser offers them as buttons labelled as in the list.  Only the
 * targets some move is on are in the tab order; after a move made from the keyboard the
 * focus goes back to the board.  Another seat's move that leaves this seat's moves as they
 * were (a simultaneous draft) keeps the clicks made so far.  On a hot seat (several seats in one browser) the
 * previous seat's panel is removed and a screen waits for the next person.
 */
import { post } from "./forms.js";

const root = /** @type {HTMLElement} */ (document.getElementById("table"));
const panel = /** @type {HTMLElement} */ (document.getElementById("panel"));
const notice = /** @type {HTMLElement} */ (document.getElementById("notice"));
const screen = /** @type {HTMLElement} */ (document.getElementById("screen"));
const chooser = /** @type {HTMLElement} */ (document.getElementById("chooser"));
const choices = /** @type {HTMLElement} */ (document.getElementById("choices"));
const sendButton = /** @type {HTMLButtonElement} */ (document.getElementById("send"));
const tableId = root.dataset.table ?? "";
const mySeats = (root.dataset.seats ?? "").split(",").filter(Boolean).map(Number);
/** @type {string[]} */
const names = JSON.parse(root.dataset.names ?? "[]");

/** The newest state message: seq and the seat shown. */
let current = { seq: 0, seat: /** @type {number | null} */ (null) };
/** Targets clicked so far, in order. */
/** @type {string[]} */
let picked = [];
/** The move waiting for Send. */
/** @type {string | null} */
let chosen = null;
/** The seat whose panel is shown (its moves are those of the panel). */
/** @type {number | null} */
let shownSeat = null;
/** Whether no state has been shown yet. */
let first = true;
/** Whether the privacy screen waits for the next person. */
let screened = false;
let retry = 500;
/** The id of the newest chat line shown. */
let chatSeen = 0;
/** Whether the person last used the keyboard (then the focus follows the game). */
let keyboard = false;
/** Moves left after a click offered as buttons when at most this many. */
const FEW = 12;

/** @param {string} text */
function say(text) {
  notice.textContent = text;
}

/** @returns {HTMLButtonElement[]} */
function moveButtons() {
  return Array.from(panel.querySelectorAll("button.move"));
}

/** @param {HTMLButtonElement} button */
function targetsOf(button) {
  return (button.dataset.targets ?? "").split(" ").filter(Boolean);
}

/** @param {Element} element */
function labelOf(element) {
  return element.getAttribute("aria-label") ?? element.getAttribute("data-target") ?? "that";
}

function resetChoice() {
  picked = [];
  chosen = null;
  chooser.hidden = true;
  choices.replaceChildren();
  for (const button of moveButtons()) button.closest("li")?.removeAttribute("hidden");
  for (const element of panel.querySelectorAll(".picked")) element.classList.remove("picked");
}

/** Mark what can be clicked now (an element some legal move is on); only those are in
 * the tab order, so that the keyboard goes from one possible move to the next. */
function markTargets() {
  const live = new Set(moveButtons().flatMap(targetsOf));
  for (const element of panel.querySelectorAll("[data-target]")) {
    const playable = live.has(element.getAttribute("data-target") ?? "");
    element.classList.toggle("playable", playable);
    element.setAttribute("tabindex", playable ? "0" : "-1");
  }
}

/** @param {string} text */
function chooserSays(text) {
  /** @type {HTMLElement} */ (document.getElementById("chooser-text")).textContent = text;
}

/** Wait for Send on this move.
 * @param {string} action @param {{quiet?: boolean}} [how] quiet: leave the focus where it is */
function offer(action, how = {}) {
  chosen = action;
  const button = moveButtons().find((b) => b.dataset.action === action);
  chooserSays(`Play: ${button?.textContent ?? action}`);
  for (const choice of choices.querySelectorAll("button")) {
    choice.setAttribute("aria-pressed", String(choice.dataset.action === action));
  }
  sendButton.hidden = false;
  chooser.hidden = false;
  if (!how.quiet) sendButton.focus();
}

/** Whether a further click on the board could tell some of these moves from the others.
 * @param {HTMLButtonElement[]} moves */
function clicksTellApart(moves) {
  const all = moves.map((b) => new Set(targetsOf(b)));
  const seen = new Set(all.flatMap((targets) => [...targets]));
  return [...seen].some((t) => all.some((targets) => !targets.has(t)));
}

/** The moves left as buttons in the chooser (their labels, as in the list).
 * @param {HTMLButtonElement[]} moves @param {{quiet?: boolean}} [how] */
function offerChoices(moves, how = {}) {
  chosen = null;
  choices.replaceChildren(
    ...moves.map((move) => {
      const choice = document.createElement("button");
      choice.type = "button";
      choice.className = "choice";
      choice.dataset.action = move.dataset.action ?? "";
      choice.setAttribute("aria-pressed", "false");
      choice.textContent = move.textContent;
      return choice;
    }),
  );
  chooserSays("Choose:");
  sendButton.hidden = true;
  chooser.hidden = false;
  if (!how.quiet) /** @type {HTMLElement | null} */ (choices.querySelector("button"))?.focus();
}

/** A click on a board element: narrow the moves to those on it.
 * @param {Element} element @param {{quiet?: boolean}} [how] quiet: redone, not clicked */
function pick(element, how = {}) {
  const target = element.getAttribute("data-target") ?? "";
  const buttons = moveButtons();
  if (!buttons.length) {
    say(current.seat === null ? "You are watching this game." : "It is not your move.");
    return;
  }
  const wanted = [...picked, target];
  const left = buttons.filter((b) => wanted.every((t) => targetsOf(b).includes(t)));
  if (!left.length) {
    say(`No move of yours is on ${labelOf(element)} now${picked.length ? " with what you chose" : ""}.`);
    return;
  }
  picked = wanted;
  element.classList.add("picked");
  for (const button of buttons) {
    const item = button.closest("li");
    if (item) item.hidden = !left.includes(button);
  }
  if (left.length === 1) {
    offer(left[0].dataset.action ?? "", how);
    return;
  }
  const apart = clicksTellApart(left);
  if (!how.quiet) {
    say(`${left.length} moves on ${labelOf(element)}: ${apart ? "click again or " : ""}choose one.`);
  }
  if (left.length <= FEW || !apart) offerChoices(left, how);
  else chooser.hidden = true;
}

/** @param {string} action */
async function send(action) {
  if (current.seat === null) return;
  chooser.hidden = true;
  const { ok, data } = await post(`/api/tables/${tableId}/moves`, {
    seat: current.seat,
    action,
    seq: current.seq,
  });
  if (ok) {
    say("");
    resetChoice();
  } else {
    say(String(data?.detail ?? "that move was refused"));
    resetChoice();
  }
}

async function undo() {
  if (current.seat === null) return;
  const { ok, data } = await post(`/api/tables/${tableId}/undo`, {
    seat: current.seat,
    seq: current.seq,
    count: 1,
  });
  if (!ok) say(String(data?.detail ?? "that cannot be taken back"));
}

/** The moves of the panel shown, as one string (to tell whether a new panel changed them). */
function actionsShown() {
  return moveButtons().map((b) => b.dataset.action ?? "").join("\n");
}

/** Click again what was clicked before the panel was drawn anew, without moving the
 * focus, then put the focus back on the same target or choice.
 * @param {string[]} targets @param {string | null} action
 * @param {string | null} focusTarget @param {string | null} focusChoice */
function restoreChoice(targets, action, focusTarget, focusChoice) {
  for (const target of targets) {
    const element = panel.querySelector(`[data-target="${CSS.escape(target)}"]`);
    if (element) pick(element, { quiet: true });
  }
  if (action !== null && !chooser.hidden) offer(action, { quiet: true });
  /** @type {Element | null} */
  let focus = null;
  if (focusTarget !== null) focus = panel.querySelector(`[data-target="${CSS.escape(focusTarget)}"]`);
  if (focusChoice !== null) {
    focus = Array.from(choices.querySelectorAll("button")).find((b) => b.dataset.action === focusChoice) ?? null;
  }
  if (focus instanceof HTMLElement || focus instanceof SVGElement) focus.focus();
}

async function load() {
  const seat = current.seat;
  const query = seat === null ? "" : `?seat=${seat}`;
  const response = await fetch(`/t/${tableId}/panel${query}`, { credentials: "same-origin" });
  if (!response.ok) {
    say("The table could not be shown; it will try again.");
    return;
  }
  const html = await response.text();
  if (screened) return; // a handover arrived meanwhile: show nothing of the previous seat
  const active = document.activeElement;
  const lost = !active || active === document.body || panel.contains(active);
  // Another seat's move (Brian Boru's draft, Scythe's dials) leaves this seat's moves as
  // they were: the clicks made so far, and the focus, survive the new panel.
  const before = { moves: actionsShown(), picked: [...picked], chosen, seat: shownSeat };
  const focusTarget = lost ? active?.getAttribute("data-target") ?? null : null;
  const focusChoice = active instanceof HTMLElement && choices.contains(active)
    ? active.dataset.action ?? null : null;
  panel.innerHTML = html;
  resetChoice();
  markTargets();
  shownSeat = seat;
  if (before.picked.length && before.seat === seat && before.moves === actionsShown()) {
    restoreChoice(before.picked, before.chosen, focusTarget, focusChoice);
    return;
  }
  if (keyboard && lost) {
    // The element that had the focus is gone: the next move starts on the board.
    const next = panel.querySelector("[data-target].playable") ?? panel.querySelector("button.move");
    if (next instanceof HTMLElement || next instanceof SVGElement) next.focus();
  }
}

/** The screen between two people at one device. @param {number | null} seat */
function handOver(seat) {
  screened = true;
  panel.replaceChildren();
  resetChoice();
  const who = /** @type {HTMLElement} */ (document.getElementById("screen-who"));
  who.textContent =
    seat === null ? "Nobody here is to move." : `${names[seat] ?? `Seat ${seat + 1}`} plays next. Nobody else should look.`;
  screen.hidden = false;
  /** @type {HTMLElement} */ (document.getElementById("screen-go")).focus();
}

/** Whether chat lines are being fetched, and whether to fetch again after. */
let chatBusy = false;
let chatAgain = false;

/** Fetch and show the chat lines after the last one shown (as text, never markup). */
async function loadChat() {
  if (chatBusy) {
    chatAgain = true;
    return;
  }
  chatBusy = true;
  try {
    do {
      chatAgain = false;
      await fetchChat();
    } while (chatAgain);
  } finally {
    chatBusy = false;
  }
}

async function fetchChat() {
  const response = await fetch(`/api/tables/${tableId}/chat?after=${chatSeen}`, {
    credentials: "same-origin",
  });
  if (!response.ok) return;
  /** @type {{id: number, author: string, text: string}[]} */
  const lines = await response.json();
  const list = document.getElementById("chat-lines");
  for (const line of lines) {
    if (line.id <= chatSeen) continue;
    const item = document.createElement("li");
    const author = document.createElement("strong");
    author.textContent = `${line.author}: `;
    item.append(author, document.createTextNode(line.text));
    list?.append(item);
    chatSeen = line.id;
  }
}

function connect() {
  const scheme = window.location.protocol === "https:" ? "wss" : "ws";
  const socket = new WebSocket(`${scheme}://${window.location.host}/api/tables/${tableId}/ws`);
  socket.addEventListener("message", (event) => {
    retry = 500;
    const data = JSON.parse(String(event.data));
    if (data.type !== "state") return;
    const moved = data.seq !== current.seq || data.seat !== current.seat || first;
    first = false;
    current = { seq: data.seq, seat: data.seat };
    root.dataset.seq = String(data.seq); // the newest position (the panel's may lag)
    if (data.chat > chatSeen) void loadChat();
    if (data.handover && mySeats.length > 1) handOver(data.seat);
    else if (!screened && moved) void load();
  });
  socket.addEventListener("close", (event) => {
    if (event.code === 4403 || event.code === 4404) {
      say(event.reason || "This table cannot be watched.");
      return;
    }
    setTimeout(connect, retry);
    retry = Math.min(retry * 2, 10000);
  });
}

panel.addEventListener("click", (event) => {
  const element = event.target instanceof Element ? event.target : null;
  const move = element?.closest("button.move");
  if (move instanceof HTMLButtonElement) {
    void send(move.dataset.action ?? "");
    return;
  }
  if (element?.closest("#undo")) {
    void undo();
    return;
  }
  const target = element?.closest("[data-target]");
  if (target) pick(target);
});
panel.addEventListener("keydown", (event) => {
  const element = event.target instanceof Element ? event.target.closest("[data-target]") : null;
  if (element && (event.key === "Enter" || event.key === " ")) {
    event.preventDefault();
    pick(element);
  }
});
panel.addEventListener("submit", (event) => {
  const form = event.target;
  if (!(form instanceof HTMLFormElement) || form.id !== "typed") return;
  event.preventDefault();
  const input = form.elements.namedItem("action");
  if (input instanceof HTMLInputElement && input.value.trim()) void send(input.value.trim());
});
sendButton.addEventListener("click", () => {
  if (chosen !== null) void send(chosen);
});
choices.addEventListener("click", (event) => {
  const choice = event.target instanceof Element ? event.target.closest("button.choice") : null;
  if (choice instanceof HTMLButtonElement) offer(choice.dataset.action ?? "");
});
document.addEventListener("keydown", () => {
  keyboard = true;
});
document.addEventListener("pointerdown", () => {
  keyboard = false;
});
document.getElementById("cancel")?.addEventListener("click", () => {
  resetChoice();
  say("");
});
document.getElementById("screen-go")?.addEventListener("click", () => {
  screened = false;
  screen.hidden = true;
  void load();
});

document.getElementById("chat-form")?.addEventListener("submit", (event) => {
  event.preventDefault();
  const form = /** @type {HTMLFormElement} */ (event.target);
  const input = form.elements.namedItem("text");
  if (!(input instanceof HTMLInputElement) || !input.value.trim()) return;
  void post(`/api/tables/${tableId}/chat`, { text: input.value }).then(({ ok, data }) => {
    if (ok) input.value = "";
    else say(String(data?.detail ?? "the message was not sent"));
  });
});

connect();

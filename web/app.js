// The page: it loads pyclag into Pyodide, draws what app/table.py answers and sends back
// what was tapped. No rule of the game is here: every legal set, refusal and score is
// pyclag's (app/table.py). The sheet and the game are kept in localStorage as pyclag's files.
import { loadPyodide } from "./pyodide/pyodide.mjs";

const $ = (selector, root = document) => root.querySelector(selector);
const KEYS = { sheet: "pyclag.sheet", game: "pyclag.game", seat: "pyclag.game.seat", tab: "pyclag.tab" };
let table = null;
let presets = [];
let sheet = null; // the sheet's view, as app/table.py gives it
let game = null;

function call(name, args = {}) {
  const answer = JSON.parse(table.call(name, JSON.stringify(args)));
  const box = $("#refused");
  if (answer.refused !== undefined) {
    box.textContent = `Refused: ${answer.refused}`;
    box.hidden = false;
    return null;
  }
  box.hidden = true;
  return answer;
}

function element(tag, attributes = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attributes)) {
    if (key === "class") node.className = value;
    else if (key === "text") node.textContent = value;
    else if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
    else node.setAttribute(key, value);
  }
  node.append(...children);
  return node;
}

// --- start ----------------------------------------------------------------------------------

async function start() {
  const started = performance.now();
  const pyodide = await loadPyodide({ indexURL: new URL("pyodide/", location.href).href });
  const files = await (await fetch("files.json")).json();
  for (const wheel of files.wheels) {
    const data = await (await fetch(`wheels/${wheel}`)).arrayBuffer();
    pyodide.unpackArchive(data, "wheel");
  }
  pyodide.FS.mkdirTree("/home/pyodide/app");
  pyodide.FS.writeFile("/home/pyodide/app/table.py", await (await fetch("app/table.py")).text());
  pyodide.runPython("import sys; sys.path.insert(0, '/home/pyodide/app')");
  table = pyodide.pyimport("table");
  presets = call("presets_info");
  for (const form of [$("#sheet-new"), $("#game-new")]) setupForm(form);
  openSheet();
  openGame();
  showTab(localStorage.getItem(KEYS.tab) || "sheet");
  $("#loading").hidden = true;
  document.body.dataset.ready = "true";
  document.body.dataset.loadMs = String(Math.round(performance.now() - started));
  if ("serviceWorker" in navigator) navigator.serviceWorker.register("sw.js");
}

function showTab(which) {
  localStorage.setItem(KEYS.tab, which);
  for (const name of ["sheet", "game"]) {
    $(`#${name}`).hidden = name !== which;
    $(`#tab-${name}`).setAttribute("aria-pressed", String(name === which));
  }
}

function setupForm(form) {
  const select = $(".preset", form);
  for (const preset of presets) select.append(element("option", { value: preset.name, text: preset.name }));
  select.value = "wikipedia";
  const fill = () => {
    const preset = presets.find((p) => p.name === select.value);
    $(".summary", form).textContent = `${preset.summary}; ${preset.min_players}-${preset.max_players} players.`;
    const list = $(".option-list", form);
    list.replaceChildren();
    for (const option of preset.options) {
      const input = option.choices
        ? element("select", { name: option.name }, ...option.choices.map((c) => element("option", { value: c, text: c })))
        : element("input", { name: option.name, autocomplete: "off" });
      input.value = option.value;
      input.dataset.initial = option.value;
      list.append(element("label", {}, option.name, input, element("small", { text: option.about })));
    }
  };
  select.addEventListener("change", fill);
  fill();
}

function formOptions(form) {
  const options = {};
  for (const input of form.querySelectorAll(".option-list [name]")) {
    if (input.value !== input.dataset.initial) options[input.name] = input.value;
  }
  return options;
}

// --- the score sheet ------------------------------------------------------------------------

function openSheet() {
  const fragment = new URLSearchParams(location.hash.slice(1)).get("sheet");
  let view = null;
  if (fragment) {
    view = call("sheet_from_link", { packed: fragment });
    history.replaceState(null, "", location.pathname + location.search);
  }
  const kept = localStorage.getItem(KEYS.sheet);
  if (!view && kept) view = call("sheet_open", { file: kept });
  showSheet(view);
}

function showSheet(view) {
  sheet = view;
  $("#sheet-new").hidden = Boolean(view);
  $("#sheet-play").hidden = !view;
  if (!view) return;
  localStorage.setItem(KEYS.sheet, view.file);
  const deal = view.current;
  $("#deal-heading").textContent = deal ? deal.heading : `The game is over (${view.deals} deals)`;
  $("#deal-special").replaceChildren(...(deal ? deal.special : []).map((line) => element("li", { text: line })));
  $("#deal-bids").replaceChildren(
    ...(deal ? deal.bids : []).map(([who, bid]) =>
      element("li", { class: bid === null && who === deal.to_act ? "next" : "" }, `${who}: ${bid === null ? "–" : bid}`),
    ),
  );
  $("#deal-asks").textContent = deal ? `Waiting for ${deal.asks}` : "";
  $("#deal-choices").replaceChildren(
    ...(deal ? deal.choices : []).map((choice) =>
      element("button", {
        type: "button",
        class: choice.struck ? "struck" : "",
        "data-value": JSON.stringify(choice.value),
        "aria-label": choice.struck ? `${choice.label} (forbidden)` : choice.label,
        onclick: () => enter(choice.value),
      }, choice.label),
    ),
  );
  const tricks = $("#deal-tricks");
  tricks.hidden = !deal || deal.waiting !== "play";
  if (!tricks.hidden) {
    const fields = view.names.map((who, seat) =>
      element("label", {}, who, element("input", { name: `seat${seat}`, type: "number", inputmode: "numeric", min: "0", value: "0" })));
    const winners = Array.from({ length: deal.hand_size }, (_, trick) =>
      element("label", {}, `Trick ${trick + 1}`, element("select", { name: `trick${trick}` },
        ...view.names.map((who, seat) => element("option", { value: String(seat), text: who })))));
    $(".fields", tricks).replaceChildren(...(deal.by_trick ? winners : fields));
    tricks.dataset.byTrick = String(deal.by_trick);
  }
  const callForm = $("#deal-call");
  callForm.hidden = !deal || deal.waiting !== "call";
  if (!callForm.hidden) $(".hint", callForm).textContent = `For example: ${deal.call_examples.join(", ")}`;
  $("#verdict").hidden = !view.verdict;
  $("#verdict").textContent = view.verdict || "";
  $("#undo").disabled = !view.can_undo;
  drawCard(view);
  $("#chart").innerHTML = view.chart;
  $("#link").href = `#sheet=${view.link}`;
  $("#edit").hidden = true;
}

function drawCard(view) {
  const head = element("tr", {}, element("th", { text: "deal" }), element("th", { text: "cards" }),
    element("th", { class: "rule", text: "rule" }), ...view.names.map((who) => element("th", { text: who })), element("th"));
  const rows = view.rows.map((row) => element("tr", { "data-deal": String(row.number) },
    element("td", { text: String(row.number) }), element("td", { text: String(row.cards) }),
    element("td", { class: "rule", text: row.rule }),
    ...row.totals.map((total, seat) => element("td", { class: row.made[seat] ? "made" : "missed", "data-seat": String(seat) },
      String(total), " ", element("span", { class: "bid", text: row.bids[seat] === null ? "" : `(${row.bids[seat]})` }))),
    element("td", {}, element("button", { type: "button", class: "edit", "aria-label": `edit deal ${row.number}`, onclick: () => editDeal(row) }, "edit"))));
  const foot = element("tfoot", {}, element("tr", {}, element("td", { colspan: "3", text: "total" }),
    ...view.totals.map((total, seat) => element("td", { class: "total", "data-seat": String(seat), text: String(total) })), element("td")));
  $("#card").replaceChildren(element("thead", {}, head), element("tbody", {}, ...rows), foot);
}

function editDeal(row) {
  const form = $("#edit");
  form.hidden = false;
  form.dataset.deal = String(row.number);
  $(".title", form).textContent = `Edit deal ${row.number}`;
  const number = (name, label, value) => element("label", {}, label,
    element("input", { name, type: "number", inputmode: "numeric", min: "0", value: String(value) }));
  const bids = row.order.map((seat, i) => number(`bid${i}`, `${sheet.names[seat]} bid`, row.bids[seat]));
  const took = row.by_trick
    ? row.trick_winners.map((seat, t) => element("label", {}, `Trick ${t + 1}`, element("select", { name: `took${t}` },
      ...sheet.names.map((who, s) => { const o = element("option", { value: String(s), text: who }); o.selected = s === seat; return o; }))))
    : row.tricks.map((count, seat) => number(`took${seat}`, `${sheet.names[seat]} took`, count));
  $(".fields", form).replaceChildren(...bids, ...took);
  form.scrollIntoView({ block: "nearest" });
}

function enter(value) {
  const view = call("sheet_enter", { file: sheet.file, value });
  if (view) showSheet(view);
}

function download(name, type, text) {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = element("a", { href: url, download: name });
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

async function importFile(input) {
  const file = input.files[0];
  if (!file) return;
  const view = call("sheet_open", { file: await file.text() });
  input.value = "";
  if (view) showSheet(view);
}

function wireSheet() {
  $("#sheet-new").addEventListener("submit", (event) => {
    event.preventDefault();
    const form = event.target;
    const names = form.names.value.split(",").map((n) => n.trim()).filter(Boolean);
    const view = call("sheet_new", {
      preset: form.preset.value,
      options: formOptions(form),
      players: Number(form.players.value),
      names: names.length ? names : null,
      first_dealer: Number(form.first_dealer.value),
    });
    if (view) showSheet(view);
  });
  $("#deal-tricks").addEventListener("submit", (event) => {
    event.preventDefault();
    const values = [...event.target.querySelectorAll(".fields [name]")].map((input) => Number(input.value));
    enter(values);
  });
  $("#deal-call").addEventListener("submit", (event) => {
    event.preventDefault();
    enter(event.target.call.value);
  });
  $("#undo").addEventListener("click", () => { const view = call("sheet_undo", { file: sheet.file }); if (view) showSheet(view); });
  $("#sheet-again").addEventListener("click", () => {
    if (!confirm("Start a new sheet? Export this one first to keep it.")) return;
    localStorage.removeItem(KEYS.sheet);
    showSheet(null);
  });
  $("#edit").addEventListener("submit", (event) => {
    event.preventDefault();
    const form = event.target;
    const read = (prefix) => [...form.querySelectorAll(`[name^="${prefix}"]`)].map((input) => Number(input.value));
    const view = call("sheet_edit", { file: sheet.file, number: Number(form.dataset.deal), bids: read("bid"), tricks: read("took") });
    if (view) showSheet(view);
  });
  $("#edit .cancel").addEventListener("click", () => { $("#edit").hidden = true; });
  $("#export").addEventListener("click", () => download("clag-sheet.json", "application/json", `${sheet.file}\n`));
  $("#export-csv").addEventListener("click", () => download("clag-sheet.csv", "text/csv", sheet.csv));
  $("#share").addEventListener("click", async () => {
    const url = new URL($("#link").href, location.href).href;
    try { await navigator.clipboard.writeText(url); $("#share").textContent = "Link copied"; } catch { location.hash = $("#link").hash; }
  });
  for (const input of document.querySelectorAll(".import")) input.addEventListener("change", () => importFile(input));
}

// --- a game against bots --------------------------------------------------------------------

function openGame() {
  const kept = localStorage.getItem(KEYS.game);
  showGame(kept ? call("game_open", { record: kept, seat: Number(localStorage.getItem(KEYS.seat) || 0) }) : null);
}

const SUITS = { S: "♠", H: "♥", D: "♦", C: "♣" };

function cardFace(text) {
  // The card as pyclag writes it ("QS"), drawn with its suit's sign where no picture came.
  const suit = text.slice(-1);
  return { label: `${text.slice(0, -1).replace("T", "10")}${SUITS[suit] || suit}`, red: suit === "H" || suit === "D" };
}

function drawFace(node, card, faces) {
  // pyclag's picture of the card (pyclag.views.pictures.card_svg).
  if (faces && faces[card]) {
    node.innerHTML = faces[card];
    node.classList.add("picture");
  }
  return node;
}

function showGame(view) {
  game = view;
  $("#game-new").hidden = Boolean(view);
  $("#game-play").hidden = !view;
  if (!view) return;
  localStorage.setItem(KEYS.game, view.record);
  localStorage.setItem(KEYS.seat, String(view.seat));
  $("#game-status").replaceChildren(...view.status.map((line) => element("li", { text: line })));
  $("#game-table").innerHTML = view.table;
  // The trick in progress, where no picture of the table shows it.
  $("#game-trick").replaceChildren(...(view.table ? [] : view.trick).map(([who, play, card]) => {
    const face = cardFace(card);
    const drawn = drawFace(element("span", { class: `card${face.red ? " red" : ""}`, text: face.label }), card, view.faces);
    return element("figure", {}, drawn, element("figcaption", { text: `${who}: ${play}` }));
  }));
  const plays = new Map();
  for (const play of view.plays) plays.set(play.card, [...(plays.get(play.card) || []), play]);
  $("#game-hand").replaceChildren(...view.hand.map((card) => {
    const face = cardFace(card);
    const choices = plays.get(card) || [];
    return drawFace(element("button", {
      type: "button",
      class: `card${face.red ? " red" : ""}${choices.length ? " legal" : ""}`,
      "data-card": card,
      "aria-label": card,
      ...(choices.length ? {} : { disabled: "" }),
      onclick: () => (choices.length === 1 ? act(choices[0].index) : offer(choices)),
    }, face.label), card, view.faces);
  }));
  $("#game-actions").replaceChildren(...view.actions.map((action) =>
    element("button", { type: "button", "data-index": String(action.index), onclick: () => act(action.index) }, action.label)));
  const news = $("#game-news");
  news.append(...view.news.map((line) => element("li", { text: line })));
  while (news.children.length > 40) news.firstChild.remove();
  $("#game-verdict").hidden = !view.verdict;
  $("#game-verdict").textContent = view.verdict || "";
}

function offer(choices) {
  // A wild two: each card it may stand for, as pyclag writes the play.
  $("#game-actions").replaceChildren(...choices.map((play) =>
    element("button", { type: "button", "data-index": String(play.index), onclick: () => act(play.index) }, play.label)));
}

function act(index) {
  const view = call("game_act", { record: game.record, seat: game.seat, index });
  if (view) showGame(view);
}

function wireGame() {
  $("#game-new").addEventListener("submit", (event) => {
    event.preventDefault();
    const form = event.target;
    $("#game-news").replaceChildren();
    const view = call("game_new", { preset: form.preset.value, options: formOptions(form), players: Number(form.players.value), seat: Number(form.seat.value) });
    if (view) showGame(view);
  });
  $("#game-again").addEventListener("click", () => { localStorage.removeItem(KEYS.game); showGame(null); });
}

$("#tab-sheet").addEventListener("click", () => showTab("sheet"));
$("#tab-game").addEventListener("click", () => showTab("game"));
wireSheet();
wireGame();
start().catch((error) => {
  $("#loading").textContent = `pyclag could not start: ${error}`;
  throw error;
});

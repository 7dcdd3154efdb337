"use strict";
// Nim against the computer. The server answers each position: its binary columns, whether it
// is safe, and the computer's move with the reason (the library's nim::winning_move).

const COUNTERS_SHOWN = 40;
let game = null; // { start, heaps, misere, turn, heap (the heap last played on), focus }
Object.assign(FIELD_WORDS, { heaps: "Heaps", heap: "From heap", to: "Leave" });

// While the pointer or the focus is on a counter, the counters a click on it takes (it and
// every one to its right) are drawn hollow, and the row says how many.
function preview(row, leave) {
  const size = Number(row.dataset.size);
  for (const counter of row.querySelectorAll(".counter")) {
    counter.classList.toggle("taking", leave !== null && Number(counter.dataset.leave) >= leave);
  }
  row.querySelector(".preview").textContent =
    leave === null ? "" : `take ${size - leave}, leave ${leave}`;
}

function counter(row, index, size, leave) {
  const button = element("button", {
    type: "button",
    class: "counter",
    "data-leave": leave,
    "aria-label": `heap ${index + 1}: take ${size - leave}, leave ${leave}`,
    onclick: () => yourMove(index, leave),
  });
  button.addEventListener("mouseenter", () => preview(row, leave));
  button.addEventListener("focus", () => preview(row, leave));
  button.addEventListener("mouseleave", () => preview(row, null));
  button.addEventListener("blur", () => preview(row, null));
  return button;
}

// `marks.heap`: the heap the computer's move changed, marked with what it took.
function drawBoard(position, marks) {
  const board = document.getElementById("board");
  board.replaceChildren();
  position.heaps.forEach((size, index) => {
    const changed = marks && marks.heap === index;
    const row = element("div", { class: changed ? "heap changed" : "heap", "data-heap": index, "data-size": size },
      element("span", { class: "label" }, `Heap ${index + 1}: ${size}`));
    const counters = element("span", { class: "counters" });
    if (size <= COUNTERS_SHOWN) {
      for (let leave = 0; leave < size; leave++) counters.append(counter(row, index, size, leave));
    } else {
      counters.append(element("span", { class: "note" },
        `${size} counters are too many to draw: use “From heap … leave …” below.`));
    }
    row.append(counters, element("span", { class: "preview", "aria-hidden": "true" }));
    if (changed) {
      row.append(element("span", { class: "change" }, `the computer took ${marks.take} (${marks.from} → ${size})`));
    }
    board.append(row);
  });
  const yours = game.turn === "you" && !position.over;
  for (const button of board.querySelectorAll("button")) button.disabled = !yours;
  for (const control of document.querySelectorAll("#move input, #move button")) {
    control.disabled = !yours;
  }
}

// The binary table into `id`; `marks.column` (a place value) and `marks.heap` are outlined,
// `marks.changed` is the heap the last move changed.
function drawColumns(id, position, marks = {}) {
  const table = document.getElementById(id);
  const classes = (column) => [position.parity[column] ? "odd" : "",
    position.columns[column] === marks.column ? "chosen" : ""].join(" ").trim();
  const header = element("tr", {}, element("th", {}, "heap"),
    ...position.columns.map((value, column) => element("th", { class: classes(column) }, `${value}s`)));
  const rows = position.binary.map((digits, index) => {
    const row = element("tr", {}, element("th", {}, `${index + 1}: ${position.heaps[index]}`),
      ...[...digits].map((digit, column) => element("td", { class: classes(column) }, digit)));
    if (marks.heap === index) row.classList.add("chosen");
    if (marks.changed === index) row.classList.add("changed");
    return row;
  });
  const parity = element("tr", { class: "parity" }, element("th", {}, "parity"),
    ...position.parity.map((bit, column) =>
      element("td", { class: classes(column) }, bit ? "odd" : "even")));
  table.replaceChildren(header, ...rows, parity);
}

// "one heap of 1", "3 heaps of 1".
function heapsOfOne(count) {
  return count === 1 ? "one heap of 1" : `${count} heaps of 1`;
}

function describe(position) {
  if (position.over) {
    // Normal play: whoever took the last counter won; misère play: lost.
    const lastMover = game.turn === "you" ? "computer" : "you";
    const winner = position.misere ? game.turn : lastMover;
    document.getElementById("status").dataset.winner = winner;
    if (position.misere) {
      return [lastMover === "you"
        ? "No counters left: you took the last counter, so you lose."
        : "No counters left: the computer took the last counter, so you win!", ""];
    }
    return [winner === "you" ? "No counters left: you win!" : "No counters left: the computer wins.", ""];
  }
  if (game.turn === "computer") return ["The computer is thinking…", ""];
  return ["Your move.", position.misere ? misereHint(position) : normalHint(position)];
}

function normalHint(position) {
  return position.safe
    ? `Nim-sum ${position.nim_sum}: every column is even, so this position is lost for the player to move against perfect play — you must hope for a mistake.`
    : `Nim-sum ${position.nim_sum}: some column is odd, so a move makes every column even again — find it.`;
}

// Misère play (whoever takes the last counter loses) in three cases, by the heaps of more than
// one counter: two or more, and the safe positions are normal play's; one, and the player to
// move wins by leaving an odd number of heaps of 1; none, and each move takes a heap of 1.
function misereHint(position) {
  const large = position.heaps.filter((size) => size > 1).length;
  const ones = position.heaps.filter((size) => size === 1).length;
  if (large === 0) {
    const counted = heapsOfOne(ones);
    const said = counted[0].toUpperCase() + counted.slice(1);
    return position.safe
      ? `${said} and nothing else: each move takes a heap, and with an odd number the last counter falls to the player to move — this position is lost against perfect play.`
      : `${said} and nothing else: each move takes a heap, and with an even number the last counter falls to the other player — take one.`;
  }
  if (large === 1) {
    return "One heap holds more than one counter: take from it so that an odd number of heaps of 1 is left, and nothing else — the last counter then falls to the computer.";
  }
  return position.safe
    ? `Nim-sum ${position.nim_sum}: every column is even, and ${large} heaps hold more than one counter, so this position is lost for the player to move against perfect play, in misère play as in normal play — you must hope for a mistake.`
    : `Nim-sum ${position.nim_sum}: some column is odd, so a move makes every column even again — find it: while two or more heaps hold more than one counter, misère play goes as normal play (once one is left, leave an odd number of heaps of 1 instead).`;
}

// The move form's heap, moved off a heap that has no counters left to the first that has.
function keepFromHeapOnCounters(position) {
  const input = document.getElementById("move-heap");
  const chosen = Number(input.value);
  if (position.heaps[chosen - 1] > 0) return;
  const first = position.heaps.findIndex((size) => size > 0);
  if (first >= 0) input.value = first + 1;
}

function draw(position, marks) {
  document.getElementById("game").hidden = false;
  keepFromHeapOnCounters(position);
  drawBoard(position, marks);
  drawColumns("columns", position, { changed: marks ? marks.heap : null });
  const status = document.getElementById("status");
  delete status.dataset.winner;
  const [said, hint] = describe(position);
  status.replaceChildren(said, hint ? element("span", { class: "hint" }, ` ${hint}`) : "");
  setTurn(position.over ? "over" : game.turn);
  remember({
    heaps: game.heaps.join(","), play: game.misere ? "misere" : "normal", turn: game.turn,
    start: game.start.join(","), first: game.first,
  });
}

async function move(heap, to) {
  const answer = await api("/api/nim/move", { heaps: game.heaps, misere: game.misere, heap, to });
  game.heaps = answer.position.heaps;
  game.turn = game.turn === "you" ? "computer" : "you";
  return answer.position;
}

const loop = turnLoop({
  get game() { return game; },
  move,
  draw,
  async computerMove(position) {
    const choice = position.computer;
    const after = await move(choice.heap, choice.to);
    const explanation = document.getElementById("explanation");
    if (choice.column !== null) explanation.dataset.column = choice.column;
    else delete explanation.dataset.column;
    return {
      position: after,
      explanation: `The computer took ${choice.take} from heap ${choice.heap + 1} (${choice.from} → ${choice.to}). ${choice.explanation}`,
      marks: { heap: choice.heap, column: choice.column, take: choice.take, from: choice.from },
    };
  },
  showBefore(position, marks) {
    drawColumns("before-columns", position, { heap: marks.heap, column: marks.column });
  },
  // The heap last played on, if counters are left there, else the first heap that has some:
  // its last counter (a click there takes one, the smallest move).
  focusTarget() {
    const board = document.getElementById("board");
    return board.querySelector(`.heap[data-heap='${game.heap}'] .counter:last-child`)
      || board.querySelector(".counter:last-child");
  },
  again: () => begin(game.start, game.misere, game.first),
});

function yourMove(heap, to) {
  game.heap = heap;
  return loop.yours(heap, to);
}

// `start` and `first`: the game "Play again" starts, when it is not this one (a reload).
async function begin(heaps, misere, turn, start = heaps, first = turn) {
  game = { start, first, heaps, misere, turn, heap: 0, focus: null };
  await loop.begin(await api("/api/nim/position", { heaps, misere }));
}

document.getElementById("setup").addEventListener("submit", async (event) => {
  event.preventDefault();
  try {
    showError(null);
    const heaps = parseHeaps(document.getElementById("heaps").value);
    const misere = document.getElementById("play").value === "misere";
    await begin(heaps, misere, document.getElementById("first").value);
  } catch (error) {
    showError(error);
  }
});

document.getElementById("random").addEventListener("click", () => {
  const count = 3 + Math.floor(Math.random() * 3);
  const heaps = Array.from({ length: count }, () => 1 + Math.floor(Math.random() * 15));
  document.getElementById("heaps").value = heaps.join(", ");
});

// A move by numbers, checked in the page's own words (heaps count from 1 here).
document.getElementById("move").addEventListener("submit", (event) => {
  event.preventDefault();
  const count = game.heaps.length;
  const number = wholeNumber("move-heap");
  if (number === null || number < 1 || number > count) {
    showError(new Error(count === 1
      ? "From heap: there is one heap, heap 1"
      : `From heap: there is no heap ${document.getElementById("move-heap").value.trim()}; the heaps are numbered 1 to ${count}`));
    return;
  }
  const size = game.heaps[number - 1];
  const leave = wholeNumber("move-to");
  if (size === 0) {
    showError(new Error(`From heap: heap ${number} is empty; choose a heap with counters`));
  } else if (leave === null || leave < 0 || leave >= size) {
    showError(new Error(`Leave: heap ${number} has ${size} counter${size === 1 ? "" : "s"}, so leave 0 to ${size - 1} (a move takes at least one)`));
  } else {
    yourMove(number - 1, leave);
  }
});

// A reload resumes the game the address holds.
(async () => {
  const state = recalled();
  if (!state.has("heaps")) return;
  try {
    const heaps = parseHeaps(state.get("heaps"));
    document.getElementById("play").value = state.get("play") === "misere" ? "misere" : "normal";
    const turn = state.get("turn") === "computer" ? "computer" : "you";
    const start = state.has("start") ? parseHeaps(state.get("start")) : heaps;
    document.getElementById("heaps").value = start.join(", ");
    const first = state.has("first") ? (state.get("first") === "computer" ? "computer" : "you") : turn;
    await begin(heaps, state.get("play") === "misere", turn, start, first);
  } catch (error) {
    showError(error);
  }
})();

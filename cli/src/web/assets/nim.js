"use strict";
// Nim against the computer. The server answers each position: its binary columns, whether it
// is safe, and the computer's move with the reason (the library's nim::winning_move).

const COUNTERS_SHOWN = 40;
let game = null; // { heaps, misere, turn: "you" | "computer" }

function drawBoard(position) {
  const board = document.getElementById("board");
  board.replaceChildren();
  position.heaps.forEach((size, index) => {
    const row = element("div", { class: "heap", "data-heap": index, "data-size": size },
      element("span", { class: "label" }, `Heap ${index + 1}: ${size}`));
    if (size <= COUNTERS_SHOWN) {
      for (let leave = 0; leave < size; leave++) {
        row.append(element("button", {
          type: "button",
          class: "counter",
          "data-leave": leave,
          "aria-label": `heap ${index + 1}: take ${size - leave}, leave ${leave}`,
          title: `take ${size - leave}`,
          onclick: () => yourMove(index, leave),
        }));
      }
    }
    board.append(row);
  });
  const yours = game.turn === "you" && !position.over;
  for (const button of board.querySelectorAll("button")) button.disabled = !yours;
  for (const control of document.querySelectorAll("#move input, #move button")) {
    control.disabled = !yours;
  }
}

function drawColumns(position) {
  const table = document.getElementById("columns");
  const odd = (column) => (position.parity[column] ? "odd" : "");
  const header = element("tr", {}, element("th", {}, "heap"),
    ...position.columns.map((value, column) => element("th", { class: odd(column) }, `${value}s`)));
  const rows = position.binary.map((digits, index) =>
    element("tr", {}, element("th", {}, `${index + 1}: ${position.heaps[index]}`),
      ...[...digits].map((digit, column) => element("td", { class: odd(column) }, digit))));
  const parity = element("tr", { class: "parity" }, element("th", {}, "parity"),
    ...position.parity.map((bit, column) =>
      element("td", { class: odd(column) }, bit ? "odd" : "even")));
  table.replaceChildren(header, ...rows, parity);
}

function describe(position) {
  if (position.over) {
    // Normal play: whoever took the last counter won; misère play: lost.
    const lastMover = game.turn === "you" ? "computer" : "you";
    const winner = position.misere ? game.turn : lastMover;
    document.getElementById("status").dataset.winner = winner;
    return winner === "you" ? "No counters left: you win!" : "No counters left: the computer wins.";
  }
  if (game.turn === "computer") return "The computer is thinking…";
  return position.safe
    ? `Your move. Nim-sum ${position.nim_sum}: this position is lost for the player to move against perfect play — you must hope for a mistake.`
    : `Your move. Nim-sum ${position.nim_sum}: some column is odd, so a move makes every column even again — find it.`;
}

function draw(position) {
  document.getElementById("game").hidden = false;
  drawBoard(position);
  drawColumns(position);
  const status = document.getElementById("status");
  delete status.dataset.winner;
  status.textContent = describe(position);
  setTurn(position.over ? "over" : game.turn);
  remember({ heaps: game.heaps.join(","), play: game.misere ? "misere" : "normal", turn: game.turn });
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
    };
  },
});
const yourMove = loop.yours;

async function begin(heaps, misere, turn) {
  game = { heaps, misere, turn };
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

document.getElementById("move").addEventListener("submit", (event) => {
  event.preventDefault();
  const heap = Number(document.getElementById("move-heap").value) - 1;
  const to = Number(document.getElementById("move-to").value);
  yourMove(heap, to);
});

// A reload resumes the game the address holds.
(async () => {
  const state = recalled();
  if (!state.has("heaps")) return;
  try {
    const heaps = parseHeaps(state.get("heaps"));
    document.getElementById("heaps").value = heaps.join(", ");
    document.getElementById("play").value = state.get("play") === "misere" ? "misere" : "normal";
    const turn = state.get("turn") === "computer" ? "computer" : "you";
    await begin(heaps, state.get("play") === "misere", turn);
  } catch (error) {
    showError(error);
  }
})();

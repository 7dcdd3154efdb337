"use strict";
// A heap game by its code against the computer. The server answers each position: every
// heap's nim-value and options, the XOR, the computer's move and the reason.

let game = null; // { start, first, kind, code, heaps, turn, heap (the heap last played on) }
Object.assign(FIELD_WORDS, { kind: "Kind", code: "Code", heaps: "Heaps", heap: "Heap", leaves: "Your move" });

function leavesText(leaves) {
  return leaves.length === 0 ? "nothing" : leaves.join(" + ");
}

// The position's table into `id`: with a move's controls when `controls`; `marks.chosen`, the
// heap the computer played on, `marks.changed`, the heaps its move left there.
function drawTable(id, position, controls, marks = {}) {
  const yours = controls && game.turn === "you" && !position.over;
  const table = document.getElementById(id);
  const header = element("tr", {}, element("th", {}, "heap"), element("th", {}, "counters"),
    element("th", { class: "hint" }, "nim-value"), ...controls ? [element("th", {}, "your move")] : []);
  const rows = position.heaps.map((size, index) => {
    const cells = [element("td", {}, `${index + 1}`), element("td", {}, `${size}`),
      element("td", { class: "hint" }, `${position.values[index]}`)];
    if (controls) {
      const choices = element("select", { "aria-label": `a move on heap ${index + 1}`, "data-heap": index });
      position.options[index].forEach((option, number) => {
        choices.append(element("option", { value: number }, `→ ${leavesText(option.leaves)} (value ${option.value})`));
      });
      if (position.options[index].length === 0) choices.append(element("option", {}, "no move"));
      const play = element("button", {
        type: "button",
        "aria-label": `play on heap ${index + 1}`,
        onclick: () => yourMove(index, position.options[index][Number(choices.value)].leaves),
      }, "play");
      choices.disabled = play.disabled = !yours || position.options[index].length === 0;
      cells.push(element("td", { class: "move" }, choices, " ", play));
    }
    const row = element("tr", { "data-size": size }, ...cells);
    if (marks.chosen === index) row.classList.add("chosen");
    if (marks.changed && index >= marks.changed[0] && index < marks.changed[1]) row.classList.add("changed");
    return row;
  });
  const total = element("tr", { class: "parity hint" }, element("th", {}, "XOR"), element("td", {}, ""),
    element("td", {}, `${position.nim_sum}`),
    ...controls ? [element("td", {}, position.safe ? "0: lost for the player to move" : "not 0: a winning move exists")] : []);
  table.replaceChildren(header, ...rows, total);
}

function draw(position, marks) {
  document.getElementById("game").hidden = false;
  const changed = marks ? [marks.heap, marks.heap + marks.leaves.length] : null;
  drawTable("position", position, true, { changed });
  const table = document.getElementById("position");
  table.dataset.nimSum = position.nim_sum;
  table.dataset.heaps = position.heaps.join(",");
  const status = document.getElementById("status");
  delete status.dataset.winner;
  if (position.over) {
    const winner = game.turn === "you" ? "computer" : "you";
    status.dataset.winner = winner;
    status.textContent = winner === "you" ? "No move left: you win!" : "No move left: the computer wins.";
  } else {
    status.textContent = game.turn === "you" ? `Your move in the ${position.game}.` : "The computer is thinking…";
  }
  setTurn(position.over ? "over" : game.turn);
  remember({
    kind: game.kind, code: game.code, heaps: game.heaps.join(","), turn: game.turn,
    start: game.start.join(","), first: game.first,
  });
}

async function move(heap, leaves) {
  const answer = await api("/api/code/move", { kind: game.kind, code: game.code, heaps: game.heaps, heap, leaves });
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
    return {
      position: await move(choice.heap, choice.leaves),
      explanation: choice.explanation,
      marks: { heap: choice.heap, leaves: choice.leaves },
    };
  },
  showBefore(position, marks) {
    drawTable("before-position", position, false, { chosen: marks.heap });
  },
  // The move of the heap last played on, or of the nearest heap before it that has one.
  focusTarget() {
    const choices = [...document.querySelectorAll("#position select:enabled")];
    const at = choices.filter((select) => Number(select.dataset.heap) <= game.heap);
    return at.length ? at[at.length - 1] : choices[0];
  },
  again: () => begin(game.kind, game.code, game.start, game.first),
});

function yourMove(heap, leaves) {
  game.heap = heap;
  return loop.yours(heap, leaves);
}

// `start` and `first`: the game "Play again" starts, when it is not this one (a reload).
async function begin(kind, code, heaps, turn, start = heaps, first = turn) {
  game = { start, first, kind, code, heaps, turn, heap: 0, focus: null };
  await loop.begin(await api("/api/code/position", { kind, code, heaps }));
}

document.getElementById("setup").addEventListener("submit", async (event) => {
  event.preventDefault();
  try {
    showError(null);
    await begin(document.getElementById("kind").value, document.getElementById("code").value.trim(),
      parseHeaps(document.getElementById("heaps").value), document.getElementById("first").value);
  } catch (error) {
    showError(error);
  }
});

(async () => {
  const state = recalled();
  if (!state.has("heaps") || !state.has("code")) return;
  try {
    const kind = state.get("kind") ?? "octal";
    const heaps = parseHeaps(state.get("heaps"), true);
    const start = state.has("start") ? parseHeaps(state.get("start")) : heaps;
    document.getElementById("kind").value = kind;
    document.getElementById("code").value = state.get("code");
    document.getElementById("heaps").value = start.join(", ");
    const turn = state.get("turn") === "computer" ? "computer" : "you";
    const first = state.has("first") ? (state.get("first") === "computer" ? "computer" : "you") : turn;
    await begin(kind, state.get("code"), heaps, turn, start, first);
  } catch (error) {
    showError(error);
  }
})();

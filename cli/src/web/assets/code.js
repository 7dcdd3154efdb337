"use strict";
// A heap game by its code against the computer. The server answers each position: every
// heap's nim-value and options, the XOR, the computer's move and the reason.

let game = null; // { kind, code, heaps, turn }

function leavesText(leaves) {
  return leaves.length === 0 ? "nothing" : leaves.join(" + ");
}

function draw(position) {
  document.getElementById("game").hidden = false;
  const yours = game.turn === "you" && !position.over;
  const table = document.getElementById("position");
  const header = element("tr", {}, element("th", {}, "heap"), element("th", {}, "counters"),
    element("th", {}, "nim-value"), element("th", {}, "your move"));
  const rows = position.heaps.map((size, index) => {
    const choices = element("select", { "aria-label": `a move on heap ${index + 1}`, "data-heap": index });
    position.options[index].forEach((option, number) => {
      choices.append(element("option", { value: number }, `→ ${leavesText(option.leaves)} (value ${option.value})`));
    });
    const play = element("button", {
      type: "button",
      onclick: () => yourMove(index, position.options[index][Number(choices.value)].leaves),
    }, "play");
    choices.disabled = play.disabled = !yours || position.options[index].length === 0;
    return element("tr", { "data-size": size }, element("td", {}, `${index + 1}`), element("td", {}, `${size}`),
      element("td", {}, `${position.values[index]}`), element("td", {}, choices, " ", play));
  });
  const total = element("tr", { class: "parity" }, element("th", {}, "XOR"), element("td", {}, ""),
    element("td", {}, `${position.nim_sum}`), element("td", {}, position.safe ? "0: lost for the player to move" : "not 0: a winning move exists"));
  table.replaceChildren(header, ...rows, total);
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
  remember({ kind: game.kind, code: game.code, heaps: game.heaps.join(","), turn: game.turn });
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
    return { position: await move(choice.heap, choice.leaves), explanation: choice.explanation };
  },
});
const yourMove = loop.yours;

async function begin(kind, code, heaps, turn) {
  game = { kind, code, heaps, turn };
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
    document.getElementById("kind").value = kind;
    document.getElementById("code").value = state.get("code");
    document.getElementById("heaps").value = state.get("heaps");
    await begin(kind, state.get("code"), parseHeaps(state.get("heaps")),
      state.get("turn") === "computer" ? "computer" : "you");
  } catch (error) {
    showError(error);
  }
})();

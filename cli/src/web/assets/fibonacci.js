"use strict";
// Fibonacci Nim (k = 2) and take-away with multiplier k against the computer. The server
// answers each position: its terms, whether it is safe, the computer's move and the reason.

const TAKES_SHOWN = 30;
let game = null; // { k, remaining, limit (null at the start), turn }

function describe(position) {
  if (position.over) {
    // Whoever took the last counter won: the one who is not to move now.
    const winner = game.turn === "you" ? "computer" : "you";
    document.getElementById("status").dataset.winner = winner;
    return winner === "you" ? "No counters left: you win!" : "No counters left: the computer wins.";
  }
  if (game.turn === "computer") return "The computer is thinking…";
  return position.safe
    ? "Your move. The smallest term is out of your reach: this position is lost against perfect play."
    : "Your move. The smallest term is within your reach — taking it wins.";
}

function draw(position) {
  document.getElementById("game").hidden = false;
  document.getElementById("terms").textContent =
    `${position.remaining} = ${position.terms.length ? position.terms.join(" + ") : "0"}`;
  document.getElementById("terms").dataset.remaining = position.remaining;
  document.getElementById("limit").dataset.limit = position.limit;
  document.getElementById("limit").textContent = position.over
    ? ""
    : `The player to move may take 1 to ${position.limit}.`;
  const yours = game.turn === "you" && !position.over;
  const takes = document.getElementById("takes");
  takes.replaceChildren();
  for (let take = 1; take <= Math.min(position.limit, TAKES_SHOWN); take++) {
    const button = element("button", { type: "button", "data-take": take, onclick: () => yourMove(take) }, `${take}`);
    button.disabled = !yours;
    takes.append(button);
  }
  for (const control of document.querySelectorAll("#move input, #move button")) {
    control.disabled = !yours;
  }
  const status = document.getElementById("status");
  delete status.dataset.winner;
  status.textContent = describe(position);
  setTurn(position.over ? "over" : game.turn);
  const state = { k: game.k, remaining: game.remaining, turn: game.turn };
  if (game.limit !== null) state.limit = game.limit;
  remember(state);
}

function request() {
  const body = { k: game.k, remaining: game.remaining };
  if (game.limit !== null) body.limit = game.limit;
  return body;
}

async function move(take) {
  const answer = await api("/api/take-away/move", { ...request(), take });
  game.remaining = answer.position.remaining;
  game.limit = answer.position.limit;
  game.turn = game.turn === "you" ? "computer" : "you";
  return answer.position;
}

const loop = turnLoop({
  get game() { return game; },
  move,
  draw,
  async computerMove(position) {
    const choice = position.computer;
    const after = await move(choice.take);
    return { position: after, explanation: `The computer took ${choice.take}. ${choice.explanation}` };
  },
});
const yourMove = loop.yours;

async function begin(k, remaining, limit, turn) {
  game = { k, remaining, limit, turn };
  await loop.begin(await api("/api/take-away/position", request()));
}

document.getElementById("setup").addEventListener("submit", async (event) => {
  event.preventDefault();
  try {
    showError(null);
    const remaining = Number(document.getElementById("remaining").value);
    const k = Number(document.getElementById("k").value);
    await begin(k, remaining, null, document.getElementById("first").value);
  } catch (error) {
    showError(error);
  }
});

document.getElementById("move").addEventListener("submit", (event) => {
  event.preventDefault();
  yourMove(Number(document.getElementById("take").value));
});

(async () => {
  const state = recalled();
  if (!state.has("remaining")) return;
  try {
    const k = Number(state.get("k") ?? 2);
    const remaining = Number(state.get("remaining"));
    const limit = state.has("limit") ? Number(state.get("limit")) : null;
    document.getElementById("k").value = k;
    document.getElementById("remaining").value = remaining;
    await begin(k, remaining, limit, state.get("turn") === "computer" ? "computer" : "you");
  } catch (error) {
    showError(error);
  }
})();

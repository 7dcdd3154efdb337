"use strict";
// Fibonacci Nim (k = 2) and take-away with multiplier k against the computer. The server
// answers each position: its terms, whether it is safe, the computer's move and the reason.

const TAKES_SHOWN = 30;
let game = null; // { start, first, k, remaining, limit (null at the start), turn, take, focus }
Object.assign(FIELD_WORDS, { remaining: "Counters", k: "k", take: "Take", limit: "Limit" });

function termName() {
  return game.k === 2 ? "a Fibonacci number" : "a term of the game's sequence";
}

// The heap as a sum of its terms; `marked`, a term to show as the one taken.
function termsText(remaining, terms, marked = null) {
  if (remaining === 0) return [""];
  if (terms.length === 1) {
    return [marked === null ? `${remaining} is ${termName()}` : element("mark", {}, `${remaining}`),
      marked === null ? "" : ` is ${termName()}`];
  }
  const parts = [`${remaining} = `];
  terms.forEach((term, index) => {
    if (index > 0) parts.push(" + ");
    parts.push(index === terms.length - 1 && marked === term ? element("mark", {}, `${term}`) : `${term}`);
  });
  return parts;
}

function describe(position) {
  if (position.over) {
    // Whoever took the last counter won: the one who is not to move now. A heap of one
    // counter ends before it starts: the first move may not take every counter.
    const winner = game.turn === "you" ? "computer" : "you";
    document.getElementById("status").dataset.winner = winner;
    if (position.remaining > 0) {
      const who = winner === "you" ? "the computer cannot move, so you win!" : "you cannot move, so the computer wins.";
      return [`One counter, and the first move may not take them all: ${who}`, ""];
    }
    return [winner === "you" ? "No counters left: you win!" : "No counters left: the computer wins.", ""];
  }
  if (game.turn === "computer") return ["The computer is thinking…", ""];
  return ["Your move.", position.safe
    ? "The smallest term is out of your reach: this position is lost against perfect play."
    : "The smallest term is within your reach — taking it wins."];
}

function draw(position) {
  document.getElementById("game").hidden = false;
  const counters = document.getElementById("counters");
  counters.textContent = position.remaining === 1 ? "1 counter" : `${position.remaining} counters`;
  counters.dataset.remaining = position.remaining;
  // The terms beside the count: "= 21 + 8", or what a single term is.
  const terms = position.terms;
  document.getElementById("terms").textContent = terms.length === 0 ? ""
    : terms.length === 1 ? `(${termName()})` : `= ${terms.join(" + ")}`;
  document.getElementById("limit").dataset.limit = position.limit;
  document.getElementById("limit").textContent = position.over
    ? ""
    : `The player to move may take ${position.limit === 1 ? "1" : `1 to ${position.limit}`}.`;
  const yours = game.turn === "you" && !position.over;
  const takes = document.getElementById("takes");
  takes.replaceChildren();
  for (let take = 1; take <= Math.min(position.limit, TAKES_SHOWN); take++) {
    const button = element("button", {
      type: "button", "data-take": take, "aria-label": `take ${take}`, onclick: () => yourMove(take),
    }, `${take}`);
    button.disabled = !yours;
    takes.append(button);
  }
  for (const control of document.querySelectorAll("#move input, #move button")) {
    control.disabled = !yours;
  }
  const status = document.getElementById("status");
  delete status.dataset.winner;
  const [said, hint] = describe(position);
  status.replaceChildren(said, hint ? element("span", { class: "hint" }, ` ${hint}`) : "");
  setTurn(position.over ? "over" : game.turn);
  const state = { k: game.k, remaining: game.remaining, turn: game.turn, start: game.start, first: game.first };
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
    return {
      position: after,
      explanation: `The computer took ${choice.take}. ${choice.explanation}`,
      marks: { take: choice.take, winning: choice.winning },
    };
  },
  // The heap the computer moved from, with the term it took marked when its move wins.
  showBefore(position, marks) {
    const marked = marks.winning ? marks.take : null;
    document.getElementById("before").replaceChildren("Before the computer's move: ",
      ...termsText(position.remaining, position.terms, marked), `; it took ${marks.take}.`);
  },
  // The take last played, or the largest the limit allows now.
  focusTarget() {
    const takes = document.getElementById("takes");
    return takes.querySelector(`button[data-take='${game.take}']`) || takes.querySelector("button:last-child");
  },
  again: () => begin(game.k, game.start, null, game.first),
});

function yourMove(take) {
  game.take = take;
  return loop.yours(take);
}

// `start` and `first`: the game "Play again" starts, when it is not this one (a reload).
async function begin(k, remaining, limit, turn, start = remaining, first = turn) {
  game = { start, first, k, remaining, limit, turn, take: 1, focus: null };
  await loop.begin(await api("/api/take-away/position", request()));
}

document.getElementById("setup").addEventListener("submit", async (event) => {
  event.preventDefault();
  try {
    showError(null);
    const remaining = wholeNumber("remaining");
    const k = wholeNumber("k");
    if (remaining === null || remaining < 1) throw new Error("Counters: write a whole number, at least 1");
    if (k === null || k < 1) throw new Error("k: write a whole number, at least 1");
    await begin(k, remaining, null, document.getElementById("first").value);
  } catch (error) {
    showError(error);
  }
});

// A take by number, checked in the page's own words.
document.getElementById("move").addEventListener("submit", (event) => {
  event.preventDefault();
  const most = game.limit === null ? game.remaining - 1 : Math.min(game.limit, game.remaining);
  const take = wholeNumber("take");
  if (take === null || take < 1 || take > most) {
    showError(new Error(most === 1 ? "Take: you may take only 1 now" : `Take: you may take 1 to ${most} now`));
    return;
  }
  yourMove(take);
});

(async () => {
  const state = recalled();
  if (!state.has("remaining")) return;
  try {
    const k = Number(state.get("k") ?? 2);
    const remaining = Number(state.get("remaining"));
    const limit = state.has("limit") ? Number(state.get("limit")) : null;
    const turn = state.get("turn") === "computer" ? "computer" : "you";
    const start = state.has("start") ? Number(state.get("start")) : remaining;
    const first = state.has("first") ? (state.get("first") === "computer" ? "computer" : "you") : turn;
    document.getElementById("k").value = k;
    document.getElementById("remaining").value = start;
    await begin(k, remaining, limit, turn, start, first);
  } catch (error) {
    showError(error);
  }
})();

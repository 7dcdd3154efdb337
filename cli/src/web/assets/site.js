"use strict";
// What every page shares: the JSON API, the page's state in its address, a little DOM help,
// and the turn loop with its focus and its end. No game theory is computed here: every
// answer comes from the server.

// The API's field names in the page's own words (each page fills it in): an error names the
// control a visitor sees, not the request's field.
const FIELD_WORDS = {};

async function api(path, body) {
  const response = await fetch(path, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
  const answer = await response.json();
  if (!response.ok) {
    const error = new Error(answer.error);
    error.field = answer.field;
    throw error;
  }
  return answer;
}

function element(tag, attributes = {}, ...children) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (name === "onclick") node.addEventListener("click", value);
    else node.setAttribute(name, value);
  }
  node.append(...children);
  return node;
}

function showError(error) {
  let text = "";
  if (error) {
    // `heaps[2]` is the heaps' field too.
    const field = error.field ? error.field.replace(/\[\d+\]$/, "") : null;
    const words = field === null ? null : FIELD_WORDS[field];
    text = words ? `${words}: ${error.message}` : error.message;
  }
  document.getElementById("error").textContent = text;
}

// Whether the visitor wants the analysis shown: terms, binary columns, nim-values, and why the
// computer moved. Without it the pages only play.
function hintsShown() {
  const box = document.getElementById("hints");
  return !box || box.checked;
}

// The game's state in the address: a reload, a bookmark or a link resumes it.
function remember(state) {
  const query = new URLSearchParams(state);
  if (!hintsShown()) query.set("hints", "off");
  history.replaceState(null, "", `${location.pathname}?${query}`);
}

function recalled() {
  return new URLSearchParams(location.search);
}

(function hints() {
  const box = document.getElementById("hints");
  if (!box) return;
  if (recalled().get("hints") === "off") box.checked = false;
  const apply = () => document.body.classList.toggle("no-hints", !box.checked);
  box.addEventListener("change", () => {
    apply();
    if (location.search === "") return;
    const query = recalled();
    if (box.checked) query.delete("hints");
    else query.set("hints", "off");
    history.replaceState(null, "", `${location.pathname}?${query}`);
  });
  apply();
})();

function pause(milliseconds) {
  return new Promise((resolve) => setTimeout(resolve, milliseconds));
}

// Heaps from text; `empty`: whether none at all is a position (a game whose heaps were all
// taken away, read back from the address).
function parseHeaps(text, empty = false) {
  const heaps = text.split(/[\s,]+/).filter((part) => part !== "").map(Number);
  if (heaps.some((heap) => !Number.isSafeInteger(heap) || heap < 0)) {
    throw new Error("Heaps: write whole numbers, separated by commas");
  }
  if (heaps.length === 0 && !empty) throw new Error("Heaps: write at least one heap");
  return heaps;
}

// A whole number from a control, or null.
function wholeNumber(id) {
  const text = document.getElementById(id).value.trim();
  const number = Number(text);
  return text !== "" && Number.isSafeInteger(number) ? number : null;
}

// Whose turn it is, for people (the status line) and for tests (the body's data-turn).
function setTurn(turn) {
  document.body.dataset.turn = turn;
}

// The turn loop every game page shares: the player's move, then the computer's, each sent to
// the server and drawn. `page.game` holds `turn`; `page.move(...)` sends a move and returns the
// position after it; `page.computerMove(position)` sends the computer's and returns
// `{ position, explanation, marks }` (what the page marks: the heap it changed, the column it
// chose); `page.draw(position, marks)` draws; `page.showBefore(position, marks)` shows the
// position the computer moved from beside the explanation; `page.focusTarget()` names the
// control keyboard play goes on from; `page.again()` starts the same game again.
function turnLoop(page) {
  const explain = (text) => {
    document.getElementById("explanation").textContent = text;
    if (!text) document.getElementById("before").hidden = true;
  };
  const board = () => document.querySelector("[data-board]");
  // Focus stays where the visitor plays: the board while the computer thinks (its controls are
  // disabled), then the control play goes on from, or "Play again" at the end.
  const settle = (over) => {
    if (over) {
      document.getElementById("again").focus();
      return;
    }
    const target = page.game.focus === "form"
      ? document.querySelector("#move input")
      : page.focusTarget();
    (target && !target.disabled ? target : board()).focus();
  };
  const drawn = (position, marks) => {
    page.draw(position, marks);
    document.getElementById("again").hidden = !position.over;
  };
  const computerTurn = async (position) => {
    await pause(400);
    const answer = await page.computerMove(position);
    explain(answer.explanation);
    page.showBefore(position, answer.marks);
    document.getElementById("before").hidden = false;
    drawn(answer.position, answer.marks);
    settle(answer.position.over);
  };
  document.getElementById("again").addEventListener("click", () => {
    showError(null);
    page.game.focus = null;
    page.again().catch(showError);
  });
  return {
    async yours(...move) {
      if (page.game.turn !== "you") return;
      const active = document.activeElement;
      page.game.focus = active && active.closest("#move") ? "form" : null;
      try {
        showError(null);
        explain("");
        const position = await page.move(...move);
        drawn(position, null);
        board().focus();
        if (position.over) settle(true);
        else await computerTurn(position);
      } catch (error) {
        showError(error);
      }
    },
    async begin(position, focus = true) {
      explain("");
      drawn(position, null);
      if (page.game.turn === "computer" && !position.over) await computerTurn(position);
      else if (focus) settle(position.over);
    },
  };
}

"use strict";
// What every page shares: the JSON API, the page's state in its address, a little DOM help.
// No game theory is computed here: every answer comes from the server.

async function api(path, body) {
  const response = await fetch(path, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
  const answer = await response.json();
  if (!response.ok) {
    throw new Error(answer.field ? `${answer.field}: ${answer.error}` : answer.error);
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
  document.getElementById("error").textContent = error ? error.message : "";
}

// The game's state in the address: a reload, a bookmark or a link resumes it.
function remember(state) {
  const query = new URLSearchParams(state).toString();
  history.replaceState(null, "", `${location.pathname}?${query}`);
}

function recalled() {
  return new URLSearchParams(location.search);
}

function pause(milliseconds) {
  return new Promise((resolve) => setTimeout(resolve, milliseconds));
}

function parseHeaps(text) {
  const heaps = text.split(/[\s,]+/).filter((part) => part !== "").map(Number);
  if (heaps.some((heap) => !Number.isSafeInteger(heap) || heap < 0)) {
    throw new Error("heaps: write whole numbers, separated by commas");
  }
  return heaps;
}

// Whose turn it is, for people (the status line) and for tests (the body's data-turn).
function setTurn(turn) {
  document.body.dataset.turn = turn;
}

// The turn loop every game page shares: the player's move, then the computer's, each sent to
// the server and drawn. `page.game` holds `turn`; `page.move(...)` sends a move and returns the
// position after it; `page.computerMove(position)` sends the computer's and returns
// `{ position, explanation }`; `page.draw(position)` draws.
function turnLoop(page) {
  const explain = (text) => {
    document.getElementById("explanation").textContent = text;
  };
  const computerTurn = async (position) => {
    await pause(400);
    const answer = await page.computerMove(position);
    explain(answer.explanation);
    page.draw(answer.position);
  };
  return {
    async yours(...move) {
      if (page.game.turn !== "you") return;
      try {
        showError(null);
        explain("");
        const position = await page.move(...move);
        page.draw(position);
        if (!position.over) await computerTurn(position);
      } catch (error) {
        showError(error);
      }
    },
    async begin(position) {
      explain("");
      page.draw(position);
      if (page.game.turn === "computer" && !position.over) await computerTurn(position);
    },
  };
}

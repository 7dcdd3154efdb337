"use strict";
// Each form sets a picture's address; the server draws it (the library's plot module). A bad
// input's picture fails to load, and the server's message for it is shown instead.

async function show(image, path, query) {
  const address = `${path}?${new URLSearchParams(query)}`;
  const response = await fetch(address);
  if (!response.ok) {
    const answer = await response.json();
    showError(new Error(answer.field ? `${answer.field}: ${answer.error}` : answer.error));
    return;
  }
  showError(null);
  image.src = address;
}

function form(name, path, fields) {
  const draw = () => {
    const query = {};
    for (const field of fields) query[field] = document.getElementById(`${name}-${field}`).value.trim();
    show(document.getElementById(name), path, query);
  };
  document.getElementById(`${name}-form`).addEventListener("submit", (event) => {
    event.preventDefault();
    draw();
  });
  draw();
}

form("sequence", "/api/plot/sequence", ["kind", "code", "n"]);
form("wythoff", "/api/plot/wythoff", ["size"]);
form("pairs", "/api/plot/pairs", ["kind", "code", "size"]);

// The puzz.link player's own judge, for the tests: npm pzpr (MIT), installed by
// `make test` into .cache/pzpr. Reads JSON lines on stdin, each {"pzprv3": TEXT} (a
// solved board in the player's file format) or {"url": LINK} (a puzzle to re-encode),
// and prints one JSON line per input: whether the board is complete by the genre's
// rules, the code of the first check that fails (null when complete), and the link
// the player writes for the board's puzzle (getURL), or an error.
"use strict";
const path = require("path");
const readline = require("readline");
const pzpr = require(path.resolve(__dirname, "..", ".cache", "pzpr", "node_modules", "pzpr"));

function judge(item) {
  try {
    const puzzle = new pzpr.Puzzle();
    puzzle.open(item.pzprv3 !== undefined ? item.pzprv3 : item.url);
    const result = puzzle.check(true);
    return {
      genre: puzzle.pid,
      complete: Boolean(result.complete),
      code: result.complete ? null : (result[0] || null),
      text: result.complete ? "" : String(result.text),
      url: puzzle.getURL(),
      file: item.file ? puzzle.getFileData() : undefined,
    };
  } catch (error) {
    return { error: String(error && error.message ? error.message : error) };
  }
}

const lines = readline.createInterface({ input: process.stdin });
lines.on("line", (line) => {
  if (!line.trim()) return;
  process.stdout.write(JSON.stringify(judge(JSON.parse(line))) + "\n");
});

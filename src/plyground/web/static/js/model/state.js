// What the page holds between events: the catalog, the game on screen, its secrets, the
// review, the move being entered; and whose turn is whose.

// The state the modules share (each module keeps its own timers and such to itself).
export const ui = {
  catalog: null, // the server's games, bots and limits
  game: null, // the snapshot on screen
  secrets: null, // {seats: {"0": token}, control: token}
  events: null, // the game's EventSource
  pending: null, // the newest snapshot not yet shown
  lastMoveAt: 0, // when the last move was shown (the pace of bot moves)
  receivedAt: 0, // when the snapshot on screen came (a bot's thinking clock)
  focusIndex: 0, // the board slot that takes the keyboard focus
  boardKey: "", // the layout the board was built for
  review: null, // {history, index}
  busy: false, // a request of this page is on its way
  lastSetup: null, // the last game started (the start form's preset)
  partial: [], // the clicks of a move being entered (cell names)
  queued: [], // button moves pressed before the live position was on screen
  disconnected: false, // the server cannot be reached: the board takes no input
  toolsKey: "", // the game the tool buttons were built for
};

export function mySeats() {
  return new Set(Object.keys(ui.secrets?.seats ?? {}).map(Number));
}

export function tokenFor(seat) {
  return ui.secrets?.seats?.[String(seat)];
}

export function myTurn(snapshot) {
  return snapshot.to_move !== null && mySeats().has(snapshot.to_move);
}

export function myToken(snapshot) {
  // The token of a seat this page plays: the one to move if it is ours, else the first.
  if (myTurn(snapshot)) return tokenFor(snapshot.to_move);
  const seats = [...mySeats()].sort();
  return seats.length ? tokenFor(seats[0]) : undefined;
}

// What a lower module asks of the page above it. The page's modules import only downward
// (lib < model < net < view < input < app.js); a module below the screen that needs it
// redrawn calls these, and app.js registers what they do once, at start.

const registered = { show: null, redraw: null };

export function registerHooks(hooks) {
  // `show(snapshot)`: put a newer snapshot on screen (then play keys pressed ahead);
  // `redraw()`: draw the snapshot on screen again (the page's own state changed).
  Object.assign(registered, hooks);
}

export function show(snapshot) {
  registered.show?.(snapshot);
}

export function redraw() {
  registered.redraw?.();
}

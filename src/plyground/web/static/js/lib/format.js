// Numbers, scores, seconds and move effects as the page writes them.

export function fmtNumber(value) {
  if (value === null || value === undefined) return "–";
  if (Math.abs(value) >= 1e6) return `${(value / 1e6).toFixed(1)}M`;
  if (Math.abs(value) >= 1e4) return `${(value / 1e3).toFixed(0)}k`;
  return String(value);
}

export function fmtScore(value) {
  if (value === null || value === undefined) return "–";
  if (Math.abs(value) >= 1e4) return `${value > 0 ? "+" : "-"}${fmtNumber(Math.abs(Math.round(value)))}`;
  const rounded = Math.round(value * 100) / 100;
  return rounded > 0 ? `+${rounded}` : String(rounded);
}

export function fmtClock(seconds) {
  // A clock's reading: 0:07, 1:35, 1:02:10.
  const whole = Math.max(0, Math.floor(seconds));
  const [h, m, s] = [Math.floor(whole / 3600), Math.floor(whole / 60) % 60, whole % 60];
  const mm = h ? String(m).padStart(2, "0") : String(m);
  return `${h ? `${h}:` : ""}${mm}:${String(s).padStart(2, "0")}`;
}

export function fmtSeconds(value) {
  return `${value < 10 ? value.toFixed(1) : Math.round(value)} s`;
}

export function flippedCells(effects) {
  return Object.entries(effects).filter(([, what]) => what === "flipped").map(([cell]) => cell);
}

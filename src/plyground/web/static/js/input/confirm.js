// Buttons that end something for good (Resign, End game) ask once more: the first click
// turns the button into its question, a second click within a few seconds acts, and the
// button goes back to its label if the second never comes.

const ARMED_MS = 4000;

export function confirmFirst(button, question, action) {
  const label = button.textContent;
  let timer = null;
  const disarm = () => {
    clearTimeout(timer);
    timer = null;
    button.textContent = label;
    button.classList.remove("confirming");
    button.removeAttribute("aria-live");
  };
  button.addEventListener("click", () => {
    if (timer === null) {
      button.textContent = question;
      button.classList.add("confirming");
      button.setAttribute("aria-live", "polite");
      timer = setTimeout(disarm, ARMED_MS);
      return;
    }
    disarm();
    action();
  });
  button.addEventListener("blur", disarm);
}

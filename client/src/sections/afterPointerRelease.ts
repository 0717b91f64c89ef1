// A field's blur validates it, and a message appearing or going moves what is below it. The
// blur comes as the pointer presses something else: if the page moved before the pointer was
// released, the release would land elsewhere and the click would be lost (a button just below
// a corrected field). So while a pointer is down, such work waits for the click, or the release.
let down = false;
let waiting: Array<() => void> = [];

function release() {
  down = false;
  const tasks = waiting;
  waiting = [];
  for (const task of tasks) task();
}

function install() {
  if (typeof document === 'undefined') return;
  document.addEventListener('pointerdown', () => (down = true), true);
  // The click's target is settled before it is dispatched: what waited runs before any handler.
  document.addEventListener('click', release, true);
  // A press released somewhere else gets no click.
  const soon = () => window.setTimeout(release, 0);
  document.addEventListener('pointerup', soon, true);
  document.addEventListener('pointercancel', soon, true);
  // A native select's list may swallow the release; its choice, or typing, ends the press.
  // A text field's change comes with its blur, while the press goes on: that one must wait.
  document.addEventListener(
    'change',
    (event) => {
      if (event.target instanceof HTMLSelectElement) release();
    },
    true,
  );
  document.addEventListener('keydown', release, true);
  window.addEventListener('blur', release);
}

// From the start: the first blur comes with the first press.
install();

export function afterPointerRelease(task: () => void): void {
  if (down) waiting.push(task);
  else task();
}

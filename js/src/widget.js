// The anywidget module: `export default { initialize, render }`.  `initialize` makes the
// model's Table (the coordinator its views share: the snapshot read, intents sent); `render`
// makes a view over it and returns its cleanup.
import { handOverWhenShown } from "./handover.js";
import { kernelless, playLocally, staticPage } from "./kernel.js";
import { dropTable, tableFor } from "./table.js";
import { followTheme } from "./theme.js";
import { BoardView } from "./view.js";

export function initialize({ model } = {}) {
  if (model) tableFor(model);
  return () => {
    if (model) dropTable(model);
  };
}

export function render({ model, el }) {
  const table = tableFor(model);
  // a model Python never published a board into (a static course page), or a page known to
  // have no kernel (a static export): the page's own engine plays from the first frame
  const win = el.ownerDocument && el.ownerDocument.defaultView;
  if (kernelless(model) || staticPage(model, win)) playLocally(table);
  const view = new BoardView(table, el);
  // the page's dark theme, read across marimo's shadow root (theme.js)
  const stopTheme = followTheme(view.root, el);
  // Python's board in a cell whose preview was played before the kernel was ready: that game
  // goes on here, through Python (handover.js)
  if (!table.local && !kernelless(model)) handOverWhenShown(table, el, (text) => view.note(text));
  return () => {
    stopTheme();
    view.destroy();
  };
}

export { BoardView };
export default { initialize, render };

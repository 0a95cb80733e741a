// The anywidget module: `export default { initialize, render }`.  `initialize` makes the
// model's Table (the coordinator its views share: the snapshot read, intents sent); `render`
// makes a view over it and returns its cleanup.
import { dropTable, tableFor } from "./table.js";
import { BoardView } from "./view.js";

export function initialize({ model } = {}) {
  if (model) tableFor(model);
  return () => {
    if (model) dropTable(model);
  };
}

export function render({ model, el }) {
  const view = new BoardView(tableFor(model), el);
  return () => view.destroy();
}

export { BoardView };
export default { initialize, render };

// The anywidget module: `export default { initialize, render }`; render returns its cleanup.
import { BoardView } from "./view.js";

export function render({ model, el }) {
  const view = new BoardView(model, el);
  return () => view.destroy();
}

export function initialize() {
  // nothing to set up per model: every view reads the synced traits
  return () => {};
}

export { BoardView };
export default { initialize, render };

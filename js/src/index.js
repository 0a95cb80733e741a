// Bundle entry: the styles (esbuild writes them to widget.css) and the anywidget module.
import "./styles.css";

export { BoardView, initialize, render } from "./widget.js";
export { default } from "./widget.js";

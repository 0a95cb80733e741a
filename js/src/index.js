// Bundle entry: the styles (esbuild writes them to widget.css) and the anywidget module.
// Only the default export: anywidget warns about a module that also exports `render` by name.
import "./styles.css";
import "./analysis.css";

export { default } from "./widget.js";

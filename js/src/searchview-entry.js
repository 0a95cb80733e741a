// Bundle entry of the search view (static/searchview.js + static/searchview.css): the board's
// styles (the view draws positions with the board's renderer), its own, and the module.
import "./styles.css";
import "./searchview.css";

export { default } from "./searchview.js";

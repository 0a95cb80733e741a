// The page's theme, read where the board's style sheet cannot see it.  JupyterLab and VS Code
// mark their dark themes on <body> (`data-jp-theme-light="false"`, `vscode-dark`), and the
// style sheet keys its dark colours on that; but marimo shows each output in a shadow root,
// which a selector on <body> never reaches, and marimo marks its dark theme its own way
// (`class="dark"` or `data-theme="dark"` on <html> or <body>).  So the board reads the marks
// itself, from the element its shadow root hangs on up to the document, and says what it
// found on its own root: `data-page-theme="dark"` (styles.css draws the dark board for it,
// with the page's colours the --jp-* variables would otherwise have given).  It reads them
// again whenever the page changes them (a MutationObserver on <html> and <body>).

const DARK = [
  (n) => n.getAttribute("data-jp-theme-light") === "false",
  (n) => n.classList.contains("vscode-dark") || n.classList.contains("vscode-high-contrast"),
  (n) => n.classList.contains("dark"),
  (n) => n.getAttribute("data-theme") === "dark",
];
const LIGHT = [
  (n) => n.getAttribute("data-jp-theme-light") === "true",
  (n) => n.classList.contains("light") || n.classList.contains("vscode-light"),
  (n) => n.getAttribute("data-theme") === "light",
];

/** "dark", "light" or "" (no mark: the page's own default) for the board in `el`: the nearest
 * mark on `el`'s ancestors, across shadow roots, up to <html>. */
export function pageTheme(el) {
  for (let node = el; node;) {
    if (node.nodeType === 1) {
      if (DARK.some((f) => f(node))) return "dark";
      if (LIGHT.some((f) => f(node))) return "light";
    }
    if (node.parentElement) node = node.parentElement;
    else {
      const root = typeof node.getRootNode === "function" ? node.getRootNode() : null;
      node = root && root !== node && root.host ? root.host : null;
    }
  }
  return "";
}

/** Does an ancestor of `el` (across shadow roots) carry the attribute `name`? */
function marked(el, name) {
  for (let node = el; node;) {
    if (node.nodeType === 1 && node.hasAttribute(name)) return true;
    if (node.parentElement) node = node.parentElement;
    else {
      const root = typeof node.getRootNode === "function" ? node.getRootNode() : null;
      node = root && root !== node && root.host ? root.host : null;
    }
  }
  return false;
}

/** Keep `root.dataset.pageTheme` the page's theme; returns the function that stops it. */
export function followTheme(root, el) {
  const doc = root.ownerDocument;
  const win = doc.defaultView;
  const set = () => {
    const theme = pageTheme(el);
    if (theme) root.dataset.pageTheme = theme;
    else delete root.dataset.pageTheme;
    // (where the page gives no --jp-* colours — marimo — the dark board brings its own;
    // JupyterLab marks its pages with data-jp-theme-light)
    root.toggleAttribute("data-jp-colours", marked(el, "data-jp-theme-light"));
  };
  set();
  if (!win || typeof win.MutationObserver !== "function") return () => {};
  const obs = new win.MutationObserver(set);
  for (const n of [doc.documentElement, doc.body]) {
    if (n) obs.observe(n, { attributes: true, attributeFilter: ["class", "data-theme", "data-jp-theme-light"] });
  }
  return () => obs.disconnect();
}

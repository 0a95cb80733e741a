// Copy the widget-manager scripts a static HTML export needs into the Python package, so that
// `python -m fourseasons_widget.tools.export` can write pages that render offline (no CDN).
// Run by `npm run build` here; the files land in fourseasons_widget/static/export/ and ship
// in the wheel with the rest of fourseasons_widget/static/.
import { copyFileSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
const out = join(here, "..", "..", "fourseasons_widget", "static", "export");
const mods = join(here, "node_modules");
const version = (pkg) => JSON.parse(readFileSync(join(mods, pkg, "package.json"), "utf8")).version;

rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });

// require.js: the AMD loader the html-manager's embed-amd bundle expects on the page
copyFileSync(join(mods, "requirejs", "require.js"), join(out, "require.js"));

// @jupyter-widgets/html-manager: renders embedded widget state (bundles base and controls);
// the icon fonts its CSS loads relative to the script (woff2/woff: what browsers pick; the
// legacy eot/ttf/svg copies are left out)
const hm = join(mods, "@jupyter-widgets", "html-manager", "dist");
for (const f of readdirSync(hm)) {
  if (f === "embed-amd.js" || /\.woff2?$/.test(f)) copyFileSync(join(hm, f), join(out, f));
}

// anywidget's front end (an AMD module); the page maps the module name "anywidget" to it
copyFileSync(join(mods, "anywidget", "dist", "index.js"), join(out, "anywidget.js"));

const versions = {
  requirejs: version("requirejs"),
  "@jupyter-widgets/html-manager": version("@jupyter-widgets/html-manager"),
  anywidget: version("anywidget"),
};
writeFileSync(join(out, "versions.json"), JSON.stringify(versions, null, 2) + "\n");
writeFileSync(
  join(out, "NOTICE.txt"),
  [
    "Third-party files shipped for offline static HTML exports:",
    `- require.js ${versions.requirejs} (MIT) https://github.com/requirejs/requirejs`,
    `- @jupyter-widgets/html-manager ${versions["@jupyter-widgets/html-manager"]} embed-amd.js and fonts (BSD-3-Clause; bundled third-party notices as published by the package) https://github.com/jupyter-widgets/ipywidgets`,
    `- anywidget ${versions.anywidget} dist/index.js (MIT) https://github.com/manzt/anywidget`,
    "",
  ].join("\n"),
);
console.log(`export assets -> ${out}`);

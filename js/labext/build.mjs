// Build the preview extension with JupyterLab's own extension builder (@jupyterlab/builder:
// webpack, module federation, the shared packages of the JupyterLab it is built against).
// `jupyter labextension build` does the same, but in JupyterLab 4.6 it only hands over to the
// separate `jupyter-builder` package; the builder needs the core's package.json (the versions
// of the packages JupyterLab shares), which the installed `jupyterlab` Python package carries
// in its `staging/` folder.  That JupyterLab is found with JUPYTERLAB_CORE_PATH, else with
// the project's .venv, $PYTHON, python3 or python; with none (e.g. a wheel built in an
// isolated environment) the extension is not built and the board works as before — only the
// JupyterLite site needs it, and lite/build.py builds it with its own Python.
import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
const FIND = "import jupyterlab, os; print(os.path.join(os.path.dirname(jupyterlab.__file__), 'staging'))";

function corePath() {
  if (process.env.JUPYTERLAB_CORE_PATH) return process.env.JUPYTERLAB_CORE_PATH;
  const pythons = [resolve(here, "../../.venv/bin/python"), process.env.PYTHON, "python3", "python"];
  for (const py of pythons.filter(Boolean)) {
    try {
      const out = execFileSync(py, ["-c", FIND], { encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] }).trim();
      if (existsSync(join(out, "package.json"))) return out;
    } catch {
      /* (not this one) */
    }
  }
  return null;
}

const core = corePath();
if (!core) {
  console.warn("preview extension not built: no Python with JupyterLab found (set JUPYTERLAB_CORE_PATH)");
  process.exit(0);
}
const require = createRequire(import.meta.url);
const builder = require.resolve("@jupyterlab/builder/lib/build-labextension.js");
execFileSync(process.execPath, [builder, "--core-path", core, here], { stdio: ["ignore", "ignore", "inherit"] });
console.log(`preview extension -> ${resolve(here, "../../fourseasons_widget/labextension")}`);

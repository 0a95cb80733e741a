// The JupyterLab extension of fourseasons-widget: a MIME renderer, marked safe, for the
// board's preview (`application/vnd.fourseasons.board+json`, written by Python beside the
// widget's output: fourseasons_widget/preview.py).  Safe, so that it renders in an untrusted
// notebook (the JupyterLite site's); ranked after the widget's own view (the widget manager
// ranks it -10), so a live widget wins wherever one can be shown, and before text/plain (120),
// so a notebook opened before its kernel is ready shows a board that plays (js/src/preview.js:
// the kernel-less board the exported page plays on), not the widget's text.
import { Widget } from "@lumino/widgets";

import { MIME, renderPreview } from "../../src/preview.js";
import "../../src/styles.css";
import "../../src/analysis.css";

class PreviewRenderer extends Widget {
  constructor() {
    super();
    this.addClass("fsw-preview");
    this.stop = null;
  }

  renderModel(model) {
    if (this.stop) this.stop();
    this.stop = renderPreview(this.node, model.data[MIME]);
    return Promise.resolve();
  }

  dispose() {
    if (this.isDisposed) return;
    if (this.stop) this.stop();
    this.stop = null;
    super.dispose();
  }
}

const rendererFactory = {
  safe: true,
  mimeTypes: [MIME],
  defaultRank: 0,
  createRenderer: () => new PreviewRenderer(),
};

export default {
  id: "fourseasons-widget-preview:board",
  name: "fourseasons-widget-preview",
  rendererFactory,
  rank: 0,
  dataType: "json",
};

/**
 * The report page's own script (plain browser JavaScript, inlined into the HTML): decodes each panel's cells,
 * draws the key-space heatmap on a canvas (each pixel the highest value of the cells it covers), answers hover by
 * index arithmetic, and draws the per-server load with the fair share through the inlined uPlot.
 *
 * Exposes `window.hotspotReport` (panels, `ready` promise, `cellAt`) for tests and the curious.
 *
 * @module
 */

/** The script text. Reads `<script id="report-data" type="application/json">`. */
export const CLIENT_SCRIPT = String.raw`
(function () {
  'use strict';
  var ABSENT = 65535;
  var STOPS = [[16, 18, 40], [70, 20, 110], [180, 40, 90], [245, 120, 30], [255, 245, 90]];
  var LUT = new Uint8Array(256 * 3);
  for (var i = 0; i < 256; i++) {
    var f = i / 255 * (STOPS.length - 1), a = Math.min(STOPS.length - 2, Math.floor(f)), w = f - a;
    for (var c = 0; c < 3; c++) LUT[i * 3 + c] = Math.round(STOPS[a][c] * (1 - w) + STOPS[a + 1][c] * w);
  }
  var NONE = [48, 48, 48];
  var data = JSON.parse(document.getElementById('report-data').textContent);
  var state = { metric: data.split ? 'writes' : 'requests', heights: 'equal', scale: 'log' };
  var DECADES = 1e5;
  var api = { panels: [], state: state, lut: LUT, none: NONE };
  window.hotspotReport = api;

  function inflate(b64) {
    var bin = atob(b64), bytes = new Uint8Array(bin.length);
    for (var i = 0; i < bin.length; i++) bytes[i] = bin.charCodeAt(i);
    var stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream('deflate-raw'));
    return new Response(stream).arrayBuffer().then(function (buf) { return new Uint16Array(buf); });
  }
  function fmt(v) {
    if (v === null || v === undefined || v < 0) return 'n/a';
    return v >= 100 ? Math.round(v).toLocaleString('en-US') : v.toPrecision(3);
  }

  function Panel(d, el) {
    this.d = d; this.el = el;
    this.S = d.segKey.length; this.T = d.ends.length; this.R = d.names.length;
    this.canvas = el.querySelector('canvas.heatmap');
    this.tip = el.querySelector('.tip');
  }
  Panel.prototype.load = function () {
    var self = this, d = this.d;
    return Promise.all([inflate(d.requests), inflate(d.writes), inflate(d.reads)]).then(function (a) {
      self.q = { requests: a[0], writes: a[1], reads: a[2] };
      var S = self.S, T = self.T;
      self.owner = new Int32Array(S * T).fill(-1);
      self.offset = new Int32Array(self.R);
      var off = 0;
      for (var r = 0; r < self.R; r++) {
        self.offset[r] = off;
        for (var t = d.t0[r]; t <= d.t1[r]; t++) {
          if (self.q.requests[off + t - d.t0[r]] === ABSENT) continue;
          for (var s = d.segA[r]; s < d.segB[r]; s++) self.owner[t * S + s] = r;
        }
        off += d.t1[r] - d.t0[r] + 1;
      }
    });
  };
  Panel.prototype.raw = function (metric, r, t) {
    var q = this.q[metric][this.offset[r] + t - this.d.t0[r]];
    return q === ABSENT || q === undefined ? -1 : Math.expm1(q / this.d.scale);
  };
  Panel.prototype.value = function (metric, r, t) {
    if (metric !== 'share') return this.raw(metric, r, t);
    var total = this.d.totals[t];
    return total > 0 ? this.raw('requests', r, t) / total : 0;
  };
  Panel.prototype.server = function (r, t) {
    var runs = this.d.serverRuns[r], s = runs[1];
    for (var i = 0; i < runs.length; i += 2) if (runs[i] <= t) s = runs[i + 1];
    return this.d.servers[s];
  };
  Panel.prototype.rowEdges = function (H) {
    var S = this.S, edges = new Float64Array(S + 1);
    for (var s = 0; s <= S; s++) edges[s] = state.heights === 'equal' ? s * H / S : this.d.segPos[s] * H;
    return edges;
  };
  Panel.prototype.draw = function (max) {
    var cv = this.canvas, W = cv.width, H = cv.height, S = this.S, T = this.T, grid = this.grid(state.metric);
    var ctx = cv.getContext('2d'), img = ctx.createImageData(W, H), px = img.data;
    var col = new Float32Array(S), edges = this.rowEdges(H), rowVal = new Float32Array(H);
    this.edges = edges;
    for (var x = 0; x < W; x++) {
      var ta = Math.floor(x * T / W), tb = Math.max(ta + 1, Math.floor((x + 1) * T / W));
      col.fill(-1);
      for (var t = ta; t < tb; t++) {
        for (var s = 0, base = t * S; s < S; s++) if (grid[base + s] > col[s]) col[s] = grid[base + s];
      }
      rowVal.fill(-2);
      for (s = 0; s < S; s++) {
        var y0 = Math.floor(edges[s]), y1 = Math.max(y0 + 1, Math.floor(edges[s + 1]));
        for (var y = y0; y < y1 && y < H; y++) if (col[s] > rowVal[y]) rowVal[y] = col[s];
      }
      for (y = 0; y < H; y++) {
        var o = (y * W + x) * 4, vv = rowVal[y];
        if (vv < 0) { px[o] = NONE[0]; px[o + 1] = NONE[1]; px[o + 2] = NONE[2]; }
        else {
          var n = max > 0 ? (state.scale === 'log' ? Math.log1p(vv / max * DECADES) / Math.log1p(DECADES) : vv / max) : 0;
          var k = Math.min(255, Math.round(n * 255)) * 3;
          px[o] = LUT[k]; px[o + 1] = LUT[k + 1]; px[o + 2] = LUT[k + 2];
        }
        px[o + 3] = 255;
      }
    }
    ctx.putImageData(img, 0, 0);
    cv.dataset.cells = String(S * T);
    var note = this.el.querySelector('.aggregated');
    var cellsPerPx = Math.max(1, S / H) * Math.max(1, T / W);
    note.textContent = cellsPerPx > 1
      ? 'Aggregated: ' + S + ' key-space rows x ' + T + ' intervals on ' + W + ' x ' + H + ' pixels; each pixel shows the highest value of the cells it covers.'
      : S + ' key-space rows x ' + T + ' intervals, one cell each.';
  };
  // every cell's value for one metric, kept for the current metric. A region drawn over several key-range rows (it
  // split later, or merged) shows its own rate in each: where inside it the requests landed is not known from
  // region counters, and spreading the rate by key-space width put a tail's writes on keys written hours later.
  Panel.prototype.grid = function (metric) {
    if (this.gridMetric === metric) return this.cells;
    var d = this.d, S = this.S, g = new Float32Array(S * this.T).fill(-1), m = 0;
    for (var r = 0; r < this.R; r++) {
      for (var t = d.t0[r]; t <= d.t1[r]; t++) {
        var v = this.value(metric, r, t);
        if (v < 0 && this.raw('requests', r, t) < 0) continue;
        for (var s = d.segA[r]; s < d.segB[r]; s++) {
          g[t * S + s] = v;
          if (v > m) m = v;
        }
      }
    }
    this.cells = g; this.gridMetric = metric; this.gridMax = m;
    return g;
  };
  Panel.prototype.max = function (metric) {
    this.grid(metric);
    return this.gridMax;
  };
  Panel.prototype.cellAt = function (x, y) {
    var cv = this.canvas, W = cv.width, H = cv.height, S = this.S, e = this.edges;
    var t = Math.min(this.T - 1, Math.floor(x * this.T / W)), lo = 0, hi = S - 1;
    while (lo < hi) { var mid = (lo + hi + 1) >> 1; if (e[mid] <= y) lo = mid; else hi = mid - 1; }
    return { segment: lo, interval: t, region: this.owner[t * S + lo] };
  };
  Panel.prototype.describe = function (cell) {
    var d = this.d, r = cell.region, t = cell.interval;
    if (r < 0) return 'no region here in this interval';
    return [
      d.names[r],
      'start key: "' + d.keys[d.startKey[r]] + '"  end key: "' + d.keys[d.endKey[r]] + '"',
      'server: ' + this.server(r, t),
      'writes/s: ' + fmt(this.raw('writes', r, t)) + '  reads/s: ' + fmt(this.raw('reads', r, t)) + '  requests/s: ' + fmt(this.raw('requests', r, t)),
      'share of table: ' + (this.value('share', r, t) * 100).toFixed(1) + '%' + (d.segB[r] - d.segA[r] > 1
        ? '  (the region spans ' + (d.segB[r] - d.segA[r]) + ' rows here; each shows its whole rate)' : ''),
      new Date(d.starts[t]).toISOString() + ' to ' + new Date(d.ends[t]).toISOString(),
    ].join('\n');
  };
  Panel.prototype.attach = function () {
    var self = this, cv = this.canvas;
    cv.addEventListener('mousemove', function (ev) {
      var rect = cv.getBoundingClientRect();
      var x = (ev.clientX - rect.left) * cv.width / rect.width, y = (ev.clientY - rect.top) * cv.height / rect.height;
      self.tip.textContent = self.describe(self.cellAt(x, y));
      self.tip.style.display = 'block';
    });
    cv.addEventListener('mouseleave', function () { self.tip.style.display = 'none'; });
  };
  Panel.prototype.chart = function () {
    var d = this.d, box = this.el.querySelector('.servers');
    if (typeof uPlot === 'undefined' || !box) return;
    var xs = d.ends.map(function (t) { return t / 1000; });
    var series = [{}], rows = [xs], hues = d.servers.length;
    d.servers.forEach(function (s, i) {
      series.push({ label: s, stroke: 'hsl(' + Math.round(i * 360 / hues) + ',65%,55%)', width: 1 });
      rows.push(d.serverRates[i]);
    });
    series.push({ label: 'fair share', stroke: '#fff', dash: [6, 4], width: 2 });
    rows.push(d.fair);
    this.plot = new uPlot({ width: box.clientWidth || 600, height: 220, series: series, axes: [{ stroke: '#ccc' }, { stroke: '#ccc', label: 'requests/s' }] }, rows, box);
  };

  function redraw() {
    var max = 0;
    api.panels.forEach(function (p) {
      p.canvas.width = Math.max(200, Math.floor(p.canvas.clientWidth));
      p.canvas.height = Math.max(100, Math.floor(p.canvas.clientHeight));
    });
    api.panels.forEach(function (p) { max = Math.max(max, p.max(state.metric)); });
    api.max = max;
    api.panels.forEach(function (p) { p.draw(max); });
  }
  document.querySelectorAll('select[data-control]').forEach(function (sel) {
    sel.addEventListener('change', function () { state[sel.dataset.control] = sel.value; redraw(); });
  });
  var metricSel = document.querySelector('select[data-control=metric]');
  if (metricSel) metricSel.value = state.metric;
  api.ready = Promise.all(data.panels.map(function (d, i) {
    var p = new Panel(d, document.querySelectorAll('.panel')[i]);
    api.panels.push(p);
    return p.load().then(function () { p.attach(); p.chart(); });
  })).then(function () {
    redraw();
    document.body.dataset.ready = 'true';
    var last = 0;
    window.addEventListener('resize', function () {
      clearTimeout(last);
      last = setTimeout(redraw, 150);
    });
  });
})();
`;

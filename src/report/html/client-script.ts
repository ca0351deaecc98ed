/**
 * The report page's own script (plain browser JavaScript, inlined into the HTML): decodes each panel's cells,
 * draws the key-space heatmap on a canvas (each pixel the highest value of the cells it covers; inside a region
 * with key samples, the region's rate placed where its sampled keys fell), writes the axes and the colour legend as
 * DOM text, answers hover by index arithmetic, zooms and pans the heatmap and the per-server chart together, and
 * draws the per-server load (the busiest servers as lines, the others as a band) through the inlined uPlot.
 *
 * Exposes `window.hotspotReport` (panels, `ready` promise, `state`, and `update(data)`, which the live page calls with
 * each new snapshot's data) for tests and the curious.
 *
 * @module
 */

/** Options of {@link clientScript}. */
export interface ClientScriptOptions {
  /**
   * Draw every panel's server chart on one y-axis, from 0 to the page data's `serverMax` (requests/s) plus a
   * twentieth, instead of each chart fitting its own data: the before/after page sets it so both sides read on
   * one scale. Off, the script is {@link CLIENT_SCRIPT} byte for byte.
   */
  readonly sharedServerAxis?: boolean;
}

/**
 * The script text for a page. Reads `<script id="report-data" type="application/json">` (and its `serverMax` with
 * {@link ClientScriptOptions.sharedServerAxis}).
 */
export function clientScript(options: ClientScriptOptions = {}): string {
  const yScale = options.sharedServerAxis ? ', y: { range: function () { return [0, (data.serverMax || 1) * 1.05]; } }' : '';
  return String.raw`
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
  // a region's rate is placed by its key samples in an interval only when it has at least this many there
  // (fewer scatter a region's rate over a few pixels and leave the rest of it looking idle)
  var MIN_SAMPLES = 8;
  // lines in the server chart; the other servers form one band
  var TOP_SERVERS = 8;
  var METRICS = {
    writes: { name: 'write rate', unit: 'writes/s' },
    reads: { name: 'read rate', unit: 'reads/s' },
    requests: { name: 'request rate', unit: 'requests/s' },
    share: { name: 'share of the table', unit: '% of the table\'s requests in the interval' },
    fair: { name: 'multiple of fair share', unit: '× (region requests/s ÷ (table requests/s ÷ regions))' },
  };
  var data = JSON.parse(document.getElementById('report-data').textContent);
  var state = { metric: data.split ? 'writes' : 'requests', heights: 'equal', scale: 'log', zone: 'local' };
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
  function compact(v) {
    var abs = Math.abs(v);
    if (abs >= 1e6) return +(v / 1e6).toPrecision(3) + 'M';
    if (abs >= 1e3) return +(v / 1e3).toPrecision(3) + 'k';
    return String(+v.toPrecision(3));
  }
  function legendValue(metric, v) {
    if (metric === 'share') return +(v * 100).toPrecision(2) + '%';
    if (metric === 'fair') return compact(v) + '×';
    return compact(v);
  }
  function el(tag, cls, text) {
    var e = document.createElement(tag);
    if (cls) e.className = cls;
    if (text !== undefined) e.textContent = text;
    return e;
  }
  // toStringBinary text to bytes: \xNN escapes, every other character its own byte
  function keyBytes(s) {
    var out = [];
    for (var i = 0; i < s.length; i++) {
      if (s[i] === '\\' && s[i + 1] === 'x' && /^[0-9a-fA-F]{2}$/.test(s.substr(i + 2, 2))) { out.push(parseInt(s.substr(i + 2, 2), 16)); i += 3; }
      else out.push(s.charCodeAt(i) & 255);
    }
    return out;
  }
  function cmpBytes(a, b) {
    for (var i = 0; i < a.length && i < b.length; i++) if (a[i] !== b[i]) return a[i] - b[i];
    return a.length - b.length;
  }

  // ---- time: the viewer's zone or UTC ----
  function zoneName() {
    if (state.zone === 'utc') return 'UTC';
    try { return Intl.DateTimeFormat().resolvedOptions().timeZone || 'local time'; } catch (e) { return 'local time'; }
  }
  function parts(ms) {
    var d = new Date(ms), u = state.zone === 'utc';
    return {
      y: u ? d.getUTCFullYear() : d.getFullYear(), mo: (u ? d.getUTCMonth() : d.getMonth()) + 1, d: u ? d.getUTCDate() : d.getDate(),
      h: u ? d.getUTCHours() : d.getHours(), mi: u ? d.getUTCMinutes() : d.getMinutes(), s: u ? d.getUTCSeconds() : d.getSeconds(),
    };
  }
  function pad(n) { return n < 10 ? '0' + n : String(n); }
  function dateText(p) { return p.y + '-' + pad(p.mo) + '-' + pad(p.d); }
  function clockText(p, seconds) { return pad(p.h) + ':' + pad(p.mi) + (seconds ? ':' + pad(p.s) : ''); }
  function offsetMs(ms) { return state.zone === 'utc' ? 0 : -new Date(ms).getTimezoneOffset() * 60000; }
  var STEPS = [10, 30, 60, 120, 300, 600, 900, 1800, 3600, 7200, 10800, 21600, 43200, 86400, 172800, 604800].map(function (s) { return s * 1000; });

  function Panel(d, root) {
    this.el = root;
    this.canvas = root.querySelector('canvas.heatmap');
    this.tip = root.querySelector('.tip');
    this.init(d);
    this.view = { ta: 0, tb: this.T, va: 0, vb: 1 };
  }
  Panel.prototype.init = function (d) {
    this.d = d;
    this.S = d.segKey.length; this.T = d.ends.length; this.R = d.names.length;
    var n = d.samples ? d.samples.t.length : 0, first = new Int32Array(this.T + 1);
    for (var j = 0, t = 0; t <= this.T; t++) { while (j < n && d.samples.t[j] < t) j++; first[t] = j; }
    this.sampleFrom = first;
    this.gridMetric = null;
  };
  // new data for this panel (the live page's next snapshot): a view showing the whole time keeps showing the whole,
  // so new intervals come into sight; a view zoomed into the time stays where it is
  Panel.prototype.replace = function (d) {
    var v = this.view, whole = v.ta <= 0 && v.tb >= this.T;
    this.init(d);
    this.view = whole ? { ta: 0, tb: this.T, va: v.va, vb: v.vb } : { ta: Math.min(v.ta, this.T - 1), tb: Math.min(v.tb, this.T), va: v.va, vb: v.vb };
    return this.load();
  };
  Panel.prototype.load = function () {
    var self = this, d = this.d;
    return Promise.all([inflate(d.requests), inflate(d.writes), inflate(d.reads)]).then(function (a) {
      self.q = { requests: a[0], writes: a[1], reads: a[2] };
      // every quantized value decoded once: a table lookup per cell instead of an exp per cell
      self.dec = new Float64Array(65536);
      for (var k = 0; k < ABSENT; k++) self.dec[k] = Math.expm1(k / d.scale);
      self.dec[ABSENT] = -1;
      var S = self.S;
      self.owner = new Int32Array(S * self.T).fill(-1);
      self.offset = new Int32Array(self.R);
      var off = 0;
      // a cell over which several regions stand at once (a range's primary and its read replicas) is owned by the one
      // with the most requests, the first listed on a tie
      var qr = self.q.requests;
      for (var r = 0; r < self.R; r++) {
        self.offset[r] = off;
        for (var t = d.t0[r]; t <= d.t1[r]; t++) {
          var mine = qr[off + t - d.t0[r]];
          if (mine === ABSENT) continue;
          for (var s = d.segA[r]; s < d.segB[r]; s++) {
            var o = self.owner[t * S + s];
            if (o < 0 || mine > qr[self.offset[o] + t - d.t0[o]]) self.owner[t * S + s] = r;
          }
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
    if (metric === 'share') {
      var total = this.d.totals[t];
      return total > 0 ? this.raw('requests', r, t) / total : 0;
    }
    if (metric === 'fair') {
      var fair = this.d.totals[t] / Math.max(1, this.d.regionCounts[t]);
      return fair > 0 ? this.raw('requests', r, t) / fair : 0;
    }
    return this.raw(metric, r, t);
  };
  Panel.prototype.server = function (r, t) {
    var runs = this.d.serverRuns[r], s = runs[1];
    for (var i = 0; i < runs.length; i += 2) if (runs[i] <= t) s = runs[i + 1];
    return this.d.servers[s];
  };
  // layout position (0 top, 1 bottom) of each segment start and the end, before zoom
  Panel.prototype.layout = function () {
    var S = this.S, e = new Float64Array(S + 1);
    for (var s = 0; s <= S; s++) e[s] = state.heights === 'equal' ? s / S : this.d.segPos[s];
    return e;
  };
  Panel.prototype.toY = function (u) { return (u - this.view.va) / (this.view.vb - this.view.va) * this.canvas.height; };
  Panel.prototype.segmentAt = function (u) {
    var e = this.lay, lo = 0, hi = this.S - 1;
    while (lo < hi) { var mid = (lo + hi + 1) >> 1; if (e[mid] <= u) lo = mid; else hi = mid - 1; }
    return lo;
  };
  // which samples count for a metric: mutations for writes, reads and scans for reads, all for the others
  function sampleClass(metric) { return metric === 'writes' ? 0 : metric === 'reads' ? 1 : -1; }
  Panel.prototype.cellSamples = function (metric) {
    var sm = this.d.samples, cls = sampleClass(metric), cells = new Map();
    if (!sm) return cells;
    for (var j = 0; j < sm.t.length; j++) {
      if (cls >= 0 && sm.read[j] !== cls) continue;
      var key = sm.region[j] * this.T + sm.t[j], c = cells.get(key);
      if (!c) cells.set(key, (c = { n: 0, w: 0 }));
      c.n++; c.w += sm.weight[j];
    }
    return cells;
  };
  // every cell's value for one metric, kept for the current metric. A region drawn over several key-range rows (it
  // split later, or merged) shows its own rate in each, unless it has key samples in the interval: then each sample
  // carries its weight's part of the rate to where its key lies, and the region's other pixels show no load.
  Panel.prototype.grid = function (metric) {
    if (this.gridMetric === metric) return this.cells;
    var d = this.d, S = this.S, T = this.T, g = new Float32Array(S * T).fill(-1), m = 0;
    var cells = this.cellSamples(metric), any = cells.size > 0, sm = d.samples, cellCount = 0, spreadCount = 0;
    var dec = this.dec, qr = this.q.requests, qm = metric === 'share' || metric === 'fair' ? qr : this.q[metric];
    for (var r = 0; r < this.R; r++) {
      for (var t = d.t0[r], i = this.offset[r]; t <= d.t1[r]; t++, i++) {
        if (qm[i] === ABSENT && qr[i] === ABSENT) continue;
        var v = dec[qm[i]];
        if (metric === 'share') v = d.totals[t] > 0 ? v / d.totals[t] : 0;
        else if (metric === 'fair') { var fair = d.totals[t] / Math.max(1, d.regionCounts[t]); v = fair > 0 ? v / fair : 0; }
        var c = any ? cells.get(r * T + t) : undefined, spread = c !== undefined && c.n >= MIN_SAMPLES && c.w > 0;
        cellCount++;
        if (spread) spreadCount++;
        // where a range's primary and its replicas stand over one cell, the busiest shows
        for (var s = d.segA[r], base = t * S, w = spread ? 0 : v; s < d.segB[r]; s++) if (g[base + s] < w) g[base + s] = w;
        if (v > m) m = v;
      }
    }
    var sv = new Float32Array(sm ? sm.t.length : 0).fill(-1), cls = sampleClass(metric);
    for (var j = 0; j < sv.length; j++) {
      if (cls >= 0 && sm.read[j] !== cls) continue;
      var cell = cells.get(sm.region[j] * T + sm.t[j]);
      if (cell && cell.n >= MIN_SAMPLES && cell.w > 0) sv[j] = Math.max(0, this.value(metric, sm.region[j], sm.t[j])) * sm.weight[j] / cell.w;
    }
    this.cells = g; this.sampleValues = sv; this.cellCounts = cells; this.placed = [spreadCount, cellCount]; this.gridMetric = metric; this.gridMax = m;
    return g;
  };
  Panel.prototype.max = function (metric) {
    this.grid(metric);
    return this.gridMax;
  };
  Panel.prototype.sampleY = function (j) {
    var sm = this.d.samples, s = sm.seg[j], e = this.lay;
    return Math.floor(this.toY(e[s] + sm.pos[j] * (e[s + 1] - e[s])));
  };
  Panel.prototype.draw = function (max) {
    var cv = this.canvas, W = cv.width, H = cv.height, S = this.S, T = this.T, grid = this.grid(state.metric);
    var ctx = cv.getContext('2d'), img = ctx.createImageData(W, H), px = img.data, v = this.view;
    var e = this.lay = this.layout(), sv = this.sampleValues;
    var sA = this.segmentAt(v.va), sB = Math.min(S, this.segmentAt(v.vb) + 1);
    var ys = new Int32Array(S + 1);
    for (var s = sA; s <= sB; s++) ys[s] = Math.floor(this.toY(e[s]));
    var col = new Float32Array(S), rowVal = new Float32Array(H), acc = new Float32Array(H), touched = [];
    var k = (v.tb - v.ta) / W, base = 0;
    for (var x = 0; x < W; x++) {
      var ta = Math.min(T - 1, Math.floor(v.ta + x * k)), tb = Math.min(T, Math.max(ta + 1, Math.floor(v.ta + (x + 1) * k)));
      for (s = sA; s < sB; s++) col[s] = -1;
      for (var t = ta; t < tb; t++) {
        for (s = sA, base = t * S; s < sB; s++) if (grid[base + s] > col[s]) col[s] = grid[base + s];
      }
      rowVal.fill(-2);
      for (s = sA; s < sB; s++) {
        var y0 = Math.max(0, ys[s]), y1 = Math.min(H, Math.max(ys[s] + 1, ys[s + 1]));
        for (var y = y0; y < y1; y++) if (col[s] > rowVal[y]) rowVal[y] = col[s];
      }
      for (t = ta; t < tb; t++) {
        for (var j = this.sampleFrom[t]; j < this.sampleFrom[t + 1]; j++) {
          if (sv[j] < 0) continue;
          y = this.sampleY(j);
          if (y < 0 || y >= H) continue;
          if (acc[y] === 0) touched.push(y);
          acc[y] += sv[j] || 1e-30;
        }
        while (touched.length) { y = touched.pop(); if (acc[y] > rowVal[y]) rowVal[y] = acc[y]; acc[y] = 0; }
      }
      for (y = 0; y < H; y++) {
        var o = (y * W + x) * 4, vv = rowVal[y];
        if (vv < 0) { px[o] = NONE[0]; px[o + 1] = NONE[1]; px[o + 2] = NONE[2]; }
        else {
          var n = max > 0 ? (state.scale === 'log' ? Math.log1p(vv / max * DECADES) / Math.log1p(DECADES) : vv / max) : 0;
          var kk = Math.min(255, Math.round(n * 255)) * 3;
          px[o] = LUT[kk]; px[o + 1] = LUT[kk + 1]; px[o + 2] = LUT[kk + 2];
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
    this.axes();
    this.legend(max);
  };

  // ---- axes and legend (DOM text) ----
  Panel.prototype.timeAt = function (u) {
    var d = this.d, i = Math.max(0, Math.min(this.T - 1, Math.floor(u)));
    return d.starts[i] + (u - i) * (d.ends[i] - d.starts[i]);
  };
  Panel.prototype.posOfTime = function (ms) {
    var d = this.d, lo = 0, hi = this.T - 1;
    while (lo < hi) { var mid = (lo + hi) >> 1; if (d.ends[mid] < ms) lo = mid + 1; else hi = mid; }
    var span = d.ends[lo] - d.starts[lo];
    return lo + (span > 0 ? (ms - d.starts[lo]) / span : 0);
  };
  Panel.prototype.axes = function () {
    var v = this.view, W = this.canvas.clientWidth || this.canvas.width, H = this.canvas.clientHeight || this.canvas.height;
    var times = this.el.querySelector('.times'), keys = this.el.querySelector('.keys');
    times.textContent = '';
    var from = this.timeAt(v.ta), to = this.timeAt(v.tb), perMs = W / Math.max(1, to - from);
    var step = STEPS[STEPS.length - 1];
    for (var i = 0; i < STEPS.length; i++) if (STEPS[i] * perMs >= 90) { step = STEPS[i]; break; }
    var off = offsetMs(from), tick = Math.ceil((from + off) / step) * step - off, lastDate = '';
    for (var guard = 0; tick <= to && guard < 200; tick += step, guard++) {
      var x = (this.posOfTime(tick) - v.ta) / (v.tb - v.ta) * W;
      if (x < 0 || x > W) continue;
      var p = parts(tick), date = dateText(p), t = el('span', 'tick');
      t.style.left = x + 'px';
      if (x < 40) t.classList.add('first');
      else if (x > W - 40) t.classList.add('last');
      t.appendChild(el('span', 'clock', clockText(p, step < 60000)));
      if (date !== lastDate) { t.appendChild(el('span', 'date', date)); lastDate = date; }
      t.title = new Date(tick).toISOString();
      times.appendChild(t);
    }
    this.el.querySelector('.zone').textContent = 'time (' + zoneName() + ')';
    // key labels: region boundaries in the visible range, at least 14 px apart; the part a label shares with the
    // label above it is dimmed, so the key prefixes read as a hierarchy
    keys.textContent = '';
    var e = this.lay, d = this.d, S = this.S, prev = '', lastY = -1e9;
    var sA = this.segmentAt(v.va), sB = Math.min(S, this.segmentAt(v.vb) + 1);
    var scale = H / this.canvas.height;
    for (var s = sA; s <= sB; s++) {
      var y = this.toY(e[s]) * scale;
      // a label at the top or bottom edge is shifted inside: space it by where its text lands
      var at = y < 7 ? y + 7 : y > H - 7 ? y - 7 : y;
      if (y < -0.5 || y > H + 0.5 || at - lastY < 14) continue;
      var text = s === S ? '' : d.keys[d.segKey[s]], label = el('span', 'key');
      label.style.top = y + 'px';
      if (y < 7) label.classList.add('first');
      else if (y > H - 7) label.classList.add('last');
      label.dataset.segment = String(s);
      if (s === 0 || s === S) label.appendChild(el('i', '', s === 0 ? '(table start)' : '(table end)'));
      else {
        var shared = 0;
        while (shared < text.length && shared < prev.length && text[shared] === prev[shared]) shared++;
        if (shared > 0) label.appendChild(el('span', 'pfx', text.slice(0, shared)));
        label.appendChild(document.createTextNode(text.slice(shared)));
        prev = text;
      }
      label.title = s === S ? 'end of the table' : '"' + text + '" (region boundary; click to zoom to the next label)';
      keys.appendChild(label);
      lastY = at;
    }
    var first = d.keys[d.segKey[sA]], last = sB >= S ? null : d.keys[d.segKey[sB]];
    var range = this.el.querySelector('.range');
    range.textContent = 'Showing ' + fullTime(from) + ' to ' + fullTime(to) + ' (' + zoneName() + '), keys ' +
      (sA === 0 ? '(table start)' : '"' + first + '"') + ' to ' + (last === null ? '(table end)' : '"' + last + '"');
  };
  function fullTime(ms) { var p = parts(ms); return dateText(p) + ' ' + clockText(p, ms % 60000 !== 0); }
  Panel.prototype.legend = function (max) {
    var box = this.el.querySelector('.legend'), m = METRICS[state.metric];
    box.querySelector('.legend-title').textContent = 'Colour: ' + m.name + ' (' + m.unit + '), ' + (state.scale === 'log' ? 'logarithmic over 5 decades' : 'linear');
    box.querySelector('.legend-bar').style.background = 'linear-gradient(to right,' + STOPS.map(function (c, i) {
      return 'rgb(' + c.join(',') + ') ' + (i * 100 / (STOPS.length - 1)) + '%';
    }).join(',') + ')';
    var ticks = box.querySelector('.legend-ticks');
    ticks.textContent = '';
    var values = state.scale === 'log' ? [0, 1e-4, 1e-3, 1e-2, 1e-1, 1] : [0, 0.25, 0.5, 0.75, 1];
    values.forEach(function (f) {
      var n = state.scale === 'log' ? Math.log1p(f * DECADES) / Math.log1p(DECADES) : f;
      var t = el('span', 'ltick', legendValue(state.metric, f * max));
      t.style.left = (n * 100) + '%';
      ticks.appendChild(t);
    });
    var sm = this.d.samples, how = box.querySelector('.placement');
    if (!sm || sm.t.length === 0) how.textContent = 'No key samples: each region\'s whole key range is painted with its rate (where inside it the load fell is unknown).';
    else how.textContent = 'Placed by key samples: inside a region with at least ' + MIN_SAMPLES + ' samples in an interval, its rate is drawn where its ' + sm.t.length.toLocaleString('en-US') +
      ' sampled keys fell (keys written one after another show as a diagonal, one key written again and again as a line); with fewer, the whole region is painted. ' +
      this.placed[0].toLocaleString('en-US') + ' of ' + this.placed[1].toLocaleString('en-US') + ' region-intervals placed by samples.';
  };

  // ---- hover ----
  Panel.prototype.cellAt = function (x, y) {
    var cv = this.canvas, v = this.view, W = cv.width, H = cv.height;
    var t = Math.max(0, Math.min(this.T - 1, Math.floor(v.ta + x / W * (v.tb - v.ta))));
    var s = this.segmentAt(v.va + y / H * (v.vb - v.va));
    return { segment: s, interval: t, region: this.owner[t * this.S + s], y: Math.floor(y) };
  };
  Panel.prototype.describe = function (cell) {
    var d = this.d, r = cell.region, t = cell.interval, metric = state.metric;
    if (r < 0) return 'no region here in this interval';
    this.grid(metric);
    var c = this.cellCounts.get(r * this.T + t), placed = '';
    var spans = d.segB[r] - d.segA[r];
    if (c && c.n >= MIN_SAMPLES && c.w > 0) {
      var here = 0, hereW = 0, sm = d.samples, cls = sampleClass(metric);
      for (var j = this.sampleFrom[t]; j < this.sampleFrom[t + 1]; j++) {
        if (sm.region[j] !== r || (cls >= 0 && sm.read[j] !== cls)) continue;
        if (Math.abs(this.sampleY(j) - cell.y) <= 1) { here++; hereW += sm.weight[j]; }
      }
      placed = 'placed by ' + c.n + ' key samples of this region in this interval; ' + here + ' of them at this height (' +
        (100 * hereW / c.w).toFixed(0) + '% of its ' + METRICS[metric].name + ')';
    } else {
      placed = (c ? c.n + ' key sample' + (c.n === 1 ? '' : 's') + ' (fewer than ' + MIN_SAMPLES + ')' : 'no key samples') +
        ': painted over the whole region' + (spans > 1 ? '  (the region spans ' + spans + ' rows here; each shows its whole rate)' : '');
    }
    var fair = d.totals[t] / Math.max(1, d.regionCounts[t]);
    return [
      d.names[r],
      'start key: "' + d.keys[d.startKey[r]] + '"  end key: "' + d.keys[d.endKey[r]] + '"',
      'server: ' + this.server(r, t),
      'writes/s: ' + fmt(this.raw('writes', r, t)) + '  reads/s: ' + fmt(this.raw('reads', r, t)) + '  requests/s: ' + fmt(this.raw('requests', r, t)),
      'share of table: ' + (this.value('share', r, t) * 100).toFixed(1) + '%  (' + (fair > 0 ? (this.raw('requests', r, t) / fair).toFixed(1) : '0') +
        '× the fair share of ' + d.regionCounts[t] + ' regions)',
      placed,
      new Date(d.starts[t]).toISOString() + ' to ' + new Date(d.ends[t]).toISOString(),
    ].concat(d.notes[r].map(function (n) { return 'finding: ' + n; })).join('\n');
  };

  // ---- zoom, pan, drill ----
  Panel.prototype.setView = function (nv, fromChart) {
    var v = this.view, T = this.T;
    var ta = nv.ta === undefined ? v.ta : nv.ta, tb = nv.tb === undefined ? v.tb : nv.tb;
    var va = nv.va === undefined ? v.va : nv.va, vb = nv.vb === undefined ? v.vb : nv.vb;
    var minT = Math.min(T, 1);
    if (tb - ta < minT) { var mt = (ta + tb) / 2; ta = mt - minT / 2; tb = mt + minT / 2; }
    if (tb - ta > T) { ta = 0; tb = T; }
    if (ta < 0) { tb -= ta; ta = 0; }
    if (tb > T) { ta -= tb - T; tb = T; }
    if (vb - va < 1e-9) { var mv = (va + vb) / 2; va = mv - 5e-10; vb = mv + 5e-10; }
    if (vb - va > 1) { va = 0; vb = 1; }
    if (va < 0) { vb -= va; va = 0; }
    if (vb > 1) { va -= vb - 1; vb = 1; }
    this.view = { ta: Math.max(0, ta), tb: Math.min(T, tb), va: Math.max(0, va), vb: Math.min(1, vb) };
    this.draw(api.max);
    if (!fromChart) this.syncChart();
  };
  Panel.prototype.reset = function () { this.setView({ ta: 0, tb: this.T, va: 0, vb: 1 }); };
  Panel.prototype.drill = function (prefix) {
    var p = keyBytes(prefix), stop = p.slice();
    while (stop.length && stop[stop.length - 1] === 255) stop.pop();
    if (stop.length) stop[stop.length - 1]++;
    var d = this.d, S = this.S, first = 0, end = S;
    for (var s = 0; s < S; s++) {
      var b = keyBytes(d.keys[d.segKey[s]]);
      if (cmpBytes(b, p) <= 0) first = s;
      if (stop.length && cmpBytes(b, stop) >= 0) { end = s; break; }
    }
    var e = this.layout();
    this.setView({ va: e[first], vb: e[Math.max(first + 1, end)] });
  };
  Panel.prototype.syncChart = function () {
    if (!this.plot) return;
    this.syncing = true;
    this.plot.setScale('x', { min: this.timeAt(this.view.ta) / 1000, max: this.timeAt(this.view.tb) / 1000 });
    this.syncing = false;
  };
  Panel.prototype.attach = function () {
    var self = this, cv = this.canvas, sel = this.el.querySelector('.sel'), drag = null;
    function local(ev) {
      var rect = cv.getBoundingClientRect();
      return { x: (ev.clientX - rect.left) * cv.width / rect.width, y: (ev.clientY - rect.top) * cv.height / rect.height, cx: ev.clientX - rect.left, cy: ev.clientY - rect.top, rect: rect };
    }
    cv.addEventListener('mousemove', function (ev) {
      var p = local(ev);
      if (drag) {
        if (drag.pan) {
          var v = drag.view, dx = (p.x - drag.x) / cv.width * (v.tb - v.ta), dy = (p.y - drag.y) / cv.height * (v.vb - v.va);
          self.setView({ ta: v.ta - dx, tb: v.tb - dx, va: v.va - dy, vb: v.vb - dy });
        } else {
          sel.style.display = 'block';
          sel.style.left = Math.min(p.cx, drag.cx) + 'px'; sel.style.top = Math.min(p.cy, drag.cy) + 'px';
          sel.style.width = Math.abs(p.cx - drag.cx) + 'px'; sel.style.height = Math.abs(p.cy - drag.cy) + 'px';
        }
        return;
      }
      self.tip.textContent = self.describe(self.cellAt(p.x, p.y));
      self.tip.style.display = 'block';
    });
    cv.addEventListener('mouseleave', function () { self.tip.style.display = 'none'; });
    cv.addEventListener('mousedown', function (ev) {
      var p = local(ev);
      drag = { x: p.x, y: p.y, cx: p.cx, cy: p.cy, pan: ev.shiftKey, view: self.view };
      ev.preventDefault();
    });
    window.addEventListener('mouseup', function (ev) {
      if (!drag) return;
      var d0 = drag, p = local(ev), v = self.view;
      drag = null; sel.style.display = 'none';
      if (d0.pan) return;
      var wide = Math.abs(p.x - d0.x) >= 4, tall = Math.abs(p.y - d0.y) >= 4;
      if (!wide && !tall) return;
      var nv = {};
      if (wide) { nv.ta = v.ta + Math.min(p.x, d0.x) / cv.width * (v.tb - v.ta); nv.tb = v.ta + Math.max(p.x, d0.x) / cv.width * (v.tb - v.ta); }
      if (tall) { nv.va = v.va + Math.min(p.y, d0.y) / cv.height * (v.vb - v.va); nv.vb = v.va + Math.max(p.y, d0.y) / cv.height * (v.vb - v.va); }
      self.setView(nv);
    });
    cv.addEventListener('wheel', function (ev) {
      ev.preventDefault();
      var p = local(ev), v = self.view, z = ev.deltaY > 0 ? 1.25 : 0.8;
      var fx = p.x / cv.width, fy = p.y / cv.height, tm = v.ta + fx * (v.tb - v.ta), vm = v.va + fy * (v.vb - v.va);
      self.setView({ ta: tm - fx * (v.tb - v.ta) * z, tb: tm + (1 - fx) * (v.tb - v.ta) * z, va: vm - fy * (v.vb - v.va) * z, vb: vm + (1 - fy) * (v.vb - v.va) * z });
    }, { passive: false });
    cv.addEventListener('dblclick', function () { self.reset(); });
    this.el.querySelector('[data-action=reset]').addEventListener('click', function () { self.reset(); });
    var input = this.el.querySelector('input.prefix');
    this.el.querySelector('[data-action=drill]').addEventListener('click', function () { self.drill(input.value); });
    input.addEventListener('keydown', function (ev) { if (ev.key === 'Enter') self.drill(input.value); });
    this.el.querySelector('.keys').addEventListener('click', function (ev) {
      var label = ev.target.closest('.key');
      if (!label) return;
      var next = label.nextElementSibling, e = self.lay, s = +label.dataset.segment;
      var end = next ? +next.dataset.segment : Math.min(self.S, s + 1);
      if (s < self.S) self.setView({ va: e[s], vb: e[Math.max(s + 1, end)] });
    });
  };

  // ---- per-server chart: the busiest servers as lines, the others as a min-max band ----
  Panel.prototype.chart = function () {
    var self = this, d = this.d, box = this.el.querySelector('.servers');
    if (typeof uPlot === 'undefined' || !box) return;
    if (this.plot) { this.plot.destroy(); this.plot = null; }
    box.textContent = '';
    var xs = d.ends.map(function (t) { return t / 1000; });
    var order = d.servers.map(function (_, i) { return i; }).sort(function (a, b) {
      var sa = 0, sb = 0;
      d.serverRates[a].forEach(function (v) { sa += v; });
      d.serverRates[b].forEach(function (v) { sb += v; });
      return sb - sa || a - b;
    });
    var top = order.slice(0, order.length > TOP_SERVERS + 1 ? TOP_SERVERS : order.length), rest = order.slice(top.length);
    var series = [{}], rows = [xs], full = [''];
    top.forEach(function (s, i) {
      series.push({ label: d.serverShort[s], stroke: 'hsl(' + Math.round(i * 360 / top.length) + ',70%,60%)', width: 1.5, value: function (u, v) { return v === null ? '' : compact(v); } });
      rows.push(d.serverRates[s]);
      full.push(d.servers[s]);
    });
    var bands = [];
    if (rest.length > 0) {
      var hi = xs.map(function (_, t) { return Math.max.apply(null, rest.map(function (s) { return d.serverRates[s][t]; })); });
      var lo = xs.map(function (_, t) { return Math.min.apply(null, rest.map(function (s) { return d.serverRates[s][t]; })); });
      series.push({ label: 'others (' + rest.length + ' servers): highest', stroke: '#8899aa', width: 1, value: function (u, v) { return v === null ? '' : compact(v); } });
      series.push({ label: 'others: lowest', stroke: '#8899aa', width: 1, value: function (u, v) { return v === null ? '' : compact(v); } });
      rows.push(hi, lo);
      full.push(rest.map(function (s) { return d.servers[s]; }).join('\n'), 'the least busy of the other servers');
      bands.push({ series: [series.length - 2, series.length - 1], fill: 'rgba(136,153,170,0.3)' });
    }
    series.push({ label: 'fair share', stroke: '#fff', dash: [6, 4], width: 2, value: function (u, v) { return v === null ? '' : compact(v); } });
    rows.push(d.fair);
    full.push('table requests/s ÷ servers');
    var opts = {
      width: box.clientWidth || 600, height: 240, series: series, bands: bands,
      tzDate: function (ts) { return state.zone === 'utc' ? uPlot.tzDate(new Date(ts * 1000), 'Etc/UTC') : new Date(ts * 1000); },
      scales: { x: { time: true }${yScale} },
      axes: [
        { stroke: '#ccc', grid: { stroke: '#333' }, size: 40, values: function (u, splits) {
          var last = '';
          return splits.map(function (ts) {
            var p = parts(ts * 1000), date = dateText(p), text = clockText(p, false) + (date !== last ? '\n' + date : '');
            last = date;
            return text;
          });
        } },
        { stroke: '#ccc', grid: { stroke: '#333' }, label: 'requests/s', labelSize: 18, labelGap: 4, size: 56, values: function (u, vals) { return vals.map(compact); } },
      ],
      hooks: { setScale: [function (u, key) {
        if (key !== 'x' || self.syncing || !self.ready) return;
        var min = u.scales.x.min, max = u.scales.x.max;
        if (min === undefined || max === undefined) return;
        // uPlot reports the range the heatmap itself set once it commits: no second redraw for that
        var ta = self.posOfTime(min * 1000), tb = self.posOfTime(max * 1000);
        if (Math.abs(ta - self.view.ta) < 1e-6 && Math.abs(tb - self.view.tb) < 1e-6) return;
        self.setView({ ta: ta, tb: tb }, true);
      }] },
    };
    this.syncing = true;
    this.plot = new uPlot(opts, rows, box);
    this.syncing = false;
    box.querySelectorAll('.u-legend .u-series').forEach(function (row, i) { if (full[i]) row.title = full[i]; });
    this.syncChart();
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
    sel.addEventListener('change', function () {
      state[sel.dataset.control] = sel.value;
      redraw();
      if (sel.dataset.control === 'zone') api.panels.forEach(function (p) { p.chart(); });
    });
  });
  var metricSel = document.querySelector('select[data-control=metric]');
  if (metricSel) metricSel.value = state.metric;
  var zoneOption = document.querySelector('select[data-control=zone] option[value=local]');
  if (zoneOption) zoneOption.textContent = 'viewer\'s zone (' + zoneName() + ')';
  // the live page (serve) hands each new snapshot's data here: the panels are redrawn in place, the choices kept
  api.update = function (next) {
    data = next;
    return Promise.all(next.panels.map(function (d, i) { return api.panels[i].replace(d); })).then(function () {
      redraw();
      api.panels.forEach(function (p) { p.chart(); });
    });
  };
  api.ready = Promise.all(data.panels.map(function (d, i) {
    var p = new Panel(d, document.querySelectorAll('.panel')[i]);
    api.panels.push(p);
    return p.load().then(function () { p.attach(); });
  })).then(function () {
    redraw();
    api.panels.forEach(function (p) { p.chart(); p.ready = true; });
    document.body.dataset.ready = 'true';
    var last = 0;
    window.addEventListener('resize', function () {
      clearTimeout(last);
      last = setTimeout(redraw, 150);
    });
  });
})();
`;
}

/** The script text of the report page (every chart on its own axes). */
export const CLIENT_SCRIPT = clientScript();

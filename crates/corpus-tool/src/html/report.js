// renju-kit audit report: draws each flagged record's board when it scrolls into view, replays
// its moves, sorts and filters the table. Text from records is only ever set as textContent.
(function () {
  "use strict";
  var data = JSON.parse(document.getElementById("boards").textContent);
  var table = document.getElementById("table");
  var recs = Array.prototype.slice.call(document.querySelectorAll("tbody.rec"));
  var state = new Map();
  var SVG = "http://www.w3.org/2000/svg";
  var CELL = 24, M = 24;
  var SHORT = { "double-three": "3-3", "double-four": "4-4", "overline": "6+", "occupied": "!" };
  var drawn = 0;

  function point(t, size) {
    if (!t || t === "--") { return null; }
    var c = t.charCodeAt(0) - 97, r = parseInt(t.slice(1), 10) - 1;
    return c >= 0 && c < size && r >= 0 && r < size ? [c, r] : null;
  }
  function node(name, attrs, parent) {
    var e = document.createElementNS(SVG, name);
    Object.keys(attrs).forEach(function (k) { e.setAttribute(k, attrs[k]); });
    if (parent) { parent.appendChild(e); }
    return e;
  }
  function html(name, cls, parent, text) {
    var e = document.createElement(name);
    if (cls) { e.className = cls; }
    if (text !== undefined) { e.textContent = text; }
    if (parent) { parent.appendChild(e); }
    return e;
  }
  function xy(p, size) { return [M + p[0] * CELL, M + (size - 1 - p[1]) * CELL]; }

  function build(tb) {
    if (state.has(tb)) { return; }
    var d = data[Number(tb.getAttribute("data-i"))];
    var view = tb.querySelector(".view");
    if (!d) {
      state.set(tb, null);
      html("p", "none", view, "No board: the record could not be read or its board side is not supported.");
      return;
    }
    var size = d.s, span = M * 2 + (size - 1) * CELL;
    var st = {
      d: d, size: size, n: d.f,
      moves: d.m ? d.m.split(" ") : [],
      five: d.v ? d.v[0].split(" ").filter(Boolean) : [],
      fiveAt: d.v ? d.v[1] : 0
    };
    st.svg = node("svg", { "class": "board", width: span, height: span, viewBox: "0 0 " + span + " " + span, role: "img" }, view);
    var side = html("div", "side", view);
    var bar = html("div", "replay", side);
    [["|\u25C0", "first move", function () { return 0; }],
     ["\u25C0", "previous move", function () { return st.n - 1; }],
     ["\u25B6", "next move", function () { return st.n + 1; }],
     ["\u25B6|", "last move", function () { return st.moves.length; }],
     ["decisive", "the decisive or offending move", function () { return st.d.f; }]].forEach(function (b) {
      var button = html("button", "", bar, b[0]);
      button.type = "button";
      button.title = b[1];
      button.setAttribute("aria-label", b[1]);
      button.addEventListener("click", function (ev) { ev.stopPropagation(); go(tb, b[2]()); });
    });
    st.at = html("span", "at", bar);
    st.legend = html("p", "legend", side);
    if (d.t) { html("pre", "tree", side, d.t); }
    state.set(tb, st);
    draw(tb);
    drawn += 1;
    document.body.setAttribute("data-drawn", String(drawn));
  }

  function go(tb, n) {
    var st = state.get(tb);
    if (!st) { return; }
    st.n = Math.max(0, Math.min(st.moves.length, n));
    draw(tb);
  }

  function draw(tb) {
    var st = state.get(tb), size = st.size, svg = st.svg, d = st.d;
    while (svg.firstChild) { svg.removeChild(svg.firstChild); }
    var span = M * 2 + (size - 1) * CELL, lo = M, hi = M + (size - 1) * CELL, path = "";
    node("rect", { x: 0, y: 0, width: span, height: span, fill: "#e8c27a" }, svg);
    for (var i = 0; i < size; i++) {
      var a = M + i * CELL;
      path += "M" + lo + " " + a + "H" + hi + "M" + a + " " + lo + "V" + hi;
      node("text", { x: a, y: span - 6, "text-anchor": "middle", "font-size": 10, fill: "#333" }, svg).textContent = String.fromCharCode(97 + i);
      node("text", { x: 9, y: M + (size - 1 - i) * CELL + 3.5, "text-anchor": "middle", "font-size": 10, fill: "#333" }, svg).textContent = String(i + 1);
    }
    node("path", { d: path, stroke: "#5a4a2a", "stroke-width": 1, fill: "none" }, svg);
    var stars = size >= 13 ? [3, size - 4] : [];
    stars.forEach(function (c) { stars.forEach(function (r) { var q = xy([c, r], size); node("circle", { cx: q[0], cy: q[1], r: 2.5, fill: "#5a4a2a" }, svg); }); });
    if (size % 2 === 1) { var cq = xy([(size - 1) / 2, (size - 1) / 2], size); node("circle", { cx: cq[0], cy: cq[1], r: 2.5, fill: "#5a4a2a" }, svg); }
    var stones = 0, last = null;
    var fiveOn = st.fiveAt > 0 && st.n >= st.fiveAt;
    var five = {};
    st.five.forEach(function (t) { five[t] = true; });
    for (var k = 0; k < st.n; k++) {
      var p = point(st.moves[k], size);
      if (!p) { continue; }
      var q = xy(p, size), black = k % 2 === 0;
      var hot = fiveOn && five[st.moves[k]];
      node("circle", { cx: q[0], cy: q[1], r: CELL / 2 - 1, fill: black ? "#111" : "#fff", stroke: hot ? "#e01b24" : "#111", "stroke-width": hot ? 3 : 1, "class": hot ? "stone five" : "stone" }, svg);
      var label = String(k + 1);
      node("text", { x: q[0], y: q[1] + 3.5, "text-anchor": "middle", "font-size": label.length > 2 ? 8.5 : 10, fill: black ? "#fff" : "#111" }, svg).textContent = label;
      stones += 1;
      last = q;
    }
    if (last) { node("circle", { cx: last[0], cy: last[1], r: CELL / 2 + 1.5, fill: "none", stroke: "#1c71d8", "stroke-width": 2 }, svg); }
    var legend = [];
    if (d.x && st.n === d.f) {
      var mp = point(d.x[0], size);
      if (mp) {
        var m = xy(mp, size), s = CELL / 2 - 3;
        node("path", { d: "M" + (m[0] - s) + " " + (m[1] - s) + "L" + (m[0] + s) + " " + (m[1] + s) + "M" + (m[0] + s) + " " + (m[1] - s) + "L" + (m[0] - s) + " " + (m[1] + s), stroke: "#e01b24", "stroke-width": 2.5, opacity: 0.85, "class": "mark" }, svg);
        node("text", { x: m[0] + CELL / 2, y: m[1] - CELL / 2 + 2, "font-size": 11, "font-weight": "bold", fill: "#e01b24" }, svg).textContent = SHORT[d.x[1]] || "?";
      }
      legend.push("\u00D7 " + d.x[0] + ": " + d.x[1]);
    }
    if (fiveOn && st.five.length) { legend.push("red rings: the five " + st.five.join(" ")); }
    svg.setAttribute("data-stones", String(stones));
    svg.setAttribute("data-shown", String(st.n));
    var word = st.n === d.f ? " (the move in question)" : "";
    st.at.textContent = "move " + st.n + " of " + st.moves.length + word;
    st.legend.textContent = legend.join("; ");
  }

  // Drawing: all at once with #draw-all, otherwise each record when it comes into view.
  var selfTest = location.hash === "#self-test";
  if (selfTest || location.hash === "#draw-all" || typeof IntersectionObserver === "undefined") {
    recs.forEach(build);
  } else {
    var seen = new IntersectionObserver(function (entries) {
      entries.forEach(function (e) {
        if (e.isIntersecting) { seen.unobserve(e.target); build(e.target); }
      });
    }, { rootMargin: "600px" });
    recs.forEach(function (tb) { seen.observe(tb); });
  }

  // Keys on a focused record.
  document.addEventListener("keydown", function (ev) {
    var tb = document.activeElement && document.activeElement.closest ? document.activeElement.closest("tbody.rec") : null;
    if (!tb || ev.altKey || ev.ctrlKey || ev.metaKey) { return; }
    build(tb);
    var st = state.get(tb), key = ev.key;
    if (st && key === "ArrowLeft") { go(tb, st.n - 1); }
    else if (st && key === "ArrowRight") { go(tb, st.n + 1); }
    else if (st && key === "Home") { go(tb, 0); }
    else if (st && key === "End") { go(tb, st.moves.length); }
    else if (st && (key === "d" || key === "D")) { go(tb, st.d.f); }
    else if (key === "j" || key === "J" || key === "k" || key === "K") {
      var step = key.toLowerCase() === "j" ? 1 : -1;
      var order = Array.prototype.slice.call(table.tBodies).filter(function (b) { return !b.hidden; });
      var next = order[order.indexOf(tb) + step];
      if (next) { next.focus(); next.scrollIntoView({ block: "start" }); }
    } else { return; }
    ev.preventDefault();
  });

  // Sorting.
  var SEVERITY = { "warning": 1, "result-mismatch": 2, "illegal": 3, "unreadable": 4 };
  var heads = Array.prototype.slice.call(table.tHead.rows[0].cells);
  function cellText(tb, col) { return tb.rows[0].cells[col].textContent; }
  function compare(col) {
    return function (a, b) {
      var x = cellText(a, col), y = cellText(b, col);
      if (col === 1 || col === 6) { return Number(x) - Number(y); }
      if (col === 3) { return (SEVERITY[x] || 0) - (SEVERITY[y] || 0); }
      var c = x.localeCompare(y, undefined, { numeric: true });
      if (c === 0 && col === 0) { return Number(cellText(a, 1)) - Number(cellText(b, 1)); }
      return c;
    };
  }
  heads.forEach(function (th, col) {
    th.addEventListener("click", function () {
      var asc = !th.classList.contains("asc");
      heads.forEach(function (h) { h.classList.remove("asc", "desc"); });
      th.classList.add(asc ? "asc" : "desc");
      var cmp = compare(col);
      var order = Array.prototype.slice.call(table.tBodies);
      order.sort(function (a, b) {
        var c = cmp(a, b) || Number(a.getAttribute("data-i")) - Number(b.getAttribute("data-i"));
        return asc ? c : -c;
      });
      order.forEach(function (tb) { table.appendChild(tb); });
    });
  });

  // Filtering.
  var fVerdict = document.getElementById("f-verdict"), fFinding = document.getElementById("f-finding");
  var fText = document.getElementById("f-text"), fBoards = document.getElementById("f-boards");
  var shown = document.getElementById("shown");
  function filter() {
    var v = fVerdict.value, f = fFinding.value, t = fText.value.trim().toLowerCase(), n = 0;
    recs.forEach(function (tb) {
      var ok = (!v || tb.getAttribute("data-verdict") === v) &&
        (!f || tb.getAttribute("data-findings").split(" ").indexOf(f) >= 0) &&
        (!t || tb.rows[0].textContent.toLowerCase().indexOf(t) >= 0);
      tb.hidden = !ok;
      if (ok) { n += 1; }
    });
    shown.textContent = "showing " + n + " of " + recs.length;
  }
  [fVerdict, fFinding].forEach(function (e) { e.addEventListener("change", filter); });
  fText.addEventListener("input", filter);
  fBoards.addEventListener("change", function () { document.body.classList.toggle("no-boards", !fBoards.checked); });
  shown.textContent = "showing " + recs.length + " of " + recs.length;
  // #self-test: the page checks its own replay keys, sorting and filters, as a person would
  // use them, and says so in data-self-test (the browser test reads it).
  if (selfTest) {
    var failures = [];
    var check = function (ok, what) { if (!ok) { failures.push(what); } };
    var key = function (tb, k) { tb.focus(); tb.dispatchEvent(new KeyboardEvent("keydown", { key: k, bubbles: true })); };
    var shownOf = function (tb) { return Number(tb.querySelector("svg.board").getAttribute("data-shown")); };
    var withBoard = recs.filter(function (tb) { var d = data[Number(tb.getAttribute("data-i"))]; return d && d.f > 0 && d.f < d.m.split(" ").length; });
    check(withBoard.length > 0, "no record to replay");
    withBoard.slice(0, 20).forEach(function (tb) {
      var d = data[Number(tb.getAttribute("data-i"))], n = d.m.split(" ").length;
      check(shownOf(tb) === d.f, "starts at the focus");
      key(tb, "ArrowLeft"); check(shownOf(tb) === d.f - 1, "ArrowLeft steps back");
      key(tb, "ArrowRight"); key(tb, "ArrowRight"); check(shownOf(tb) === d.f + 1, "ArrowRight steps on");
      key(tb, "Home"); check(shownOf(tb) === 0 && tb.querySelectorAll("circle.stone").length === 0, "Home empties the board");
      key(tb, "End"); check(shownOf(tb) === n, "End shows every move");
      key(tb, "d"); check(shownOf(tb) === d.f, "D returns to the focus");
      tb.querySelector(".replay button").click(); check(shownOf(tb) === 0, "the first-move button");
      tb.querySelectorAll(".replay button")[4].click(); check(shownOf(tb) === d.f, "the decisive button");
    });
    heads[6].click();
    var moves = Array.prototype.map.call(table.tBodies, function (tb) { return Number(cellText(tb, 6)); });
    check(moves.every(function (m, i) { return i === 0 || moves[i - 1] <= m; }), "sorting by moves");
    heads[6].click();
    moves = Array.prototype.map.call(table.tBodies, function (tb) { return Number(cellText(tb, 6)); });
    check(moves.every(function (m, i) { return i === 0 || moves[i - 1] >= m; }), "sorting by moves, descending");
    Array.prototype.forEach.call(fVerdict.options, function (o) {
      fVerdict.value = o.value; filter();
      var want = recs.filter(function (tb) { return !o.value || tb.getAttribute("data-verdict") === o.value; }).length;
      var got = recs.filter(function (tb) { return !tb.hidden; }).length;
      check(got === want && got > 0, "filter by verdict " + o.value);
    });
    fVerdict.value = "";
    Array.prototype.forEach.call(fFinding.options, function (o) {
      fFinding.value = o.value; filter();
      var got = recs.filter(function (tb) { return !tb.hidden; }).length;
      check(got > 0, "filter by finding " + o.value);
    });
    fFinding.value = ""; filter();
    document.body.setAttribute("data-self-test", failures.length ? "fail: " + failures.join("; ") : "pass");
  }
  document.body.setAttribute("data-ready", String(recs.length));
  document.body.setAttribute("data-ready-ms", String(Math.round(performance.now())));
}());

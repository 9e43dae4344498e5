// Small enhancements only: every page reads the same without JavaScript.
// Tables marked data-filter get a "filter by name" box; data-sortable headers sort;
// data-derivations values open their derivation. The boxes and sort buttons are in the
// HTML already (style.css hides them without JavaScript): changing a 300-row table's
// headings or inserting a box above it at load lays the whole table out again, which
// on a phone is most of the page's blocking time. Pages from a club's own templates
// without them still get them here (in English, as such templates are); the words of
// ours are the page's, in its language.
(function () {
  "use strict";
  function cellText(row, index) {
    var cell = row.children[index];
    return cell ? cell.textContent.trim() : "";
  }
  // A decimal comma (12,43 in a German or French page) sorts as the decimal point does;
  // a rating change's minus sign (−3.2) as a hyphen, its estimate mark (+12.8≈) unread.
  function numeric(text) {
    var map = { "¼": ".25", "½": ".5", "¾": ".75" };
    var t = text.replace(/[¼½¾]/g, function (c) { return map[c]; }).replace(/^\u2212/, "-")
      .replace(/\u2248$/, "").replace(/^([+-]?\d*),(\d+)$/, "$1.$2");
    if (/^\.\d/.test(t)) { t = "0" + t; }
    var value = parseFloat(t);
    return isNaN(value) ? null : value;
  }
  // The columns a name filter reads: every header cell of class "name" or "name-2"
  // (a round's White and Black).
  function nameColumns(table) {
    var indices = [];
    Array.prototype.forEach.call(table.tHead.rows[0].cells, function (c, index) {
      if (c.classList.contains("name") || c.classList.contains("name-2")) { indices.push(index); }
    });
    return indices;
  }
  // One box for the tables given: a round's pairings and its byes share one, so a player
  // finds their board (or their bye) by typing part of their name.
  function addFilter(tables) {
    var columns = tables.map(nameColumns);
    if (columns.every(function (c) { return c.length === 0; })) { return; }
    var wrap = tables[0].closest(".table-wrap") || tables[0];
    var label = wrap.previousElementSibling;
    if (!label || !label.classList.contains("filter")) {
      label = document.createElement("label");
      label.className = "filter";
      label.textContent = "Filter by name ";
      var box = document.createElement("input");
      box.type = "search";
      box.setAttribute("autocomplete", "off");
      label.appendChild(box);
      wrap.parentNode.insertBefore(label, wrap);
    }
    var input = label.querySelector("input");
    input.addEventListener("input", function () {
      var needle = input.value.trim().toLowerCase();
      tables.forEach(function (table, t) {
        Array.prototype.forEach.call(table.tBodies[0].rows, function (row) {
          row.hidden = needle !== "" && !columns[t].some(function (index) {
            return cellText(row, index).toLowerCase().indexOf(needle) >= 0;
          });
        });
      });
    });
  }
  // The heading itself becomes the sort button (one target per column, big enough for a
  // finger), its content moved inside; aria-sort on the heading says the order.
  function addSort(table) {
    var headers = table.tHead.rows[0].cells;
    Array.prototype.forEach.call(headers, function (th, index) {
      var button = th.querySelector("button.sort");
      if (!button) {
        button = document.createElement("button");
        button.type = "button";
        button.className = "sort";
        while (th.firstChild) { button.appendChild(th.firstChild); }
        th.appendChild(button);
      }
      button.addEventListener("click", function () {
        var ascending = th.getAttribute("aria-sort") !== "ascending";
        Array.prototype.forEach.call(headers, function (h) { h.removeAttribute("aria-sort"); });
        th.setAttribute("aria-sort", ascending ? "ascending" : "descending");
        var body = table.tBodies[0];
        var rows = Array.prototype.slice.call(body.rows);
        rows.sort(function (a, b) {
          var x = cellText(a, index), y = cellText(b, index);
          var nx = numeric(x), ny = numeric(y);
          var order = (nx !== null && ny !== null) ? nx - ny : x.localeCompare(y);
          return ascending ? order : -order;
        });
        rows.forEach(function (row) { body.appendChild(row); });
      });
    });
  }
  // A tie-break value opens its derivation on the player's (or team's) page: the row's
  // name link plus "#p<number>-<column's anchor>". One listener per table instead of a
  // link per value; without JavaScript the name link leads to the same page.
  function addDerivations(table) {
    table.addEventListener("click", function (event) {
      var cell = event.target.closest("td");
      if (!cell || event.target.closest("a, button")) { return; }
      var row = cell.parentNode, link = row.querySelector("th[scope=row] a");
      var heading = table.tHead.rows[0].cells[cell.cellIndex];
      if (!link || !heading) { return; }
      var anchor = heading.getAttribute("data-anchor");
      var number = /(\d+)\.html$/.exec(link.getAttribute("href"));
      window.location.href = link.href + (anchor && number ? "#p" + number[1] + "-" + anchor : "");
    });
  }
  // Tables with the same data-filter value share a box; an empty value has its own.
  var groups = [], named = {};
  document.querySelectorAll("table[data-filter]").forEach(function (table) {
    var name = table.getAttribute("data-filter");
    if (name === "") { groups.push([table]); return; }
    if (!named[name]) { named[name] = []; groups.push(named[name]); }
    named[name].push(table);
  });
  groups.forEach(addFilter);
  document.querySelectorAll("table[data-sortable]").forEach(addSort);
  document.querySelectorAll("table[data-derivations]").forEach(addDerivations);
  // A printed wall sheet says when it was printed; the page itself cannot know, so the
  // line's time is the printer's clock, filled in just before printing, written as the
  // page's language writes a date and time (the sheet's words around it are the page's).
  function printedAt(now) {
    var style = { dateStyle: "medium", timeStyle: "short" };
    try {
      return new Intl.DateTimeFormat(document.documentElement.lang || undefined, style).format(now);
    } catch (error) {  // a lang the browser does not know: its own way
      return new Intl.DateTimeFormat(undefined, style).format(now);
    }
  }
  window.addEventListener("beforeprint", function () {
    var now = new Date();
    document.querySelectorAll(".print-line .printed").forEach(function (span) {
      span.querySelector(".at").textContent = printedAt(now);
      span.hidden = false;
    });
  });
}());

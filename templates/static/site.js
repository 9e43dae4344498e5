// Small enhancements only: every page reads the same without JavaScript.
// Tables marked data-filter get a "filter by name" box; data-sortable headers sort.
(function () {
  "use strict";
  function cellText(row, index) {
    var cell = row.children[index];
    return cell ? cell.textContent.trim() : "";
  }
  function numeric(text) {
    var map = { "¼": ".25", "½": ".5", "¾": ".75" };
    var t = text.replace(/[¼½¾]/g, function (c) { return map[c]; }).replace(/^(\d*)\./, "$1.");
    if (/^\.\d/.test(t)) { t = "0" + t; }
    var value = parseFloat(t);
    return isNaN(value) ? null : value;
  }
  function addFilter(table) {
    var nameIndex = Array.prototype.findIndex.call(
      table.tHead.rows[0].cells, function (c) { return c.classList.contains("name"); });
    if (nameIndex < 0) { return; }
    var label = document.createElement("label");
    label.className = "filter";
    label.textContent = "Filter by name ";
    var input = document.createElement("input");
    input.type = "search";
    input.setAttribute("autocomplete", "off");
    label.appendChild(input);
    var wrap = table.closest(".table-wrap") || table;
    wrap.parentNode.insertBefore(label, wrap);
    input.addEventListener("input", function () {
      var needle = input.value.trim().toLowerCase();
      Array.prototype.forEach.call(table.tBodies[0].rows, function (row) {
        row.hidden = needle !== "" && cellText(row, nameIndex).toLowerCase().indexOf(needle) < 0;
      });
    });
  }
  function addSort(table) {
    var headers = table.tHead.rows[0].cells;
    Array.prototype.forEach.call(headers, function (th, index) {
      var button = document.createElement("button");
      button.type = "button";
      button.className = "sort";
      button.textContent = "↕";
      button.setAttribute("aria-label", "Sort by " + th.textContent.trim());
      th.appendChild(button);
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
  document.querySelectorAll("table[data-filter]").forEach(addFilter);
  document.querySelectorAll("table[data-sortable]").forEach(addSort);
}());

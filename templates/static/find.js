// Find a player (templates/_find.html): without a server, from disk or under a sub-path.
// The page holds the search box (style.css hides it without JavaScript, and shows the link
// to the Players index instead: a box put in at load would lay the page out again); this
// script makes it work, and loads the index (static/find-index.js, made by
// generator/site/find.py as window.standingsFindIndex) the first time the box is used.
// Names come from TRF files, which anyone may write: they are set as text, never as HTML.
// The words it shows are the box's data-* attributes (in the page's language); one left
// out (a club's own _find.html) says nothing rather than "undefined".
(function () {
  "use strict";
  var LIMIT = 20;
  var FOLDED = { "ø": "o", "ł": "l", "đ": "d", "ß": "ss", "æ": "ae", "œ": "oe", "ı": "i", "þ": "th" };

  // Accents and case do not count: "Pérez" is found as "perez", "Łukasz" as "lukasz".
  function fold(text) {
    return text.normalize("NFD").replace(/[\u0300-\u036f]/g, "").toLowerCase()
      .replace(/[øłđßæœıþ]/g, function (c) { return FOLDED[c]; });
  }

  function words(text) {
    return fold(text).split(/[^\p{L}\p{N}]+/u).filter(Boolean);
  }

  // Every word asked for begins a word of the name, in any order: "Sanz Eduardo" finds
  // "Sanz Perez, Eduardo", and so do "eduardo sanz" and "perez ed".
  function matches(nameWords, asked) {
    return asked.every(function (word) {
      return nameWords.some(function (nameWord) { return nameWord.indexOf(word) === 0; });
    });
  }

  function setUp(box) {
    var form = box.querySelector("form.find-form");
    if (!form) { return; }
    var input = form.querySelector("input");
    var list = form.querySelector(".find-results");
    var status = form.querySelector(".find-status");
    var root = box.getAttribute("data-find-root") || "";
    var here = box.getAttribute("data-find-event") || "";
    var said = box.dataset;
    function say(what) { return said[what] || ""; }
    var prepared = null;
    var loading = false;

    function prepare(index) {
      return index.entries.map(function (entry) {
        return { name: entry[0], words: words(entry[0]), event: index.events[entry[1]],
                 where: entry[2], page: entry[3] };
      });
    }

    function load() {
      if (prepared || loading) { return; }
      if (window.standingsFindIndex) { prepared = prepare(window.standingsFindIndex); return; }
      loading = true;
      var script = document.createElement("script");
      script.src = box.getAttribute("data-find-index");
      script.onload = function () {
        loading = false;
        if (window.standingsFindIndex) { prepared = prepare(window.standingsFindIndex); }
        show();
      };
      script.onerror = function () { loading = false; status.textContent = say("failed"); };
      document.head.appendChild(script);
    }

    function item(entry) {
      var li = document.createElement("li");
      var link = document.createElement("a");
      link.href = root + entry.page;
      link.textContent = entry.name;
      var where = document.createElement("span");
      where.className = "muted";
      where.textContent = " " + (entry.event[0] === here ? "" : entry.event[1] + ", ")
        + entry.where;
      li.appendChild(link);
      li.appendChild(where);
      return li;
    }

    function show() {
      var asked = words(input.value);
      list.replaceChildren();
      status.textContent = "";
      if (!asked.length) { return; }
      if (!prepared) { load(); status.textContent = say("loading"); return; }
      var found = prepared.filter(function (entry) { return matches(entry.words, asked); });
      // This event's players first, then the other events, each in standings order.
      found.sort(function (a, b) {
        return (b.event[0] === here) - (a.event[0] === here);
      });
      found.slice(0, LIMIT).forEach(function (entry) { list.appendChild(item(entry)); });
      if (!found.length) {
        status.textContent = say("none");
      } else if (found.length > LIMIT) {
        status.textContent = say("more").replace("{shown}", LIMIT).replace("{all}", found.length);
      }
    }

    input.addEventListener("focus", load);
    input.addEventListener("input", show);
    form.addEventListener("submit", function (event) {
      event.preventDefault();
      var first = list.querySelector("a");
      if (first) { window.location.href = first.href; }
    });
  }

  document.querySelectorAll(".find").forEach(setUp);
}());

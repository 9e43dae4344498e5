// Find a player (templates/_find.html): without a server, from disk or under a sub-path.
// The page holds the search box (style.css hides it without JavaScript, and shows the link
// to the Players index instead: a box put in at load would lay the page out again); this
// script makes it work. The index is in shards by the beginning of each word of a name
// (generator/site/find.py): the list of them (static/find-index.js, as
// window.standingsFindIndex) is read the first time the box is used, then the shard the
// typed name needs (static/find/n<key>.js, into window.standingsFindShards), each once.
// Names come from TRF files, which anyone may write: they are set as text, never as HTML.
// The words it shows are the box's data-* attributes (in the page's language); one left
// out (a club's own _find.html) says nothing rather than "undefined".
(function () {
  "use strict";
  var LIMIT = 20;
  // A search reads at most this many bytes of the index: a word of one letter in an archive
  // of thousands of events would read most of it, and asks for more of the name instead.
  var LOAD_LIMIT = 1024 * 1024;
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
    var manifest = null;  // the shards' keys and sizes, once static/find-index.js is read
    var shards = new Map();   // a shard's entries by its key, once read
    var loading = new Set();  // the scripts asked for
    var failed = false;

    // A word's characters as find.py's shard_key writes them: a-z and 0-9 as they are,
    // any other as "-" and six hex digits of its code point.
    function keyOf(character) {
      return /^[a-z0-9]$/.test(character) ? character
        : "-" + ("000000" + character.codePointAt(0).toString(16)).slice(-6);
    }

    // The shards a typed word needs (find.py's shards_to_read): the one whose key begins
    // the word, or else every one whose key the word begins ("m" before "ma", "mb", ...).
    function shardsFor(word) {
      var key = "";
      var characters = Array.from(word);
      for (var i = 0; i <= characters.length; i++) {
        if (i > 0) { key += keyOf(characters[i - 1]); }
        if (manifest.has(key)) { return [key]; }
      }
      return Array.from(manifest.keys()).filter(function (k) { return k.indexOf(key) === 0; });
    }

    function bytes(keys) {
      return keys.reduce(function (sum, key) { return sum + manifest.get(key); }, 0);
    }

    // What a search reads: of the words typed, the one whose shards are fewest bytes
    // (each of them holds every name the search can find). Where even those are too many
    // bytes ("ha" in an archive), only the names with that very word ("Ha, ...", its
    // END_OF_WORD shard in find.py), and the visitor is asked for more of the name.
    function toRead(asked) {
      var plans = asked.map(function (word) {
        var keys = shardsFor(word);
        return { keys: keys, bytes: bytes(keys), whole: keys.length > 1
                 ? Array.from(word).map(keyOf).join("") + "_" : null };
      });
      plans.sort(function (a, b) { return a.bytes - b.bytes; });
      if (plans[0].bytes <= LOAD_LIMIT) { return { keys: plans[0].keys, short: false }; }
      var whole = plans.find(function (plan) {
        return plan.whole && manifest.has(plan.whole) && manifest.get(plan.whole) <= LOAD_LIMIT;
      });
      return { keys: whole ? [whole.whole] : [], short: true };
    }

    function prepare(shard) {
      return shard.entries.map(function (entry) {
        return { name: entry[0], words: words(entry[0]), event: shard.events[entry[1]],
                 where: entry[2], page: shard.events[entry[1]][0] + "/" + entry[3],
                 position: entry[4] };
      });
    }

    function script(src, done) {
      var element = document.createElement("script");
      element.src = src;
      element.onload = done;
      element.onerror = function () { failed = true; show(); };
      document.head.appendChild(element);
    }

    function loadManifest() {
      var src = box.getAttribute("data-find-index");
      if (manifest || loading.has(src)) { return; }
      loading.add(src);
      script(src, function () {
        var index = window.standingsFindIndex;
        if (!index) { failed = true; } else { manifest = new Map(index.shards); }
        show();
      });
    }

    function loadShard(key) {
      var src = box.getAttribute("data-find-index").replace(/[^/]*$/, "") + "find/n" + key + ".js";
      if (shards.has(key) || loading.has(src)) { return; }
      loading.add(src);
      script(src, function () {
        var read = window.standingsFindShards;
        if (!read || !Object.prototype.hasOwnProperty.call(read, key)) {
          failed = true;
        } else {
          shards.set(key, prepare(read[key]));
        }
        show();
      });
    }

    // The order of the site's events (find.py's FindEvent, views.event_sort_key): the
    // newest first, the undated last, then by folder name.
    function newer(a, b) {
      if ((a[2] === null) !== (b[2] === null)) { return a[2] === null ? 1 : -1; }
      if (a[2] !== b[2]) { return b[2] - a[2]; }
      return a[0] < b[0] ? -1 : (a[0] > b[0] ? 1 : 0);
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
      if (failed) { status.textContent = say("failed"); return; }
      if (!asked.length) { return; }
      if (!manifest) { loadManifest(); status.textContent = say("loading"); return; }
      var reading = toRead(asked);
      var keys = reading.keys;
      var missing = keys.filter(function (key) { return !shards.has(key); });
      if (missing.length) {
        missing.forEach(loadShard);
        status.textContent = say("loading");
        return;
      }
      // A name is in the shard of each of its words: once only (its page tells it).
      var seen = new Set();
      var found = [];
      keys.forEach(function (key) {
        shards.get(key).forEach(function (entry) {
          if (!seen.has(entry.page) && matches(entry.words, asked)) {
            seen.add(entry.page);
            found.push(entry);
          }
        });
      });
      // This event's players first, then the other events, each in standings order.
      found.sort(function (a, b) {
        return (b.event[0] === here) - (a.event[0] === here) || newer(a.event, b.event)
          || a.position - b.position;
      });
      found.slice(0, LIMIT).forEach(function (entry) { list.appendChild(item(entry)); });
      if (reading.short) {
        status.textContent = say("short");
      } else if (!found.length) {
        status.textContent = say("none");
      } else if (found.length > LIMIT) {
        status.textContent = say("more").replace("{shown}", LIMIT).replace("{all}", found.length);
      }
    }

    input.addEventListener("focus", loadManifest);
    input.addEventListener("input", show);
    form.addEventListener("submit", function (event) {
      event.preventDefault();
      var first = list.querySelector("a");
      if (first) { window.location.href = first.href; }
    });
  }

  document.querySelectorAll(".find").forEach(setUp);
}());

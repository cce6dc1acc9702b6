// memoryd ui: the pages are complete without this file. With it, a page marked data-live polls /api/stamp
// and, when the data changed, swaps in the fresh page's <main>, unless the reader is typing in it.
(function () {
  "use strict";
  var main = document.getElementById("live");
  if (!main || !main.dataset.live) { return; }
  var page = main.dataset.live;
  var stamp = null;
  var busy = false;

  function typing() {
    var el = document.activeElement;
    return el && main.contains(el) && /^(INPUT|TEXTAREA|SELECT)$/.test(el.tagName);
  }

  function refresh() {
    return fetch(window.location.href, { credentials: "same-origin" })
      .then(function (r) { return r.ok ? r.text() : null; })
      .then(function (html) {
        if (!html) { return; }
        var fresh = new DOMParser().parseFromString(html, "text/html").getElementById("live");
        if (!fresh) { return; }
        main.innerHTML = fresh.innerHTML;
        var note = document.getElementById("live-note");
        if (note) { note.hidden = false; note.textContent = "updated " + new Date().toLocaleTimeString(); }
      });
  }

  function poll() {
    if (busy || document.hidden) { return; }
    busy = true;
    fetch("/api/stamp?page=" + encodeURIComponent(page), { credentials: "same-origin" })
      .then(function (r) { return r.ok ? r.json() : null; })
      .then(function (body) {
        if (!body) { return; }
        var changed = stamp !== null && body.stamp !== stamp;
        stamp = body.stamp;
        main.dataset.stamp = stamp;  // what the page was last checked against (tests wait for it)
        if (changed && !typing()) { return refresh(); }
      })
      .catch(function () { /* the view or the daemon is restarting: try again at the next tick */ })
      .then(function () { busy = false; });
  }

  poll();
  window.setInterval(poll, 3000);
})();

// Loaded by tests/perfetto_page.sh after the annotated trace (its JSON text
// in <script id="trace" type="application/json">): reads it as Perfetto's
// JSON importer does and writes what it found into <body data-perfetto="...">.
// Per (pid, tid) a thread track: its X slices in ts order (longer first at
// one ts), B/E pushed and popped; a slice must lie inside the one open on
// the track's stack (or start after it ends): else it is not nested, which
// the importer drops. ph C: a counter track per (pid, name, arg key); ph M:
// process_name and thread_name. ts and dur in microseconds read from their
// decimal text to the ns, as the importer's tokenizer reads ts (its text:
// JSON.parse's source text access), as BigInt.
(function () {
  var text = document.getElementById('trace').textContent;
  var exact = 0;
  var doc = JSON.parse(text, function (key, value, context) {
    if ((key === 'ts' || key === 'dur') && context && typeof context.source === 'string') {
      exact++;
      return {text: context.source};
    }
    return value;
  });
  var events = Array.isArray(doc) ? doc : doc.traceEvents;
  var ns = function (v) {
    if (v && typeof v === 'object') {
      var m = /^(-?)([0-9]*)(?:[.]([0-9]*))?$/.exec(v.text);
      if (m) {
        var n = BigInt(m[2] || '0') * 1000n + BigInt(((m[3] || '') + '000').slice(0, 3));
        return m[1] ? -n : n;
      }
      v = Number(v.text);
    }
    return BigInt(Math.round(Number(v) * 1000));
  };
  var procs = {}, threads = {}, tracks = {}, counters = {}, bad = 0, opened = 0;
  events.forEach(function (e) {
    if (!e || typeof e !== 'object') return;
    var key = e.pid + '/' + e.tid;
    if (e.ph === 'M' && e.name === 'process_name') procs[e.pid] = e.args.name;
    else if (e.ph === 'M' && e.name === 'thread_name') threads[key] = e.args.name;
    else if (e.ph === 'X') (tracks[key] = tracks[key] || []).push([ns(e.ts), ns(e.dur || 0), 'X']);
    else if (e.ph === 'B' || e.ph === 'E') (tracks[key] = tracks[key] || []).push([ns(e.ts), 0n, e.ph]);
    else if (e.ph === 'C')
      Object.keys(e.args || {}).forEach(function (k) { var c = e.pid + '/' + e.name + ' ' + k; counters[c] = (counters[c] || 0) + 1; });
  });
  var ours = Object.keys(procs).filter(function (p) { return procs[p] === 'profile_parser'; })[0];
  var per = {}, trackCount = 0;
  Object.keys(tracks).forEach(function (key) {
    var list = tracks[key], stack = [], improper = 0;
    list.sort(function (a, b) { return a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : a[1] > b[1] ? -1 : a[1] < b[1] ? 1 : 0; });
    list.forEach(function (s) {
      if (s[2] === 'E') { stack.pop(); return; }
      while (stack.length && stack[stack.length - 1] !== null && stack[stack.length - 1] <= s[0]) stack.pop();
      if (s[2] === 'B') { stack.push(null); return; }
      if (stack.length && stack[stack.length - 1] !== null && stack[stack.length - 1] < s[0] + s[1]) improper++;
      stack.push(s[0] + s[1]);
    });
    trackCount++;
    if (key.split('/')[0] !== ours) { opened += improper ? 1 : 0; return; }
    bad += improper;
    var name = (threads[key] || key).replace(/ #\d+$/, '');
    per[name] = (per[name] || 0) + list.length;
  });
  var out = ['exact=' + (exact ? 'yes' : 'no'), 'process=' + (ours ? 'profile_parser' : 'none'), 'pid=' + ours, 'improper=' + bad,
             'tracks=' + trackCount, 'input_tracks_not_nested=' + opened,
             'counter_tracks=' + Object.keys(counters).filter(function (c) { return c.split('/')[0] === ours; }).length];
  Object.keys(per).sort().forEach(function (n) { out.push('track:' + n + '=' + per[n]); });
  document.body.setAttribute('data-perfetto', out.join(';'));
})();

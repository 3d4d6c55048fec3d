// Injected into the page by tests/glance_page.sh: measures the boxes after
// layout and writes what it found into <body data-glance="...">.
(function () {
  var out = [], vw = document.documentElement.clientWidth;
  var head = document.querySelector('.tree .row.head');
  var heads = head ? [].slice.call(head.children) : [];
  var bad = 0, rows = 0;
  [].forEach.call(document.querySelectorAll('.tree .row:not(.head)'), function (row) {
    var det = row.closest('details');
    if (row.offsetParent === null) return; // inside a closed node: not shown
    rows++;
    [].forEach.call(row.children, function (span, i) {
      if (i === 0 || !heads[i]) return;
      var a = span.getBoundingClientRect(), b = heads[i].getBoundingClientRect();
      if (Math.abs(a.right - b.right) > 1) bad++;
    });
  });
  out.push('aligned=' + (rows > 0 && bad === 0 ? 'yes' : 'no:' + bad + '/' + rows));
  var wide = 0;
  [].forEach.call(document.querySelectorAll('table.data, .tree'), function (t) {
    var r = t.getBoundingClientRect();
    if (r.width <= vw + 1) return;
    var box = t.closest('.scroll');
    var ok = box && getComputedStyle(box).overflowX === 'auto' && box.getBoundingClientRect().right <= vw + 1 &&
             box.scrollWidth > box.clientWidth;
    if (!ok) wide++;
  });
  out.push('wide=' + wide);
  var open = [].map.call(document.querySelectorAll('.tree details[open] > summary > .name'), function (s) {
    return s.getAttribute('title');
  });
  out.push('open=' + open.join('|'));
  var tall = 0;
  [].forEach.call(document.querySelectorAll('.tree .row:not(.head), table.data td.k'), function (e) {
    if (e.offsetParent !== null && e.getBoundingClientRect().height > 40) { tall++; out.push('tall:' + e.textContent.slice(0, 40)); }
  });
  out.push('tall=' + tall);
  var cut = [].filter.call(document.querySelectorAll('table.data td.k'), function (td) {
    return td.scrollWidth > td.clientWidth && td.title.indexOf('aten::a_very_long') === 0;
  }).length;
  out.push('titled_cut=' + cut);
  var mixed = 0; // the numbers of a column: one number of decimals
  heads.forEach(function (h, i) {
    if (i === 0) return;
    var seen = {};
    [].forEach.call(document.querySelectorAll('.tree .row:not(.head)'), function (row) {
      var m = row.offsetParent !== null && row.children[i] && /^-?[0-9]+[.]([0-9]+)$/.exec(row.children[i].textContent);
      if (m) seen[m[1].length] = 1;
    });
    if (Object.keys(seen).length > 1) mixed++;
  });
  out.push('mixed=' + mixed);
  document.body.setAttribute('data-glance', out.join(';'));
})();

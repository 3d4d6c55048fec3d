#!/usr/bin/env python3
"""Checks an annotated trace (--format perfetto, SPEC 29) against its input.

perfetto_check.py INPUT OUTPUT [--gaps GAPS.jsonl] [--timeline TIMELINE.jsonl]
                  [--critical CRITICAL.jsonl] [--pid N]

- OUTPUT is valid JSON; its text, less each added "profile_parser" arg (and
  the "args" member made for it) and the added events, is INPUT's byte for
  byte; every device event (cat kernel, gpu_memcpy, gpu_memset) of INPUT
  has the arg, with a path (string or null) and a class;
- the added events are under one pid no input event uses (--pid: that one),
  named profile_parser; on every (pid, tid) of it the X slices nest (here:
  never overlap, each starting at or after the previous one's end);
- --gaps: the gap slices' args are the rows of --summary gaps --format
  jsonl, in order, their durations the rows' lengths;
- --critical: the critical path's slices add up to the "(critical path)"
  row of --summary critical --format jsonl (measured, without --what-if);
- --timeline: the counters are the rows of --summary timeline --format
  jsonl: per device and bin, the busy share busy(ms) / (end - start) in
  tenths of a percent rounded half up at the bin's start(us), and
  allocated(bytes) where the row has it.
Prints the added tracks and their slice counts; exits 1 on a mismatch."""
import copy, gzip, json, re, sys
from decimal import Decimal, ROUND_HALF_UP


def read(path):
    with open(path, 'rb') as f:
        data = f.read()
    return gzip.decompress(data) if data[:2] == b'\x1f\x8b' else data


def fail(message):
    print('perfetto_check: ' + message)
    sys.exit(1)


STRING = rb'"(?:[^"\\]|\\.)*"'
ARG = rb'"profile_parser":\{"path":(?:null|' + STRING + rb'),"class":"[a-z]+"\}'
MADE = re.compile(rb'"args":\{' + ARG + rb'\},?')
ADDED = re.compile(ARG + rb',?')


def canon(value):
    return json.dumps(value, sort_keys=True, default=str)


def ns(value):
    return int(Decimal(str(value)) * 1000)


def main(argv):
    inp, out = argv[0], argv[1]
    opts = dict(zip(argv[2::2], argv[3::2]))
    source, written = read(inp), read(out)
    try:
        doc = json.loads(written, parse_float=Decimal)
        orig = json.loads(source, parse_float=Decimal)
    except ValueError as e:
        fail('not JSON: %s' % e)
    events = doc['traceEvents'] if isinstance(doc, dict) else doc
    given = orig['traceEvents'] if isinstance(orig, dict) else orig
    n = len(given)
    if len(events) < n:
        fail('fewer events than the input')
    # the added arg on every device event, and nothing else changed
    annotated = 0
    for a, b in zip(events[:n], given):
        if not isinstance(b, dict):
            if canon(a) != canon(b):
                fail('element changed')
            continue
        a = copy.deepcopy(a)
        arg = a.get('args', {}).pop('profile_parser', None) if isinstance(a.get('args'), dict) else None
        if arg is not None:
            annotated += 1
            if 'args' not in b and a['args'] == {}:
                del a['args']
            if set(arg) != {'path', 'class'} or arg['class'] not in ('compute', 'communication', 'memcpy', 'memset'):
                fail('bad arg %r' % arg)
        elif b.get('cat') in ('kernel', 'gpu_memcpy', 'gpu_memset') and b.get('ph') == 'X' and isinstance(b.get('args', {}), dict):
            fail('device event without the arg: %s' % json.dumps(b)[:200])
        if canon(a) != canon(b):
            fail('event changed: %s' % json.dumps(b)[:200])
    # byte for byte, less the args and the added events
    stripped = ADDED.sub(b'', MADE.sub(b'', written))
    marker = stripped.find(b'{"ph":"M","pid":')
    while marker >= 0 and b'"name":"process_name","args":{"name":"profile_parser"}}' not in stripped[marker:marker + 120]:
        marker = stripped.find(b'{"ph":"M","pid":', marker + 1)
    if marker < 0:
        fail('no process profile_parser')
    head = stripped[:marker]
    lead = b',\n' if n else b'\n'  # before the first added event
    if not head.endswith(lead):
        fail('the added events do not follow the input\'s')
    head = head[:-len(lead)]
    tail_len = len(source) - len(head)
    if not source.startswith(head) or tail_len < 0 or stripped[len(stripped) - tail_len:] != source[len(head):]:
        fail('the input text is not kept byte for byte')
    added = events[n:]
    pids = {e.get('pid') for e in given if isinstance(e, dict)}
    pid = added[0]['pid']
    if pid in pids or str(pid) in {str(p) for p in pids}:
        fail('pid %s is used by the input' % pid)
    if '--pid' in opts and str(pid) != opts['--pid']:
        fail('pid %s, not %s' % (pid, opts['--pid']))
    names, slices = {}, {}
    for e in added:
        if e['pid'] != pid:
            fail('an added event of another pid')
        if e['ph'] == 'M' and e['name'] == 'thread_name':
            names[e['tid']] = e['args']['name']
        elif e['ph'] == 'X':
            slices.setdefault(e['tid'], []).append((ns(e['ts']), ns(e['dur']), e))
    tracks = {}
    for tid, list_ in slices.items():
        end = None
        for ts, dur, e in list_:
            if dur < 0 or (end is not None and ts < end):
                fail('slices overlap on tid %s (%s)' % (tid, names.get(tid)))
            end = ts + dur
        track = re.sub(r' #\d+$', '', names[tid])
        tracks[track] = tracks.get(track, 0) + len(list_)
    if '--gaps' in opts:
        rows = [json.loads(line, parse_float=Decimal) for line in open(opts['--gaps']) if line.strip()]
        gaps = [(ts, dur, e) for tid in sorted(slices) if names[tid].startswith('gaps (device')
                for ts, dur, e in slices[tid]]
        gaps.sort(key=lambda g: (g[2]['args']['device'], g[0]))
        if len(gaps) != len(rows):
            fail('%d gap slices, %d rows of --summary gaps' % (len(gaps), len(rows)))
        for (ts, dur, e), row in zip(gaps, rows):
            if e['args'] != row or dur != int(Decimal(str(row['length(ms)'])) * 1000000):
                fail('gap slice %s is not the row %s' % (e['args'], row))
    if '--timeline' in opts:
        rows = [json.loads(line, parse_float=Decimal) for line in open(opts['--timeline']) if line.strip()]
        counters = {}
        for e in added:
            if e['ph'] == 'C':
                counters.setdefault(e['name'], []).append((ns(e['ts']), e['args']))
        cells = 0
        for row in rows:
            device, start, end = row['device'], ns(row['start(us)']), ns(row['end(us)'])
            busy = Decimal(str(row['busy(ms)'])) * 1000000
            share = (busy * 1000 / (end - start)).quantize(Decimal(1), rounding=ROUND_HALF_UP) / 10
            got = [a for ts, a in counters.get('busy share (device %s)' % device, []) if ts == start]
            if len(got) != 1 or Decimal(str(got[0]['%'])) != share:
                fail('busy share of device %s at %s: %s, not %s' % (device, start, got, share))
            memory = [a for ts, a in counters.get('allocated memory (device %s)' % device, []) if ts == start]
            if row.get('allocated(bytes)') is not None:
                if len(memory) != 1 or memory[0]['bytes'] != row['allocated(bytes)']:
                    fail('allocated memory of device %s at %s: %s' % (device, start, memory))
            elif memory:
                fail('allocated memory where the timeline has none')
            cells += 1
        tracks['counter bins'] = cells
    if '--critical' in opts:
        rows = [json.loads(line, parse_float=Decimal) for line in open(opts['--critical']) if line.strip()]
        total = sum(int(Decimal(str(r['critical(ms)'])) * 1000000) for r in rows if r['name'] == '(critical path)')
        got = sum(dur for tid in slices if names[tid].startswith('critical path') for ts, dur, e in slices[tid])
        if got != total:
            fail('the critical path slices add up to %d ns, the summary to %d' % (got, total))
    print('events %d, added %d, annotated %d, pid %s' % (n, len(added), annotated, pid))
    for name in sorted(tracks):
        print('track %s: %d' % (name, tracks[name]))


if __name__ == '__main__':
    main(sys.argv[1:])

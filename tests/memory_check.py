"""The memory figures of SPEC 21 worked out from a trace's JSON, without the
program: per memory device (pid, Device Type, Device Id) of the [memory]
events that have a Device Type, in (ts, position) order: events,
allocations, frees, allocated total, peak allocated and its first event's
ts, peak reserved, final allocated, out of memory ([OutOfMemory] instants,
apart); then compared cell by cell with --summary memory's JSON Lines, and
the curve's identities checked: peak >= final, allocations + frees <=
events, peak = the largest value of the curve, and (with one accelerator
memory device in the trace) each bin of --summary timeline's allocated
the curve's value before the bin's end, none above the peak; each step's peak allocated <= the device's peak, each
node's memory peak increase <= the peak.

usage: memory_check.py TRACE SUMMARY.jsonl TIMELINE.csv STEP.jsonl NODES.jsonl
Prints one line per failure; exit 1 when any."""
import csv, decimal, gzip, json, sys

decimal.getcontext().prec = 60
trace_path, summary_path, timeline_path, step_path, nodes_path = sys.argv[1:6]
opener = gzip.open if open(trace_path, 'rb').read(2) == b'\x1f\x8b' else open
with opener(trace_path, 'rt', encoding='utf-8', errors='surrogateescape') as f:
    trace = json.load(f, parse_float=decimal.Decimal, parse_int=int)
events = trace['traceEvents'] if isinstance(trace, dict) else trace

def pid_text(pid):
    return pid if isinstance(pid, str) else str(pid)

def number(args, key):
    v = args.get(key)
    return v if isinstance(v, int) and not isinstance(v, bool) else None

devices = {}
for position, e in enumerate(events):
    if not isinstance(e, dict) or e.get('ph') != 'i' or e.get('cat') != 'cpu_instant_event':
        continue
    name = e.get('name')
    if name not in ('[memory]', '[OutOfMemory]'):
        continue
    args = e.get('args') if isinstance(e.get('args'), dict) else {}
    if args.get('Device Type') is None:
        continue
    key = (pid_text(e.get('pid')), args['Device Type'], args.get('Device Id') or 0)
    devices.setdefault(key, []).append((decimal.Decimal(str(e['ts'])), position, name, args))

failures = []
def check(ok, what):
    if not ok:
        failures.append(what)

expected = {}
for key, evs in devices.items():
    evs.sort(key=lambda t: (t[0], t[1]))
    d = dict(events=0, allocations=0, frees=0, total=0, peak=None, peak_ts=None, reserved=None, final=None, oom=0,
             curve=[])
    for ts, _, name, args in evs:
        if name == '[OutOfMemory]':
            d['oom'] += 1
            continue
        d['events'] += 1
        b = number(args, 'Bytes') or 0
        d['allocations'] += b > 0
        d['frees'] += b < 0
        d['total'] += max(b, 0)
        r = number(args, 'Total Reserved')
        if r is not None and (d['reserved'] is None or r > d['reserved']):
            d['reserved'] = r
        t = number(args, 'Total Allocated')
        if t is None:
            continue
        d['curve'].append(t)
        if d['peak'] is None or t > d['peak']:
            d['peak'], d['peak_ts'] = t, ts
        d['final'] = t
    if d['events']:
        expected[key] = d

rows = [json.loads(line) for line in open(summary_path)]
got = {}
for row in rows:
    type_ok = row['device'] == 'cpu'
    got[(row['pid'], row['device'])] = row
check(len(rows) == len(expected), 'rows: %d, by the JSON %d' % (len(rows), len(expected)))
for (pid, dtype, did), d in expected.items():
    row = got.get((pid, 'cpu' if dtype == 0 else did))
    if row is None:
        check(False, 'no row for pid %s type %s id %s' % (pid, dtype, did))
        continue
    where = 'pid %s device %s' % (pid, row['device'])
    for column, value in (('events', d['events']), ('allocations', d['allocations']), ('frees', d['frees']),
                          ('allocated total(bytes)', d['total']), ('peak allocated(bytes)', d['peak']),
                          ('peak reserved(bytes)', d['reserved']), ('final allocated(bytes)', d['final']),
                          ('out of memory', d['oom'])):
        check(row[column] == value, '%s: %s %r, by the JSON %r' % (where, column, row[column], value))
    if d['peak_ts'] is not None:
        check(decimal.Decimal(str(row['peak ts(us)'])) == d['peak_ts'].quantize(decimal.Decimal('0.001')),
              '%s: peak ts %s, by the JSON %s' % (where, row['peak ts(us)'], d['peak_ts']))
    # the curve's identities
    if d['peak'] is not None:
        check(d['peak'] >= d['final'], '%s: peak below final' % where)
        check(d['peak'] == max(d['curve']), '%s: peak is not the curve\'s largest' % where)
    check(d['allocations'] + d['frees'] <= d['events'], '%s: allocations + frees > events' % where)

def ns(us):
    return int((us * 1000).to_integral_value(rounding=decimal.ROUND_HALF_UP))

accelerators = [(key, d) for key, d in expected.items() if key[1] != 0 and d['peak'] is not None]
largest = max((d['peak'] for _, d in accelerators), default=None)
with open(timeline_path, newline='') as f:
    cells = [r for r in csv.DictReader(f) if r['allocated(bytes)'] != '']
if len(accelerators) == 1 and cells:
    # one curve: each bin's allocated is its value before the bin's end, and never above the peak
    key = accelerators[0][0]
    curve = [(ns(ts), number(args, 'Total Allocated')) for ts, _, name, args in devices[key]
             if name == '[memory]' and number(args, 'Total Allocated') is not None]
    k, value = 0, None
    for r in cells:  # bins in time order within a device; one device has the curve
        end = ns(decimal.Decimal(r['end(us)']))
        while k < len(curve) and curve[k][0] < end:
            value = curve[k][1]
            k += 1
        check(int(r['allocated(bytes)']) == value,
              'bin ending %s: allocated %s, the curve %s' % (r['end(us)'], r['allocated(bytes)'], value))
    top = max(int(r['allocated(bytes)']) for r in cells)
    check(top <= largest, 'timeline allocated %s above the peak %s' % (top, largest))
for line in open(step_path):
    row = json.loads(line)
    if row['peak allocated(bytes)'] is not None:
        check(largest is not None and row['peak allocated(bytes)'] <= largest,
              '%s: step peak %s above every device\'s peak' % (row['step'], row['peak allocated(bytes)']))
for line in open(nodes_path):
    row = json.loads(line)
    v = row['memory peak increase(bytes)']
    check(v is not None and v >= 0 and (largest is None or v <= largest), 'node %s: increase %r' % (row['name'], v))
for what in failures[:20]:
    print(what)
sys.exit(1 if failures else 0)

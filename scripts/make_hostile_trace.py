#!/usr/bin/env python3
"""Writes a pathological trace, for peak memory against input size (issue 15).

    make_hostile_trace.py KIND N OUT

KIND is one of
  minimal    N complete events of the fewest bytes, one op each
  unmatched  N B events that no E closes
  threads    N events, each on a thread of its own
  name       one event whose name is N bytes long
  launches   N ops, each with a launch and its kernel
  lists      N launches, each with a kernel, inside 16 nested ops: each of
             the 16 rows lists all of them (output many times the input)
  longnames  N ops, each of a distinct name of LONG_NAME characters (its
             number at both ends), each launching a kernel of such a name
             (issue 33: a page must not grow with the names)
  versions   N "*version" keys, and one op with its kernel (issue 33: a
             page's header lists must not grow with the trace)
  devices    N distinct deviceProperties entries, and the same op
  header     both: N versions and N devices
  memory     N [memory] events, each of a memory device of its own: every
             other one in a process of its own (issue 44: a million memory
             devices, a report of a few lines, memory linear in them)
"""
import sys

EVENT = '{"ph":"X","cat":"cpu_op","name":"o","pid":1,"tid":1,"ts":%d,"dur":1}'
LONG_NAME = 10000


def long_name(kind, i):
    """A name of LONG_NAME characters: KIND and I at its start and its end."""
    ends = "%s%d::" % (kind, i), "::%s%d" % (kind, i)
    return ends[0] + "x" * (LONG_NAME - len(ends[0]) - len(ends[1])) + ends[1]


def events(kind, n):
    if kind == "minimal":
        for i in range(n):
            yield EVENT % (2 * i)
    elif kind == "unmatched":
        for i in range(n):
            yield '{"ph":"B","cat":"cpu_op","name":"op","pid":1,"tid":%d,"ts":%d}' % (i % 64, i)
    elif kind == "threads":
        for i in range(n):
            yield '{"ph":"X","cat":"cpu_op","name":"o","pid":%d,"tid":%d,"ts":%d,"dur":1}' % (i // 1000, i, i)
    elif kind == "name":
        yield '{"ph":"X","cat":"cpu_op","name":"%s","pid":1,"tid":1,"ts":0,"dur":1}' % ("n" * n)
    elif kind == "launches":
        for i in range(n):
            yield EVENT % (10 * i)
            yield ('{"ph":"X","cat":"cuda_runtime","name":"cudaLaunchKernel","pid":1,"tid":1,'
                   '"ts":%d,"dur":1,"args":{"correlation":%d}}' % (10 * i, i))
            yield ('{"ph":"X","cat":"kernel","name":"k","pid":0,"tid":7,"ts":%d,"dur":1,'
                   '"args":{"correlation":%d}}' % (10 * i + 5, i))
    elif kind == "lists":
        for depth in range(16):
            yield '{"ph":"X","cat":"cpu_op","name":"op%d","pid":1,"tid":1,"ts":%d,"dur":%d}' % (
                depth, depth, 10 * n + 100 - 2 * depth)
        for i in range(n):
            yield ('{"ph":"X","cat":"cuda_runtime","name":"cudaLaunchKernel","pid":1,"tid":1,'
                   '"ts":%d,"dur":1,"args":{"correlation":%d}}' % (10 + 10 * i, i))
            yield ('{"ph":"X","cat":"kernel","name":"k","pid":0,"tid":7,"ts":%d,"dur":1,'
                   '"args":{"correlation":%d}}' % (15 + 10 * i, i))
    elif kind == "longnames":
        for i in range(n):
            yield '{"ph":"X","cat":"cpu_op","name":"%s","pid":1,"tid":1,"ts":%d,"dur":5}' % (long_name("op", i), 10 * i)
            yield ('{"ph":"X","cat":"cuda_runtime","name":"cudaLaunchKernel","pid":1,"tid":1,'
                   '"ts":%d,"dur":1,"args":{"correlation":%d}}' % (10 * i + 1, i))
            yield ('{"ph":"X","cat":"kernel","name":"%s","pid":0,"tid":7,"ts":%d,"dur":%d,'
                   '"args":{"correlation":%d,"device":0}}' % (long_name("kernel", i), 10 * i + 5, 1 + i % 4, i))
    elif kind == "memory":
        yield EVENT % 0
        for i in range(n):
            yield ('{"ph":"i","cat":"cpu_instant_event","s":"t","name":"[memory]","pid":%d,"tid":1,"ts":%d,'
                   '"args":{"Device Type":1,"Device Id":%d,"Bytes":1,"Total Allocated":%d,"Total Reserved":%d}}'
                   % (1 + (i % 2) * i, i % 1000, i, 1 + i, 2 + i))
    elif kind in ("versions", "devices", "header"):
        yield '{"ph":"X","cat":"cpu_op","name":"ProfilerStep#1","pid":1,"tid":1,"ts":0,"dur":100}'
        yield '{"ph":"X","cat":"cpu_op","name":"aten::mm","pid":1,"tid":1,"ts":10,"dur":20}'
        yield ('{"ph":"X","cat":"cuda_runtime","name":"cudaLaunchKernel","pid":1,"tid":1,'
               '"ts":12,"dur":2,"args":{"correlation":1}}')
        yield ('{"ph":"X","cat":"kernel","name":"gemm","pid":0,"tid":7,"ts":20,"dur":30,'
               '"args":{"correlation":1,"device":0}}')
    else:
        sys.exit("make_hostile_trace.py: KIND is minimal, unmatched, threads, name, launches, lists, longnames, "
                 "versions, devices, header or memory")


def metadata(kind, n):
    """The members besides traceEvents."""
    versions = "".join('"v%d_version":"%d.0",' % (i, i) for i in range(n)) if kind in ("versions", "header") else ""
    if kind not in ("devices", "header"):
        return versions
    devices = ",".join('{"id":%d,"name":"device %d","totalGlobalMem":%d,"computeMajor":9,"computeMinor":0,'
                       '"numSms":%d}' % (i, i, 85899345920 + i, 132 + i % 7) for i in range(n))
    return '%s"deviceProperties":[%s],\n' % (versions, devices)


def main():
    if len(sys.argv) != 4:
        sys.exit(__doc__)
    kind, n, out = sys.argv[1], int(sys.argv[2]), sys.argv[3]
    with open(out, "w") as f:
        f.write('{' + metadata(kind, n) + '"traceEvents": [\n')
        first = True
        for event in events(kind, n):
            f.write(event if first else ",\n" + event)
            first = False
        f.write("\n]}\n")


if __name__ == "__main__":
    main()

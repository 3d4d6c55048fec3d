"""Two analyses in two threads agree with one at a time, and one analysis
used from two threads takes turns (the binding's lock)."""
import threading

import profile_parser
from conftest import EXAMPLE, PEAKS, TOP, VIEWS, shared_traces


def tables(path):
    analysis = profile_parser.analyze(path, monitor_cat="cpu_op,user_annotation", peaks=PEAKS)
    return {view: analysis.table(view, text=True).to_dict("list") for view in VIEWS}


def two_traces():
    found = shared_traces()
    biggest = sorted(found, key=lambda p: -__import__("os").path.getsize(p))
    readable = [p for p in biggest if "_et." not in p][:2]
    return readable if len(readable) == 2 else [EXAMPLE, "%s/tests/cases/critical_basic.json" % TOP]


def test_two_analyses_in_two_threads():
    paths = two_traces()
    alone = [tables(p) for p in paths]
    for _ in range(2):
        together = [None, None]

        def work(i):
            together[i] = tables(paths[i])
        threads = [threading.Thread(target=work, args=(i,)) for i in range(2)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        assert together == alone


def test_one_analysis_two_threads():
    analysis = profile_parser.analyze(EXAMPLE, monitor_cat="cpu_op,user_annotation", peaks=PEAKS)
    want = {view: analysis.table(view, text=True).to_dict("list") for view in VIEWS}
    got = {}

    def work(views):
        for view in views:
            got[view] = analysis.table(view, text=True).to_dict("list")
    threads = [threading.Thread(target=work, args=(VIEWS[i::2],)) for i in range(2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert got == want

"""Two analyses in two threads agree with one at a time; one analysis
used from two threads takes turns (the binding's lock); the GIL is
released while a trace is read."""
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


def test_gil_released_while_reading(tmp_path):
    """analyze() reads a named pipe that this thread fills only while the
    other thread is in it: with the GIL held there, this would never run
    (faulthandler's watchdog, which needs no GIL, ends a hang)."""
    import faulthandler
    import os
    fifo = tmp_path / "trace.json"
    os.mkfifo(fifo)
    result = {}

    def work():
        try:
            result["analysis"] = profile_parser.analyze(str(fifo), monitor_cat="cpu_op,user_annotation")
        except Exception as e:  # noqa: BLE001 (reported below)
            result["error"] = e
    faulthandler.dump_traceback_later(120, exit=True)
    try:
        thread = threading.Thread(target=work)
        thread.start()
        with open(EXAMPLE, "rb") as source, open(fifo, "wb") as sink:  # blocks until the reader opens it
            sink.write(source.read())
        thread.join()
    finally:
        faulthandler.cancel_dump_traceback_later()
    assert "error" not in result, result.get("error")
    alone = profile_parser.analyze(EXAMPLE, monitor_cat="cpu_op,user_annotation")
    assert result["analysis"].table("name", text=True).equals(alone.table("name", text=True))

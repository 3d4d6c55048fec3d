"""Every view's table equals the program's CSV with the same options, cell
for cell: as the CSV's text (text=True) and typed (int64/Int64 columns hold
the cells' whole numbers, float64 ones their decimals, object ones their
text; empty cells NA, NaN or None)."""
import math

import pandas
import pytest

import profile_parser
from conftest import EXAMPLE, PEAKS, TOP, VIEWS, program_args, program_csv, run_program, shared_traces


def same_text(frame, rows, what):
    header, body = rows[0], rows[1:]
    assert list(frame.columns) == header, what
    assert len(frame) == len(body), what
    for r, row in enumerate(body):
        got = ["" if cell is None else cell for cell in frame.iloc[r].tolist()]
        assert got == row, "%s: row %d" % (what, r)


def same_typed(frame, rows, what):
    header, body = rows[0], rows[1:]
    assert list(frame.columns) == header, what
    assert len(frame) == len(body), what
    for c, name in enumerate(header):
        column = frame.iloc[:, c]
        kind = str(column.dtype)
        assert kind in ("int64", "Int64", "float64", "object"), "%s: %s is %s" % (what, name, kind)
        for r, row in enumerate(body):
            cell, value = row[c], column.iloc[r]
            where = "%s: row %d column %s: %r, the CSV %r" % (what, r, name, value, cell)
            if cell == "":
                # an empty field: an empty cell, or an empty text
                assert value is None or value is pandas.NA or value == "" or (isinstance(value, float) and math.isnan(value)), where
            elif kind in ("int64", "Int64"):
                assert int(cell) == value, where
            elif kind == "float64":
                assert float(cell) == value, where
            else:
                assert cell == value, where


def check(options, traces, views, one=None):
    analysis = profile_parser.analyze(traces, peaks=PEAKS, **options)
    for view in views:
        rows = program_csv(dict(options, peaks=PEAKS), traces if one is None else [traces[one]], view)
        what = "%s of %s" % (view, traces[0] if one is None else traces[one])
        if one is None:
            text, typed = analysis.table(view, text=True), analysis.table(view)
        else:
            text, typed = analysis.table_of(one, view, text=True), analysis.table_of(one, view)
        same_text(text, rows, what)
        same_typed(typed, rows, what)


@pytest.mark.parametrize("trace", shared_traces() or [pytest.param(None, marks=pytest.mark.skip(
    reason="no shared traces: PROFILE_PARSER_TRACES=DIR"))], ids=lambda t: t and t.rsplit("/", 1)[-1])
def test_shared_trace_every_view(trace):
    options = {"monitor_cat": ["cpu_op", "user_annotation"], "peaks": PEAKS}
    status, out, err = run_program(program_args(options, [trace], "nodes"))
    if status != 0:
        # not a trace the program reads (an Execution Trace): the same error
        with pytest.raises(profile_parser.ProfileParserError) as raised:
            profile_parser.analyze(trace, **options)
        assert raised.value.code == status
        assert "profile_parser: %s\n" % raised.value in err
        return
    check({"monitor_cat": ["cpu_op", "user_annotation"]}, [trace], VIEWS)


def test_example_defaults():
    check({}, [EXAMPLE], VIEWS)


def test_example_options():
    check({"mc": "cpu_op", "max_depth": 2, "summary": "name", "columns": "name,count", "sort": "count",
           "top": 3}, [EXAMPLE], ["path", "name"])
    check({"monitor_cat": "cpu_op,user_annotation", "max-depth": 2, "leaves": True}, [EXAMPLE], ["nodes"])
    check({"monitor_cat": "cpu_op", "all_python_functions": True}, [EXAMPLE], ["nodes", "name"])


def test_several_traces():
    ranks = ["%s/tests/compare/ranks/rank%d.json" % (TOP, i) for i in range(3)]
    options = {"monitor_cat": "cpu_op,user_annotation"}
    check(options, ranks, ["rank", "findings", "memory", "critical"])
    check(options, ranks, ["name", "step"], one=1)
    check(dict(options, summary="name", across_ranks=True), ranks, ["across_ranks"])
    pair = ["%s/tests/compare/base.json" % TOP, "%s/tests/compare/new.json" % TOP]
    check({"diff": "name"}, pair, ["diff"])


def test_findings_and_report():
    options = {"monitor_cat": "cpu_op,user_annotation", "peaks": PEAKS}
    analysis = profile_parser.analyze(EXAMPLE, **options)
    rows = program_csv(options, [EXAMPLE], "findings")
    findings = analysis.findings
    assert isinstance(findings, list) and len(findings) == len(rows) - 1 > 0
    for finding, row in zip(findings, rows[1:]):
        assert list(finding) == rows[0]
        for name, cell in zip(rows[0], row):
            assert (finding[name] is None) == (cell == "")
            if cell != "" and not isinstance(finding[name], str):
                assert float(cell) == finding[name]
    assert analysis.traces == (EXAMPLE,)
    assert isinstance(analysis.report, str) and analysis.report
    # the report is what the program writes on standard error with the same
    # options, but for where its rows went and its timings
    status, out, err = run_program([a for a in program_args(options, [EXAMPLE], "nodes") if a != "-q"])
    assert status == 0

    def steady(text):
        return [line for line in text.splitlines() if not line.lstrip().startswith(("rows:", "wall time:"))]
    assert steady(analysis.report) == steady(err) and len(steady(err)) > 5


def test_types():
    analysis = profile_parser.analyze(EXAMPLE, monitor_cat="cpu_op,user_annotation", peaks=PEAKS)
    name = analysis.table("name")
    assert (str(name["name"].dtype), str(name["count"].dtype), str(name["device total(ms)"].dtype)) == \
        ("object", "int64", "float64")
    # an integer column with an empty cell: pandas' nullable Int64, <NA> there
    findings = analysis.table("findings")
    assert str(findings["device"].dtype) == "Int64" and findings["device"].isna().any()
    assert findings["device"].dropna().tolist() == [f["device"] for f in analysis.findings if f["device"] is not None]
    # a table of no rows keeps its types (text: object, not pandas' float64 of an empty list)
    collective = analysis.table("collective")
    assert len(collective) == 0
    assert (str(collective["collective"].dtype), str(collective["count"].dtype)) == ("object", "int64")
    # the frame is the caller's own: writable
    name.loc[0, "count"] = 7

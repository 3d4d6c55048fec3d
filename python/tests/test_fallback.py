"""Without pandas (its import blocked), a table is a dict of lists, column
name to cells (int, float, str; None where empty), the same values as the
DataFrame's."""
import math
import sys

import pandas

import profile_parser
from conftest import EXAMPLE, PEAKS, VIEWS


def plain(value):
    if value is None or value is pandas.NA or (isinstance(value, float) and math.isnan(value)):
        return None
    return value.item() if hasattr(value, "item") else value


def test_dict_of_lists(monkeypatch):
    analysis = profile_parser.analyze(EXAMPLE, monitor_cat="cpu_op,user_annotation", peaks=PEAKS)
    frames = {view: analysis.table(view) for view in VIEWS}
    monkeypatch.setitem(sys.modules, "pandas", None)  # import pandas raises ImportError
    for view in VIEWS:
        table = analysis.table(view)
        assert isinstance(table, dict), view
        frame = frames[view]
        assert list(table) == list(frame.columns)
        for name, cells in table.items():
            assert isinstance(cells, list)
            want = [plain(v) for v in frame[name].tolist()]
            assert cells == want, (view, name)
            kind = str(frame[name].dtype)
            types = {"int64": int, "Int64": int, "float64": float, "object": str}[kind]
            assert all(c is None or type(c) is types for c in cells), (view, name)
    text = analysis.table("name", text=True)
    assert all(c is None or isinstance(c, str) for cells in text.values() for c in cells)

"""Errors raise ProfileParserError with the program's message: InputError
(an OSError, code 1) for a trace that cannot be read, UsageError (a
ValueError, code 2) for a wrong option, value or view."""
import pytest

import profile_parser
from conftest import EXAMPLE, PROGRAM, run_program


def program_message(*args):
    status, out, err = run_program([PROGRAM, "-q", "-d", "-"] + list(args))
    return status, err


def test_classes():
    assert issubclass(profile_parser.InputError, profile_parser.ProfileParserError)
    assert issubclass(profile_parser.InputError, OSError)
    assert issubclass(profile_parser.UsageError, profile_parser.ProfileParserError)
    assert issubclass(profile_parser.UsageError, ValueError)
    assert (profile_parser.InputError.code, profile_parser.UsageError.code) == (1, 2)


def test_missing_trace(tmp_path):
    missing = str(tmp_path / "missing.json")
    with pytest.raises(profile_parser.InputError) as raised:
        profile_parser.analyze(missing)
    status, err = program_message("-s", missing)
    assert status == 1 and raised.value.code == 1
    assert err.startswith("profile_parser: %s\n" % raised.value)


def test_not_json(tmp_path):
    bad = tmp_path / "bad.json"
    bad.write_text('{"traceEvents": [{"ph": "X", "name": ')
    with pytest.raises(OSError) as raised:
        profile_parser.analyze(bad)  # a pathlib.Path
    status, err = program_message("-s", str(bad))
    assert status == 1
    assert "profile_parser: %s\n" % raised.value in err


@pytest.mark.parametrize("options, args", [
    ({"max_depth": "x"}, ["--max_depth=x"]),
    ({"no_such_option": 1}, ["--no_such_option=1"]),
    ({"summary": "nothing"}, ["--summary=nothing"]),
    ({"top": -3}, ["--top=-3"]),
])
def test_bad_option(options, args):
    with pytest.raises(profile_parser.UsageError) as raised:
        profile_parser.analyze(EXAMPLE, **options)
    status, err = program_message("-s", EXAMPLE, *args)
    assert status == 2 and raised.value.code == 2
    assert err.startswith("profile_parser: %s\n" % raised.value), (str(raised.value), err)


def test_refused_option():
    with pytest.raises(ValueError, match="format"):
        profile_parser.analyze(EXAMPLE, format="json")


def test_bad_view_and_trace_number():
    analysis = profile_parser.analyze(EXAMPLE)
    with pytest.raises(profile_parser.UsageError, match="no such view"):
        analysis.table("nothing")
    with pytest.raises(IndexError):
        analysis.table_of(1, "name")
    with pytest.raises(TypeError):
        profile_parser.analyze(EXAMPLE, max_depth=object())
    with pytest.raises(ValueError):
        profile_parser.analyze([])


def test_closed():
    with profile_parser.analyze(EXAMPLE) as analysis:
        assert len(analysis.table("name")) > 0
    with pytest.raises(ValueError, match="closed"):
        analysis.table("name")

"""The interval arithmetic of the study, against published values."""

from __future__ import annotations

import pytest

from napoleon.study import StudyError, Summary, bounds, parse_deals, percentile, wilson


@pytest.mark.parametrize("k, n, low, high", [
    # Newcombe (1998), "Two-sided confidence intervals for the single proportion", Table I, method 3.
    (81, 263, 0.2553, 0.3662),
    (15, 148, 0.0624, 0.1605),
    (0, 20, 0.0, 0.1611),
    (1, 29, 0.0061, 0.1718),
])
def test_wilson_matches_newcombe(k, n, low, high):
    lo, hi = wilson(k, n)
    assert (round(lo, 4), round(hi, 4)) == (low, high)


def test_wilson_edges():
    assert wilson(0, 0) == (0.0, 1.0)
    lo, hi = wilson(10, 10)
    assert hi == pytest.approx(1.0) and lo == pytest.approx(0.7225, abs=1e-4)
    with pytest.raises(ValueError):
        wilson(11, 10)


def test_unknown_deals_widen_both_ends():
    # 60 won, 30 lost, 10 unknown: low end as if 60/100 won, high end as if 70/100.
    low, high = bounds(60, 30, 10)
    assert low == wilson(60, 100)[0]
    assert high == wilson(70, 100)[1]
    assert bounds(60, 40, 0) == wilson(60, 100)
    s = Summary("werner", {}, won=60, lost=30, unknown=10)
    assert s.estimate == 0.667 and s.deals == 100
    assert s.interval[0] < 0.6 and s.interval[1] > 0.7


def test_summary_json_has_the_documented_keys():
    s = Summary("werner", {}, won=2, lost=1, unknown=1, seconds=[0.5, 1.0, 2.0, 4.0], budget=2.0)
    obj = s.to_json()
    for key in ("game", "options", "deals", "won", "lost", "unknown", "estimate", "interval", "seconds"):
        assert key in obj
    assert obj["deals"] == 4 and obj["seconds"]["median"] == 1.5 and obj["seconds"]["max"] == 4.0
    assert obj["seconds"]["p90"] == 4.0


def test_percentile():
    assert percentile([], 0.5) is None
    assert percentile(list(map(float, range(1, 11))), 0.9) == 9.0


def test_parse_deals():
    assert parse_deals("1-3") == [1, 2, 3]
    assert parse_deals("10,2-3, 3") == [2, 3, 10]
    # Full-width and Arabic-Indic digits, an underscore, a sign: not ASCII deal numbers.
    for bad in ("", "a-b", "5-2", "0-3", "1-20000000", "\uff13", "\u0663", "1_000", "+5", "1--3",
                "1-6000000,6000001-12000000"):
        with pytest.raises(StudyError):
            parse_deals(bad)

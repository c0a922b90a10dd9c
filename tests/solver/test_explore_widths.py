"""Redeal planning doubles its widths round after round; the core must take any width.

St. Helena deal 107 once stopped grading with "OverflowError: signed integer
is greater than maximum": its rounds cost nothing once every last deal had
been tried, so the widths doubled until ``redealt`` no longer fit a C int.
"""

from __future__ import annotations

import napoleon
from napoleon.solver import exploration


def test_explore_takes_widths_beyond_a_c_int():
    state = napoleon.new_game("st-helena", 107)
    small = exploration.explore(state, max_states=3000, keep=50, redealt=5000)
    huge = exploration.explore(state, max_states=3000, keep=50 << 40, redealt=5000 << 40)
    # A width beyond any search's positions means "all of them": the same answer as any other such width.
    assert huge[0].states == small[0].states
    assert [f.line for f in huge[1]][:50] == [f.line for f in small[1]][:50]

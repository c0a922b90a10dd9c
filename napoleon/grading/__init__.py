"""How hard is a deal? ``easy``, ``medium``, ``hard``, ``expert``, ``lost`` or ``unknown``.

A deal is graded by a ladder of players, from the simplest to the strongest,
each given a cap in positions (never seconds, so a grade is the same on every
machine and under any load):

1. the **greedy** player (the core's greedy pass: every card that can go home
   goes home at once, one space stands for all);
2. **random playouts** with safe auto-play (the core's playouts, seeded);
3. the game's **complete searches** (best-first, depth-first) and, where the
   game needs them, the staged searches (beam over the stock, redeal planning).

The first rung that wins proves the deal winnable; its solution is replayed
through the engine's checked moves. The deal's **effort** is the number of
positions searched by all the rungs tried, up to and including the one that
won: a deal that the greedy player wins at once is easy for a person too, one
that only the full search wins after a hundred thousand positions is not. A
complete search that ends without a win proves the deal ``lost``; a deal that
no rung wins within its cap is ``unknown``.

The grade of a winnable deal compares ``log2(effort)`` with three thresholds
per game, calibrated on the game's first deals so that the four grades each
take about a quarter of its winnable deals (docs/grades.md). The grades of
the first deals of each game ship in ``grades.json`` beside this module, made
by ``napoleon study GAME --deals 1-1000 --grades``; other deals are graded on
demand.

>>> GRADES
('easy', 'medium', 'hard', 'expert')
>>> grade_of(5.0, (6.0, 8.0, 10.0)), grade_of(10.0, (6.0, 8.0, 10.0))
('easy', 'expert')
"""

from __future__ import annotations

import datetime as _dt
import functools
import hashlib
import json
import math
from collections.abc import Callable, Iterable
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from ..engine.errors import NapoleonError
from ..engine.game import Game
from ..engine.searching import SIMPLE_PLAYERS
from ..engine.state import State
from ..shuffle import MAX_DEAL

# The words of the grades are the store's, which keeps one on each game's record.
from ..store.schema import LOST_GRADE as LOST
from ..store.schema import UNKNOWN_GRADE as UNKNOWN
from ..store.schema import WINNABLE_GRADES as GRADES

__all__ = [
    "GRADES", "LOST", "UNKNOWN", "Figures", "GradeError", "calibrate", "daily_deal", "figures",
    "grade", "grade_json", "grade_of", "hand_out", "handed_out_at_once", "next_deal", "random_deal", "shipped",
]

LETTERS = {"easy": "e", "medium": "m", "hard": "h", "expert": "x", LOST: "l", UNKNOWN: "u"}
"""One letter per grade in the shipped file (``grades.json``)."""
FROM_LETTER = {v: k for k, v in LETTERS.items()}

DATA = Path(__file__).with_name("grades.json")

# The rungs of the ladder: (search, positions). Each game declares its own
# (``Game.grading_ladder``: the simple players first, then strong searches
# after its search plan); a game that declares none gets this default.
DEFAULT_LADDER = (*SIMPLE_PLAYERS, ("best", 100_000), ("dfs", 100_000))
COMPLETE = ("best", "dfs")  # the rungs whose search without a win proves a loss


class GradeError(NapoleonError):
    """A grade that cannot be given as asked (an unknown grade, no such deal in range)."""


@dataclass
class Figures:
    """What the ladder found for one deal: the figures behind its grade."""

    game: str
    options: dict[str, Any]
    deal: int
    verdict: str  # won, lost or unknown
    effort: int  # positions searched by the rungs tried
    rungs: list[dict[str, Any]] = field(default_factory=list)  # {search, cap, states, verdict}
    winner: str | None = None  # the rung that won
    moves: list[str] = field(default_factory=list)  # its solution, in notation

    @property
    def score(self) -> float | None:
        """``log2(effort)`` of a won deal, the figure the thresholds cut; None otherwise."""
        return round(math.log2(max(self.effort, 1)), 3) if self.verdict == "won" else None

    def to_json(self) -> dict[str, Any]:
        return {**asdict(self), "score": self.score}


def ladder(game: Game) -> tuple[tuple[str, int], ...]:
    """The rungs used for ``game``."""
    return game.grading_ladder or DEFAULT_LADDER


def figures(state: State) -> Figures:
    """Run the ladder on ``state`` (left as it was): deterministic for a position."""
    from ..solver import replays_to_win
    from ..solver.search import LOST as S_LOST
    from ..solver.search import WON
    from ..solver.shorten import shorten

    game = state.game
    out = Figures(game.id, game.options_json(), state.deal, UNKNOWN, 0)
    for search, cap in ladder(game):
        result = _run(state, search, cap)
        out.effort += result.states
        out.rungs.append({"search": search, "cap": cap, "states": result.states, "verdict": result.verdict})
        if result.verdict == WON:
            if not replays_to_win(state, result.moves):
                raise AssertionError(f"solver bug: the {search} solution does not replay to a win")
            out.verdict, out.winner = "won", search
            # The line a player is shown and whose length the badge says: the search's, shortened.
            out.moves = [game.notation(m) for m in shorten(state, result.moves)]
            return out
        if result.verdict == S_LOST and search in COMPLETE:
            out.verdict = LOST
            return out
    return out


def _run(state: State, search: str, cap: int):
    from ..solver import core
    from ..solver import search as pysearch

    if not core.available:  # no C compiler: the pure-Python reference, same caps (slow but sound)
        if search in COMPLETE:
            return pysearch.Search(state, max_states=cap).run()
        return pysearch.Result(UNKNOWN)
    if search == "beam":
        from ..solver.staged import beam_search

        return beam_search(state, max_states=cap)
    if search == "staged":
        from ..solver.staged import GRADING_PLANS, staged_search

        return staged_search(state, max_states=cap, plans=GRADING_PLANS)
    try:
        return core.search(state, max_states=cap, mode=search)
    except core.NotCompilable:
        if search in COMPLETE:
            return pysearch.Search(state, max_states=cap).run()
        return pysearch.Result(UNKNOWN)


def grade_of(score: float, thresholds: Iterable[float]) -> str:
    """The grade of a won deal's score: below the first threshold easy, and so on."""
    t1, t2, t3 = thresholds
    if score < t1:
        return "easy"
    if score < t2:
        return "medium"
    if score < t3:
        return "hard"
    return "expert"


def grade_figures(fig: Figures, thresholds: Iterable[float] | None) -> str:
    """The grade of a deal from its figures and its game's thresholds."""
    if fig.verdict != "won":
        return fig.verdict if fig.verdict == LOST else UNKNOWN
    if thresholds is None:
        raise GradeError(f"{fig.game} has no calibrated thresholds: run napoleon study {fig.game} --grades")
    return grade_of(fig.score, thresholds)


def calibrate(scores: Iterable[float]) -> tuple[float, float, float]:
    """The three thresholds that cut ``scores`` into four equal quarters.

    Each threshold lies halfway between the scores on either side of the
    cut, so that the deals it was calibrated on keep their grades.

    >>> calibrate([1, 2, 3, 4, 5, 6, 7, 8])
    (2.5, 4.5, 6.5)
    """
    ordered = sorted(scores)
    n = len(ordered)
    if n < 4:
        raise GradeError(f"calibration needs at least 4 won deals, not {n}")
    cuts = []
    for q in (1, 2, 3):
        i = round(q * n / 4)
        cuts.append(round((ordered[i - 1] + ordered[i]) / 2, 3))
    return cuts[0], cuts[1], cuts[2]


# ----------------------------------------------------------- shipped grades


@functools.lru_cache(maxsize=1)
def _data() -> dict[str, Any]:
    try:
        return json.loads(DATA.read_text(encoding="utf-8"))
    except FileNotFoundError:
        return {"games": {}}


def reload() -> None:
    """Forget the shipped data read so far (after ``grades.json`` was rewritten)."""
    _data.cache_clear()


def key(game: Game) -> str:
    """The key of a game and option set in ``grades.json``: ``forty-thieves redeals=2``."""
    return game.describe()


def thresholds(game: Game) -> tuple[float, float, float] | None:
    """The calibrated thresholds of ``game``; an option set that was not calibrated uses its game's defaults."""
    games = _data()["games"]
    entry = games.get(key(game)) or games.get(game.id)
    return tuple(entry["thresholds"]) if entry and entry.get("thresholds") else None


def shipped(game: Game) -> tuple[int, str]:
    """(first deal, one letter per deal) of the grades shipped for this game and option set."""
    entry = _data()["games"].get(key(game))
    if not entry:
        return 1, ""
    return entry["first"], entry["grades"]


def shipped_grade(game: Game, deal: int) -> str | None:
    first, letters = shipped(game)
    i = deal - first
    return FROM_LETTER[letters[i]] if 0 <= i < len(letters) else None


@dataclass
class Grade:
    """A deal's grade, and (when computed here rather than read from the shipped file) its figures."""

    game: str
    options: dict[str, Any]
    deal: int
    grade: str
    source: str  # "shipped" or "computed"
    thresholds: tuple[float, float, float] | None
    figures: Figures | None = None

    def to_json(self) -> dict[str, Any]:
        out = {"game": self.game, "options": self.options, "deal": self.deal, "grade": self.grade,
               "source": self.source, "thresholds": list(self.thresholds) if self.thresholds else None}
        if self.figures is not None:
            fig = self.figures.to_json()
            out.update({k: fig[k] for k in ("verdict", "effort", "score", "winner", "rungs")})
            out["solution"] = fig["moves"]
        return out


def grade(game: Game, deal: int, compute: bool = False) -> Grade:
    """The grade of ``deal``: from the shipped file when it holds it, else computed.

    ``compute=True`` always runs the ladder (to show the figures behind a grade).
    """
    if not 1 <= deal <= MAX_DEAL:
        raise GradeError(f"deal number must be from 1 to {MAX_DEAL}, not {deal}")
    cuts = thresholds(game)
    if not compute:
        known = shipped_grade(game, deal)
        if known is not None:
            return Grade(game.id, game.options_json(), deal, known, "shipped", cuts)
    fig = figures(game.new_state(deal))
    return Grade(game.id, game.options_json(), deal, grade_figures(fig, cuts), "computed", cuts, fig)


def next_deal(game: Game, start: int = 1, wanted: str | None = None, tries: int = 200,
              on_try: Callable[[int], None] | None = None) -> Grade:
    """The first deal from ``start`` on that is proven winnable (and of grade ``wanted``, if given).

    Deals in the shipped range are looked up at once; beyond it each is
    graded on demand, at most ``tries`` of them.
    """
    if wanted is not None and wanted not in GRADES:
        raise GradeError(f"unknown grade {wanted!r}: expected one of {', '.join(GRADES)}")
    first, letters = shipped(game)
    deal = start
    computed = 0
    while deal <= MAX_DEAL:
        i = deal - first
        if 0 <= i < len(letters):
            g = FROM_LETTER[letters[i]]
            if g in GRADES and (wanted is None or g == wanted):
                return Grade(game.id, game.options_json(), deal, g, "shipped", thresholds(game))
            # Skip ahead to the next shipped deal that fits, or past the range.
            j = _find(letters, i + 1, wanted)
            deal = first + (j if j is not None else len(letters))
            continue
        if computed >= tries:
            break
        if on_try:
            on_try(deal)
        g = grade(game, deal)
        computed += 1
        if g.grade in GRADES and (wanted is None or g.grade == wanted):
            return g
        deal += 1
    what = f"{wanted} " if wanted else ""
    raise GradeError(f"no winnable {what}{game.describe()} deal found among {tries} deals graded from {start}")


def _find(letters: str, i: int, wanted: str | None) -> int | None:
    targets = [LETTERS[wanted]] if wanted else [LETTERS[g] for g in GRADES]
    found = [j for j in (letters.find(t, i) for t in targets) if j >= 0]
    return min(found) if found else None


def daily_deal(game: Game, date: _dt.date | None = None, tries: int = 200) -> Grade:
    """The deal of the day: the same winnable deal for everyone on ``date`` (default: today, UTC).

    A hash of the game, its options and the date picks one of the winnable
    deals shipped for the game, so it is instant and graded; a game with no
    shipped grades starts from a hashed deal number and grades on demand.
    """
    date = date or _dt.datetime.now(_dt.UTC).date()
    digest = hashlib.sha256(f"napoleon:daily:{key(game)}:{date.isoformat()}".encode()).digest()
    h = int.from_bytes(digest[:8], "big")
    first, letters = shipped(game)
    winnable = [i for i, c in enumerate(letters) if FROM_LETTER[c] in GRADES]
    if winnable:
        i = winnable[h % len(winnable)]
        return Grade(game.id, game.options_json(), first + i, FROM_LETTER[letters[i]], "shipped", thresholds(game))
    return next_deal(game, start=first + len(letters) + h % 1_000_000_000 if letters else 1 + h % 1_000_000_000,
                     tries=tries)


def random_deal(game: Game, wanted: str | None = None, tries: int = 200) -> Grade:
    """A random winnable deal (of grade ``wanted``, if given): one of the shipped ones when there are any.

    Picking among the shipped grades is instant; a game without them grades
    deals on demand from a random deal number.
    """
    import secrets

    if wanted is not None and wanted not in GRADES:
        raise GradeError(f"unknown grade {wanted!r}: expected one of {', '.join(GRADES)}")
    first, letters = shipped(game)
    fits = [i for i, c in enumerate(letters) if FROM_LETTER[c] in GRADES and (wanted is None or FROM_LETTER[c] == wanted)]
    if fits:
        i = fits[secrets.randbelow(len(fits))]
        return Grade(game.id, game.options_json(), first + i, FROM_LETTER[letters[i]], "shipped", thresholds(game))
    return next_deal(game, first + len(letters) + secrets.randbelow(1_000_000_000), wanted, tries)


def handed_out_at_once(game: Game, how: str, wanted: str | None = None) -> bool:
    """Whether :func:`hand_out` answers ``how`` (``"daily"``, ``"random"``, ``"next"``) from the shipped
    grades alone, a lookup: then it needs no worker (the next deal may lie beyond them)."""
    first, letters = shipped(game)
    if how == "daily":
        return any(FROM_LETTER[c] in GRADES for c in letters)
    if how == "random":
        return any(FROM_LETTER[c] in GRADES and (wanted is None or FROM_LETTER[c] == wanted) for c in letters)
    return False


def hand_out(game_id: str, options: dict[str, Any], how: str, start: int | None = None, wanted: str | None = None,
             date: str | None = None, tries: int = 200) -> dict[str, Any]:
    """Worker entry (JSON in, JSON out) for the interfaces: a graded winnable deal.

    ``how``: ``"next"`` (the next from ``start``), ``"random"`` or ``"daily"``
    (``date`` YYYY-MM-DD, default today). Returns ``{"deal", "grade",
    "source", "solution"}`` (``solution``: the moves found, when the grade was
    computed here, else None), or ``{"error"}`` with a message for the player.
    """
    from ..games import get_game

    try:
        game = get_game(game_id, options)
        if how == "daily":
            try:
                day = _dt.date.fromisoformat(date) if date else None
            except ValueError:
                raise GradeError(f"bad date {date!r}: write YYYY-MM-DD") from None
            found = daily_deal(game, day, tries)
        elif how == "random":
            found = random_deal(game, wanted, tries)
        else:
            found = next_deal(game, start or 1, wanted, tries)
    except NapoleonError as exc:
        return {"error": str(exc)}
    return {"deal": found.deal, "grade": found.grade, "source": found.source,
            "solution": found.figures.moves if found.figures is not None and found.figures.verdict == "won" else None}


def grade_json(game_id: str, options: dict[str, Any], deal: int) -> dict[str, Any]:
    """Worker entry: the grade of one deal (shipped, else computed) as JSON, or ``{"error"}``."""
    from ..games import get_game

    try:
        return grade(get_game(game_id, options), deal).to_json()
    except NapoleonError as exc:
        return {"error": str(exc)}

"""Settling a study: its unknown deals given a long budget each, their verdicts kept as its own.

A study at a short budget leaves the hard deals ``unknown``. The settling
pass takes exactly those deals (the ones the study stored as unknown, with
today's solver code) and solves each again with a longer budget: the game's
own plan, which for a long budget means a long complete search. Every
``lost`` it finds is searched a second time by another complete search,
depth-first and card by card, with neither the stock's macro moves nor the
dead-end test, so that no shortcut of the first search stands alone behind
the verdict. That check reports ``confirmed``, or ``unconfirmed`` when its
budget ran out first (the first search was complete, so the verdict stands
either way); a check that found a win would be a solver bug: that deal's
answer is an error, and nothing is stored for it.

A search that stops at the memory limit is taken again, for what is left of
the budget, by depth-first search keeping fingerprints of positions instead
of positions (:func:`napoleon.solver.core.search`), which goes about five
times as far. A win it finds is replayed and counts; a loss it finds may be
wrong (with a chance below states² / 2^129, reported beside it), so it is
reported and not counted: the deal stays unknown.

With a folder of checkpoints, that deeper search keeps its progress there
when its budget runs out (``csrc/dfs.c``: the path, the frames and the
fingerprints seen), and the next pass with the same folder takes it up
instead of starting the deal again: a deal can be given hours, a pass at a
time. Such a pass stores its verdict under the seconds the deal has had in
all, so each pass adds its budget to the last.

Each verdict is stored as it arrives, under the study's game and options,
the settling budget and the solver's fingerprint tagged ``+settle``: an
interrupted pass resumes where it stopped, ``slice`` settles a few deals per
run, and on a Dask cluster each deal is a task. A verdict proven by one
budget holds for any, so every later run of the study with the same code
counts the settled verdicts in place of its unknowns (:func:`merge`).
"""

from __future__ import annotations

import hashlib
import os
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from . import StudyError, Summary, run_jobs, solver_fingerprint, stored

if TYPE_CHECKING:
    from ..store import Store

SETTLE_TAG = "+settle"


def settle_fingerprint() -> str:
    """The solver fingerprint under which a settling pass stores its verdicts."""
    return solver_fingerprint() + SETTLE_TAG


def checkpoint_path(folder: str | os.PathLike[str], game_id: str, options_json: str, deal: int) -> Path:
    """Where a settling pass keeps the deeper search of one deal: a file in ``folder`` named by the
    game, a digest of its options and the deal."""
    digest = hashlib.sha256(options_json.encode()).hexdigest()[:10]
    return Path(folder) / f"{game_id}-{digest}-{deal}.dfs"


def settle_deal(game_id: str, options: dict[str, Any], deal: int, budget: float | None,
                max_states: int | None, checkpoint: str | None = None) -> dict[str, Any]:
    """Solve one deal with the settling budget, re-check a ``lost`` (in a worker).

    With ``checkpoint`` (a file): if it holds the deeper search of an
    earlier pass, that search is taken up for the whole budget; otherwise the
    deeper search, where one runs, keeps its progress there if the budget runs
    out. ``"resumed"`` in the answer says which.

    The answer is :func:`napoleon.solver.result_json`'s, with ``"check"``:
    for a loss ``"confirmed"`` or ``"unconfirmed"`` (the second search's
    budget ran out), else ``None``; ``"fingerprint_search"``: what the
    search with fingerprints said, where the memory limit called for one
    (verdict, positions, seconds, and for a loss the chance it is wrong);
    and the solver's fingerprint as ``"solver"``. Errors come back as
    ``{"deal", "error"}``.
    """
    try:
        from ..games import new_game
        from ..solver import LOST, UNKNOWN, WON, Result, result_json, solve

        start = time.perf_counter()
        state = new_game(game_id, deal, options)
        resumed = checkpoint is not None and os.path.exists(checkpoint)
        deeper = None
        if resumed:
            result = deeper = solve(state, shorten=False, budget=budget or None, strategy="dfs", fingerprints=True,
                                    checkpoint=checkpoint)
        else:
            result = solve(state, shorten=False, budget=budget or None, max_states=max_states or None)
        left = (budget or 0) - (time.perf_counter() - start)
        if not resumed and result.verdict == UNKNOWN and result.out_of_memory and left > 1:
            deeper = solve(state, shorten=False, budget=left, max_states=max_states or None, strategy="dfs",
                           fingerprints=True, checkpoint=checkpoint)
        if deeper is not None and deeper.won:
            result = deeper
        elif resumed:   # a loss by fingerprints is reported below, not counted
            result = Result(UNKNOWN, states=deeper.states, seconds=deeper.seconds, out_of_memory=deeper.out_of_memory)
        answer = result_json(state, result)
        answer["resumed"] = resumed
        answer["seconds"] = round(time.perf_counter() - start, 4)
        answer["fingerprint_search"] = None if deeper is None else {
            "verdict": deeper.verdict.value, "states": deeper.states, "seconds": round(deeper.seconds, 4),
            "chance_wrong": deeper.chance_wrong,
        }
        answer["check"] = None
        if result.verdict == LOST:
            second = solve(state, shorten=False, budget=budget or None, max_states=max_states or None, strategy="dfs",
                           card_by_card=True)
            if second.verdict == WON:
                raise AssertionError(f"solver bug: deal {deal} proven lost, and then won by a second search")
            answer["check"] = "confirmed" if second.verdict == LOST else "unconfirmed"
            answer["check_states"] = second.states
            answer["check_seconds"] = round(second.seconds, 4)
        answer["solver"] = settle_fingerprint()
        return answer
    except Exception as exc:  # noqa: BLE001 - a worker must answer for every deal it was given
        return {"deal": deal, "error": f"{type(exc).__name__}: {exc}"}


@dataclass
class Settlement:
    """What a settling pass found for a study's unknown deals."""

    budget: float
    unknown: list[int] = field(default_factory=list)
    """The study's unknown deals, in order."""
    verdicts: dict[int, str] = field(default_factory=dict)
    """Deal -> the settling pass's verdict (won, lost or unknown), for the deals it has settled so far."""
    checks: dict[int, str] = field(default_factory=dict)
    """Deal -> the second search's word on a loss found in this run."""
    fingerprint_lost: dict[int, float] = field(default_factory=dict)
    """Deal -> the chance of a wrong verdict, for the deals of this run that
    only a search with fingerprints found lost (not counted: still unknown)."""
    errors: list[tuple[int, str]] = field(default_factory=list)
    computed: int = 0

    def count(self, verdict: str) -> int:
        return sum(v == verdict for v in self.verdicts.values())

    def to_json(self) -> dict[str, Any]:
        return {
            "budget": self.budget,
            "unknown_before": len(self.unknown),
            "searched": len(self.verdicts),
            "won": self.count("won"),
            "lost": self.count("lost"),
            "unknown": len(self.unknown) - self.count("won") - self.count("lost"),
            "won_deals": sorted(d for d, v in self.verdicts.items() if v == "won"),
            "lost_deals": sorted(d for d, v in self.verdicts.items() if v == "lost"),
            "checks": {str(d): c for d, c in sorted(self.checks.items())},
            "fingerprint_lost": {str(d): p for d, p in sorted(self.fingerprint_lost.items())},
        }


def study_unknowns(store: Store, game: str, options_json: str, deals: Iterable[int], budget: float,
                   max_states: int) -> list[int]:
    """The deals of ``deals`` that the study (this code, budget and limit) stored as unknown."""
    have = stored(store, game, options_json, budget, max_states, solver_fingerprint())
    return [d for d in dict.fromkeys(deals) if d in have and have[d][0] not in ("won", "lost")]


def settle_study(store: Store, summary: Summary, deals: Iterable[int], budget: float, *,
                 jobs: int | None = None, dask: str | None = None, slice_: int | None = None,
                 on_start: Callable[[int, int], None] | None = None,
                 on_result: Callable[[dict[str, Any], Settlement], None] | None = None,
                 connect_timeout: float = 20.0, checkpoints: str | os.PathLike[str] | None = None) -> Settlement:
    """Give each deal that the study of ``summary`` left unknown ``budget`` seconds, and store the verdicts.

    Deals a settling pass of this code has decided already (at any budget)
    or searched at this budget or a longer one are not searched again;
    ``slice_`` stops after that many new deals, so a long pass can be run a
    piece at a time. With ``checkpoints`` (a folder, made if missing), a deal
    whose deeper search an earlier pass left there is taken up again, for
    ``budget`` more seconds, and its verdict stored under the seconds it has
    had in all (:func:`settle_deal`).
    """
    from ..games import get_game
    from ..store.db import canonical_options

    if budget <= summary.budget:
        raise StudyError(f"the settling budget ({budget:g} s) must be longer than the study's ({summary.budget:g} s)")
    if slice_ is not None and slice_ < 1:
        raise StudyError("a slice is at least 1 deal")
    game = get_game(summary.game, summary.options)
    opts = canonical_options(game.options)
    tag = settle_fingerprint()
    settlement = Settlement(budget, study_unknowns(store, game.id, opts, deals, summary.budget, summary.max_states))
    folder = None if checkpoints is None else _checkpoint_folder(checkpoints)
    spend = _deals_to_search(store, settlement, game.id, opts, tag, folder)
    todo: list[tuple[Any, ...]] = [
        (game.id, dict(game.options), d, budget, 0,
         *(() if folder is None else (str(checkpoint_path(folder, game.id, opts, d)),)))
        for d in settlement.unknown if d in spend]
    if slice_ is not None:
        todo = todo[:slice_]
    if on_start:
        on_start(len(settlement.unknown), len(settlement.verdicts))
    if not todo:
        return settlement
    for result in run_jobs(todo, settle_deal, jobs, dask, connect_timeout, tag, settlement.errors):
        store.save_study_result(opts, spend[result["deal"]], 0, result)
        _count_settled(settlement, result)
        if on_result:
            on_result(result, settlement)
    return settlement


def _checkpoint_folder(checkpoints: str | os.PathLike[str]) -> Path:
    """The folder of a pass's checkpoints, made if missing (a StudyError if it cannot be)."""
    folder = Path(checkpoints)
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise StudyError(f"cannot make the checkpoint folder {folder}: {exc.strerror or exc}") from None
    return folder


def _deals_to_search(store: Store, settlement: Settlement, game_id: str, opts: str, tag: str,
                     folder: Path | None) -> dict[int, float]:
    """The study's unknown deals this pass searches, each with the budget its result is stored under
    (its seconds in all, for a deal taken up from its checkpoint); the others' verdicts go into
    ``settlement``: decided at any budget, or unknown after a search at this budget or a longer one."""
    budget = settlement.budget
    decided = store.study_decided(game_id, opts, tag)
    had = store.study_budgets(game_id, opts, tag)
    spend: dict[int, float] = {}
    for deal in settlement.unknown:
        if deal in decided:
            settlement.verdicts[deal] = decided[deal][0]
        elif folder is not None and checkpoint_path(folder, game_id, opts, deal).exists():
            spend[deal] = had.get(deal, 0.0) + budget
        elif had.get(deal, 0.0) >= budget:
            settlement.verdicts[deal] = "unknown"
        else:
            spend[deal] = budget
    return spend


def _count_settled(settlement: Settlement, result: dict[str, Any]) -> None:
    """Take one deal's settling result into ``settlement``: its verdict, its second search, a fingerprint loss."""
    settlement.computed += 1
    settlement.verdicts[result["deal"]] = result["verdict"]
    if result.get("check"):
        settlement.checks[result["deal"]] = result["check"]
    deeper = result.get("fingerprint_search")
    if deeper and deeper["verdict"] == "lost":
        # Reported with its chance of being wrong, never stored as the deal's loss.
        settlement.fingerprint_lost[result["deal"]] = deeper["chance_wrong"]


def merge(store: Store, summary: Summary, deals: Iterable[int]) -> Summary:
    """``summary`` with the verdicts a settling pass of this code stored for its unknown deals counted as its own.

    The counts change, ``settled`` says by how much; the seconds stay the
    study's (a settled deal took far longer than the study's budget).
    """
    from ..games import get_game
    from ..store.db import canonical_options

    game = get_game(summary.game, summary.options)
    opts = canonical_options(game.options)
    unknown = study_unknowns(store, game.id, opts, deals, summary.budget, summary.max_states)
    decided = store.study_decided(game.id, opts, settle_fingerprint())
    won = sum(decided[d][0] == "won" for d in unknown if d in decided)
    lost = sum(decided[d][0] == "lost" for d in unknown if d in decided)
    summary.won += won
    summary.lost += lost
    summary.unknown -= won + lost
    summary.settled = {"won": won, "lost": lost,
                       "budgets": sorted({decided[d][2] for d in unknown if d in decided})}
    return summary

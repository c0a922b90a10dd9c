"""``napoleon review ID``: the verdict after every move of a stored game, and where it was lost."""

from __future__ import annotations

import argparse
import asyncio
import json
import sys
from typing import Any

from ..analysis import Analysis
from ..analysis.review import REVIEW_BUDGET, REVIEW_TIME, Review
from ..analysis.review_words import told
from ..analysis.stored import review_record
from ..store import Store
from .common import UsageError, db_parent, json_parent
from .review_text import move_lines, summary


def register(subparsers: Any) -> None:
    """Add ``review`` to the ``napoleon`` parser."""
    p = subparsers.add_parser("review", parents=[db_parent(), json_parent()],
                              help="review a stored game: the verdict after every move, the move that lost it")
    p.add_argument("id", type=int, help="the game's number (napoleon history lists them)")
    p.add_argument("--budget", type=float, default=REVIEW_BUDGET, help="seconds a position may be searched")
    p.add_argument("--time", type=float, default=REVIEW_TIME, help="seconds the whole review may take")
    p.add_argument("--again", action="store_true", help="review again, not from the review kept in the store")
    p.add_argument("--moves", action="store_true", help="with the text: one line a move")
    p.add_argument("--detail", action="store_true",
                   help="with the text: each help taken, and the winning line move by move")
    p.set_defaults(func=cmd_review)


def cmd_review(args: argparse.Namespace) -> None:
    if not args.budget > 0 or not args.time > 0:
        raise UsageError("--budget and --time must be seconds above 0")
    with Store.open(args.db) as store:
        review = asyncio.run(_review(store, args))
    if args.json:
        print(json.dumps(review.to_json(), indent=2))
        return
    from .. import get_game, voice

    game = get_game(review.game, review.options)
    print(f"{voice.review_heading(review.id, game.name, review.deal, len(review.moves), review.result)}: "
          f"{voice.review_how(review.stored, review.seconds, review.searches)}")
    for line in summary(review, game.total_cards):
        print(line)
    if args.moves:
        print()
        for line in move_lines(review):
            print(line)
    if args.detail:
        words = told(review)
        for block in (words["help"], words["line"]):
            if block:
                print()
                print("\n".join(block))


async def _review(store: Store, args: argparse.Namespace) -> Review:
    """The review, with a progress bar on a terminal while it is worked out."""
    from rich.console import Console
    from rich.progress import BarColumn, Progress, TextColumn, TimeElapsedColumn

    analysis = Analysis(workers=1, background=1)  # one search in each lane: both cores
    bar = Progress(TextColumn("reviewing"), BarColumn(), TextColumn("{task.percentage:>3.0f}% of the positions"),
                   TimeElapsedColumn(), console=Console(stderr=True), transient=True,
                   disable=not sys.stderr.isatty())
    task = bar.add_task("review", total=None)

    def progress(review: Review) -> None:
        bar.update(task, total=len(review.verdicts), completed=review.checked)

    try:
        with bar:
            return await review_record(analysis, store, args.id, budget=args.budget, time_limit=args.time,
                                       on_progress=progress, again=args.again)
    finally:
        analysis.close()

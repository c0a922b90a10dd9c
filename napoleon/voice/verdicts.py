"""Hints, the solver's verdicts on a position, and the end of a game."""

from __future__ import annotations

from .naming import Move, State, clock, describe_move, plural


# ------------------------------------------------------------------ hints


def hint(state: State, move: Move) -> str:
    """The next move of a solution."""
    return f"Hint: {describe_move(state, move)}"


def guess(state: State, move: Move, home: int, now: int) -> str:
    """A move to try where no solution is known ("Guess" first: a narrow screen still shows it)."""
    leads = f": it leads to {home} cards home" if home > now else ""
    return f"Guess: {describe_move(state, move)} (no solution known{leads})"


POSITION_WINNABLE = "the position is winnable"
HINT_WON = "the game is won"
HINT_LOST = "this position can no longer be won: undo to find a better line"
HINT_LOST_FROM_START = "No one can win this deal: it was lost before the first move. Try a new deal or a winnable one"
HINT_UNKNOWN = "the solver found no way to win from here in the time it had"
HINT_LOOKING = "looking for a hint …"
SOLVE_LOOKING = "looking for a solution …"


SOLVER_CLOSED = "the solver service is closed"
"""A search asked of the solver once it has been closed (the app quitting)."""
SOLVER_PROCESS_ENDED = "the solver's worker process ended unexpectedly"


def search_worker_stopped(why: object) -> str:
    """A search in the static site's search worker, ended by a JavaScript error."""
    return f"the solver's search worker stopped: {why}"


def solver_failed(error: object) -> str:
    return f"the solver failed: {error}"


# -------------------------------------------------------------- verdicts

DEAL_CANNOT_BE_WON = "No one can win this deal: it was lost before the first move (n: a new deal or a winnable one)"
DEAL_LOST_FROM_START = "No one can win this deal: it was lost before the first move."


def lost_by(move_number: int, before: State, move: Move) -> str:
    """The move that lost the game (``move_number`` counts from 1)."""
    return (f"this position can no longer be won: move {move_number} lost it "
            f"({describe_move(before, move, past=True)})")


LOST_HERE = "this position can no longer be won"


def lost_looking(keys: dict[str, str]) -> str:
    """The terminal's word on a lost position while it looks for the move that lost it (``keys``: the key
    of each action, from the key map)."""
    return (f"{LOST_HERE} · looking for the move that lost it … "
            f"({keys['restart']} restarts, {keys['new_deal']} new deal)")


def lost_by_keys(move_number: int, before: State, move: Move, keys: dict[str, str]) -> str:
    """:func:`lost_by`, and the keys of the ways on."""
    return (f"{lost_by(move_number, before, move)} · {keys['back_to_winnable']} goes back to before it · "
            f"{keys['restart']} restarts · {keys['new_deal']} new deal")


def lost_keys(keys: dict[str, str]) -> str:
    """A lost position whose losing move was not found, and the keys of the ways on."""
    return f"{LOST_HERE}: {keys['undo']} undoes, {keys['restart']} restarts, {keys['new_deal']} deals a new one"
LOST_HERE_SAID = "This position can no longer be won."


def lost_said(moves_made: int) -> str:
    """A proven loss as the page's banner says it: at the deal itself, nothing the player did lost it."""
    return DEAL_LOST_FROM_START if moves_made == 0 else LOST_HERE_SAID

VERDICT_WORDS = {
    "won": "won", "lost": "lost", "searching": "solver …", "off": "solver off", "winnable": "✓ winnable",
    "no_longer_winnable": "✗ no longer winnable", "not_winnable": "✗ not winnable",
    "unknown_searching": "? unknown, searching", "unknown": "? unknown",
}
"""The terminal's header word on the position: the game's status, else the solver's verdict."""


# ------------------------------------------------------------ end of game


END_WON = "You won!"
END_LOST = "No legal move is left: the game is lost."
"""The end-of-game screen's title, the terminal's and the page's."""


def won(game_name: str, deal: int | None, moves: int, seconds: float, helped: bool = False) -> str:
    """A game won; ``helped``: with a hint or the solution, which the statistics count apart."""
    if helped:
        return (f"You won deal {deal} of {game_name} with help, in {plural(moves, 'move')}, {clock(seconds)}: "
                f"it counts as a win with help.")
    return f"You won deal {deal} of {game_name} in {plural(moves, 'move')}, {clock(seconds)}."


def lost(game_name: str, deal: int | None) -> str:
    return f"Deal {deal} of {game_name} is lost: no card can move and no stock or redeal is left."


RESULTS = {"won": "won", "lost": "lost", "abandoned": "given up", "playing": "unfinished"}
"""A game's result as the player reads it, for each result the store keeps: a game left under way
is "given up", wherever it is shown (it counts as played and lost)."""


def leave_question(game_name: str, deal: int | None, moves: int) -> str:
    """Asked before the player leaves a game under way."""
    return (f"Leave deal {deal} of {game_name}? {plural(moves, 'move')} made: "
            f"a game left unfinished counts as played and lost.")


def left_game(moves: int) -> str:
    """Said when the player left a game under way for another."""
    return f"Game left after {plural(moves, 'move')}: it counts as played and lost."


def left(record_id: int, moves: int) -> str:
    """Said after the player quit a game under way in line mode."""
    return (f"game #{record_id} left after {plural(moves, 'move')}: it counts as played and lost "
            f"(resume it with: napoleon resume {record_id})")


def showing_solution(n: int) -> str:
    return f"Showing the solution: {plural(n, 'move')} (your game is kept; any key goes back to it)"


def solution_step(shown: int, total: int, text: str) -> str:
    return f"Solution, move {shown} of {total}: {text}"


def solution_shown(total: int) -> str:
    return f"The solution wins in {plural(total, 'move')}. Your game is as you left it: any key goes back to it"


BACK_TO_GAME = "back to your game"

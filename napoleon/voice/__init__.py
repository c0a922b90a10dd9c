"""Every sentence a player reads, in one package: line mode, the terminal and the page say the same.

Cards are named as players write them (``10♣``) and piles as they call
them (``column 4``, ``the waste``); the notation (``T4-T7``) stays in the
command line's own output and in JSON. The interfaces choose the colour and
the place of a sentence, never its words. Its modules follow its audiences and subjects:
:mod:`.naming` (cards, piles and moves), :mod:`.refusals` (the engine's), :mod:`.play`,
:mod:`.verdicts` (hints and the end of a game), :mod:`.statistics`, :mod:`.review`,
:mod:`.terminal`, :mod:`.page` (the page's own, :data:`PAGE_WORDS`) and :mod:`.page_text` (its HTML's).

The voice speaks; it decides nothing. Whether a move is legal, and why
not, is the engine's (:meth:`State.why_illegal
<napoleon.engine.state.State.why_illegal>`, :mod:`napoleon.engine.refusals`), which says it in the
sentences written here: the voice stands below the engine and reads positions and moves as they
are given to it.

>>> from napoleon import new_game
>>> state = new_game("werner", deal=1)
>>> refusal(state, state.parse_move("T1-T2"))
'the 8♣ does not go on the 10♥: the tableau builds down in alternating colours'
>>> played([state.describe(state.parse_move("T3-F1"), past=True)])
'Moved the A♣ from column 3 to foundation 1'
"""

from __future__ import annotations

# The voice's names, each from the module of its audience or subject: ``voice.X`` is the same
# object wherever it is read.
from .naming import (
    State, Move, Game, card_name, pile_name, pile_called, describe_move, the_pile, clock, plural, capital,
    cards_named,
)
from .refusals import (
    NO_SUCH_PILE, OWN_PILE, STOCK_TO_WASTE, ONE_TURNED, FOUNDATION_KEEPS, ONE_AT_A_TIME, REDEAL_NEEDS_EMPTY_STOCK,
    no_redeal_in, redeals_used, nothing_to_redeal, pile_empty, not_in_this_pass, not_the_players, cannot_go,
    holds_only, not_a_run, foundation_complete, suit_has_foundation, not_on_foundation, cannot_fill, does_not_build,
    nothing_put_on, NO_CARD_MOVED, not_a_move, no_pile_named, goes_on_no_foundation, describe_build, describe_space,
    describe_foundation, SINGLE_OPTION, REDEAL_CHANGED_NOTHING, WHOLE_PILE_ONLY, CENTRAL_NOT_EMPTY,
    ONE_OR_WHOLE_PILE, bottom_not_in_suit, first_deal_foundations,
)
from .play import (
    refusal, played, taken_back, undone, redone, back_to, restarted_after_win, NO_LEGAL_MOVE, NO_WAY_BACK,
    restarted, NOTHING_TO_UNDO, NOTHING_TO_REDO, AT_THE_START, GAME_WON_ALREADY, too_long, GAME_OVER, UNREACHABLE,
    STALE, STORAGE_REFUSED, STORE_ELSEWHERE, WORKER_FAILED, PYTHON_NOT_STARTED, SEARCH_WORKER_FAILED, SEARCH_STOPPED, auto_played,
    AUTO_NONE, AUTO_WAITS, AUTOPLAY_ON, AUTOPLAY_OFF, autoplay_on, finish_offer, finished, FINISH_REFUSED,
    picked_up, no_home, no_redeal, which_waste, face_down, EMPTY, wastes_in_play, showing_solution_at, HOLDING,
    A_STOCK_CARD, HOLD_HAS_PLACES, HOLD_NOWHERE, puts_back,
)
from .verdicts import (
    hint, guess, POSITION_WINNABLE, HINT_WON, HINT_LOST, HINT_LOST_FROM_START, HINT_UNKNOWN, HINT_LOOKING,
    SOLVE_LOOKING, SOLVER_CLOSED, SOLVER_PROCESS_ENDED, search_worker_stopped, solver_failed, DEAL_CANNOT_BE_WON, DEAL_LOST_FROM_START, lost_by, LOST_HERE, lost_looking,
    lost_by_keys, lost_keys, LOST_HERE_SAID, lost_said, VERDICT_WORDS, END_WON, END_LOST, won, lost, RESULTS,
    leave_question, left_game, left, showing_solution, solution_step, solution_shown, BACK_TO_GAME,
)
from .statistics import (
    BEST_TIME, FEWEST_MOVES, WITH_HELP, BY_GRADE, NO_GAME_OF_IT, NO_STATS_STORE, STATS_KEPT, stats_title, no_stats,
    reset_question, stats_reset_of, not_reset, stats_keys, games_imported,
)
from .terminal import (
    FOUR_COLOUR_DECK, TWO_COLOUR_DECK, header_deal, header_moves, header_redeals, header_auto, deal_handed,
    no_deal_shipped, NEW_DEAL_QUESTION, NEW_DEAL_CHOICES, NEW_DEAL_SHORT, HELP_SCROLLS, HELP_CLOSES, OPTIONS_HOW,
    MOUSE_HELP, keys_said, piles_in_notation, deal_number_asked, deal_number_range, move_asked, terminal_too_small,
)
from .review import (
    REVIEW_LOST_FROM_START, REVIEW_LOSS_NOT_FOUND, REVIEW_FROM_STORE, REVIEW_STARTING, review_verdict, review_deal,
    review_losing_move, review_line, review_line_step, review_won, review_help, review_help_here,
    review_help_detail, review_unknown, review_progress, reviewed, review_title, review_chart, review_chart_label,
    REVIEW_KEYS, REVIEW_NO_LINE, REVIEW_LOST_MARK, PAST_GAMES_TITLE, PAST_GAMES_NONE, PAST_GAMES_KEYS,
    review_heading, review_how, review_kept, review_failed, played_from_here,
)
from .page_text import PAGE_TEXT
from .page import (
    PAGE_WORDS, UNASKED, fill, page_words,
)

"""A child process for the store tests: plays moves through the store.

``python recorder_child.py play DB DEAL_MOVES_JSON DELAY`` plays the moves of
Werner deal 1 one by one in a recorded session, printing ``saved N`` after
each (after the store has committed it), sleeping DELAY seconds between.

``python recorder_child.py games DB TAG COUNT GO_FILE`` opens the store,
prints ``ready``, waits for GO_FILE to exist, then records COUNT games of Forty Thieves, ten stock turns each, as
fast as it can.
"""

from __future__ import annotations

import json
import os
import sys
import time

from napoleon import new_game
from napoleon.session import Session
from napoleon.store import Store


def play(db: str, moves_json: str, delay: float) -> None:
    moves = json.loads(moves_json)
    store = Store.open(db)
    session = Session.recorded(store, new_game("werner", deal=1), autoplay=False)
    print(f"record {session.record_id}", flush=True)
    for n, text in enumerate(moves, 1):
        session.play_text(text)
        print(f"saved {n}", flush=True)
        time.sleep(delay)
    print("done", flush=True)


def games(db: str, tag: str, count: int, go_file: str) -> None:
    store = Store.open(db)
    print("ready", flush=True)
    deadline = time.monotonic() + 30
    while not os.path.exists(go_file):
        if time.monotonic() > deadline:
            sys.exit("no go signal")
        time.sleep(0.001)
    first = 1000 if tag == "a" else 2000
    for i in range(count):
        session = Session.recorded(store, new_game("forty-thieves", deal=first + i), autoplay=False)
        for _ in range(10):
            session.play_text("S-W")
    store.close()
    print(f"{tag} done", flush=True)


if __name__ == "__main__":
    if sys.argv[1] == "play":
        play(sys.argv[2], sys.argv[3], float(sys.argv[4]))
    else:
        games(sys.argv[2], sys.argv[3], int(sys.argv[4]), sys.argv[5])

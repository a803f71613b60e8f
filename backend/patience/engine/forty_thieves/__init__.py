"""Forty Thieves (SPEC §4): two decks, ten columns, build down in suit, eight foundations.

Locations are ints inside (``0…9`` the columns, :data:`WASTE`, :data:`FOUNDATION` for "the
server picks", :data:`F0` ``+ i`` for foundation ``i``) and strings at the edge (``"t0"…"t9"``,
``"waste"``, ``"foundation"``, ``"f0"…"f7"``).

>>> g = FortyThievesGame.new(1)
>>> g.board()["tableau"][0], g.board()["stock"], g.board()["max_run"]
(['6D', '5S', 'JS', '8H'], {'count': 64}, {'to_card': 1, 'to_empty': 0})
>>> g.play({"type": "move", "from": "t4", "to": "t3"})
Traceback (most recent call last):
...
patience.engine.errors.IllegalMove: 6S does not fit on 3H
>>> [(e["type"], e["card"]) for e in g.play({"type": "draw"})]  # aces go up after the action
[('draw', '6D'), ('auto', 'AC'), ('auto', 'AH'), ('auto', 'AS'), ('auto', 'AC')]

**Safe cards** (option ``auto_safe``) go up after each player action, a draw included, as
``auto`` events of that one move; a freshly dealt ace waits for the first action. A card is safe
when it is an ace or both cards of its suit one rank lower are on foundations (literally both:
in a hand-built position that lacks the second copy it never counts as safe).

**Moving runs.** A run is the top ``count`` cards of a column when they form a same-suit
descending sequence. Under the **relaxed** rules it moves at once. Under the **classic** rules a
run move stands for a sequence of legal single-card moves through the empty columns, so at most
``2**E`` cards move onto a card, ``E`` being the number of empty columns, and at most
``2**(E-1)`` into an empty column (the destination cannot relay). The engine performs that
sequence itself and reports every single-card step as an event, so a client can animate them;
the whole run move is still one move of the line (one history entry, one undo).

The steps come from the standard recursive decomposition (:func:`run_steps`). To move ``n``
cards from ``src`` to ``dst`` with the set ``F`` of empty columns free to relay (``dst``
excluded): if ``n == 1``, move the card directly. Otherwise take the first ``e`` of ``F`` and

1. move the top ``n // 2`` cards to ``e``, relaying through ``F - {e}``;
2. move the remaining ``n - n // 2`` cards to ``dst``, relaying through ``F - {e}``;
3. move the ``n // 2`` cards from ``e`` onto ``dst``, relaying through ``F - {e}`` plus ``src``
   if step 2 emptied it.

Each half fits through ``|F| - 1`` relays, so by induction ``2**|F|`` cards fit through ``|F|``
relays, which is exactly the limit above; every step lands on an empty column or on the same
suit one rank higher, so each step is itself a legal single-card move.

>>> g = FortyThievesGame.from_position({
...     "tableau": [["KD", "9S", "8S", "7S"], ["TS"], [], []]
...     + [[c] for c in "3H 5H 7H 9H 2C 4C".split()],
...     "stock": [], "waste": [], "foundations": [[]] * 8})
>>> [(e["card"], e["from"], e["to"]) for e in g.play(
...     {"type": "move", "from": "t0", "to": "t1", "count": 3})]  # doctest: +NORMALIZE_WHITESPACE
[('7S', 't0', 't2'), ('8S', 't0', 't3'), ('9S', 't0', 't1'), ('8S', 't3', 't1'),
 ('7S', 't2', 't1')]
>>> g.board()["tableau"][1], len(g.moves)
(['TS', '9S', '8S', '7S'], 1)
"""

from patience.engine.forty_thieves.collect import collect_all, collect_plan
from patience.engine.forty_thieves.game import FortyThievesGame
from patience.engine.forty_thieves.moves import (
    COLUMNS,
    F0,
    FOUNDATION,
    FOUNDATIONS,
    LONGEST_RUN,
    WASTE,
    CardMove,
    Collect,
    Draw,
    FTMove,
    Pile,
    Redeal,
    location_name,
    parse_location,
    parse_move,
)
from patience.engine.forty_thieves.rules import apply_move, auto_safe_moves, legal_moves, run_steps
from patience.engine.forty_thieves.state import (
    FTRules,
    FTState,
    fits_column,
    foundation_for,
    is_safe,
    is_useful,
    max_run,
    run_length,
    run_limits,
    visible_cards,
)

__all__ = [
    "COLUMNS",
    "F0",
    "FOUNDATION",
    "FOUNDATIONS",
    "LONGEST_RUN",
    "WASTE",
    "CardMove",
    "Collect",
    "Draw",
    "FTMove",
    "FTRules",
    "FTState",
    "FortyThievesGame",
    "Pile",
    "Redeal",
    "apply_move",
    "auto_safe_moves",
    "collect_all",
    "collect_plan",
    "fits_column",
    "foundation_for",
    "is_safe",
    "is_useful",
    "legal_moves",
    "location_name",
    "max_run",
    "parse_location",
    "parse_move",
    "run_length",
    "run_limits",
    "run_steps",
    "visible_cards",
]

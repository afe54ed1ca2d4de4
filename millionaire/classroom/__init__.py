"""A class plays one game: the board on the teacher's screen, each team at its own device.

``make classroom`` starts a server (:mod:`millionaire.classroom.server`) whose pages
(:mod:`millionaire.classroom.app`, built with Solara) show one shared game: the teacher's view with
the board, the join address and code, and the teacher's controls; a team's view with its seat's
buttons. The logic lives in plain Python: :mod:`~millionaire.classroom.lesson` (the shared game),
:mod:`~millionaire.classroom.seats` (codes, secrets, refusals) and :mod:`~millionaire.classroom.store`
(the SQLite file that keeps every decision). Predict, then reveal: :mod:`~millionaire.classroom.questions`
(the questions, a round, its answers) and :mod:`~millionaire.classroom.predict` (its pages' parts).
"""

from .lesson import BOT_STRATEGIES, ClassroomGame
from .seats import IllegalMove, Refused, Seat

__all__ = ["BOT_STRATEGIES", "ClassroomGame", "IllegalMove", "Refused", "Seat"]

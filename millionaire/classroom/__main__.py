"""``python -m millionaire.classroom``: see :mod:`millionaire.classroom.server`."""

from .server import main

main()

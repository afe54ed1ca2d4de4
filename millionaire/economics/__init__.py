"""The economics of the game (being split by topic)."""

from .inequality import *  # noqa: F401,F403
from .inequality import _level_name  # noqa: F401

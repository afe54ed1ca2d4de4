"""ipywidgets front ends, thin over the library: each reads the library and draws.

Every widget has methods a test can drive without a browser, and shows refused input as a
message rather than raising.
"""

from .game_table import GameTable
from .landing import LandingExplorer

__all__ = ["GameTable", "LandingExplorer"]

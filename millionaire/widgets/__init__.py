"""ipywidgets front ends, thin over the library: each reads the library and draws.

Every widget has methods a test can drive without a browser, and shows refused input as a
message rather than raising.
"""

from .app import PlayApp
from .common import Panel, ProjectorSwitch, TitledImage, projector
from .economics import InvestmentExplorer, JackpotLab, MortgageLab
from .exercise import ExerciseBox
from .game_table import GameTable
from .landing import LandingExplorer
from .tournament import TournamentRunner

__all__ = ["ExerciseBox", "GameTable", "PlayApp", "Panel", "ProjectorSwitch", "TitledImage", "projector", "InvestmentExplorer", "JackpotLab", "LandingExplorer", "MortgageLab", "TournamentRunner"]

"""Many seeded games at once (being split by topic)."""

from .tournament import *  # noqa: F401,F403

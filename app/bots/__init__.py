"""Computer players: they see only their seat's view and choose among its legal actions."""

from .base import Bot, RandomBot
from .creature import HeuristicCreature
from .factory import make_bot
from .hunted import HeuristicHunted

__all__ = ["Bot", "HeuristicCreature", "HeuristicHunted", "RandomBot", "make_bot"]

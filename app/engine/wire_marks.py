"""How a field of the seat view is encoded (wire.py), given as its `metadata=`: left out when
empty or None; an action with its every field (an offer's) or with its non-default fields only
(`legal_actions`, as a move is sent). docs/seat-view.schema.json reads them by name."""

from __future__ import annotations

OMIT_EMPTY = {"omit": "empty"}
OMIT_NONE = {"omit": "none"}
FULL_ACTION = {"action": "full"}
SHORT_ACTION = {"action": "short"}

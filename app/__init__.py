"""Not Alone Online: the engine (the rules), the bots and the server."""

from .compiled import drop_if_stale

# Before any module of the engine is imported: a compiled engine must match its sources.
drop_if_stale()

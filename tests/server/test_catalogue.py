"""The catalogue endpoint serves the engine's words in English or French, and nothing else."""

from __future__ import annotations

from .client import Api, async_test
from .servers import Server


@async_test
async def test_the_catalogue_is_served_in_english_and_french(shared_server: Server) -> None:
    async with Api(shared_server) as api:
        fr = (await api.request("GET", "/catalogue/fr")).json()
        en = (await api.request("GET", "/catalogue/en")).json()
        assert fr["places"]["base"]["1"]["name"] == "L'Antre"
        assert en["places"]["base"]["1"]["name"] == "The Lair"
        assert fr["hunt_cards"].keys() == en["hunt_cards"].keys()
        refused = await api.request("GET", "/catalogue/de")
        assert refused.status_code == 422
        assert refused.json()["error"]["code"] == "bad_message"

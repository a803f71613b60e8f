"""The API reads the proven-winnable deal catalogue: new games pick from it when the options
ask for winnable deals, and deal info reports verdict and difficulty."""

from __future__ import annotations

from pathlib import Path

from flask import Flask

from patience.catalogue import Catalogue, cached
from tests.api.conftest import Api


def test_the_api_reads_the_catalogue(scratch: Path, app: Flask) -> None:
    made = Catalogue("forty-thieves", "classic", {"rules": "classic"})
    made.winnable = {77: 0.5}
    made.examined = 77
    made.save()
    cached.cache_clear()
    api = Api(app.test_client())
    headers = api.player()
    game = api.new_game(headers, game="forty-thieves")  # winnable_only is on by default
    assert game["deal"] == 77
    anything = api.new_game(headers, game="forty-thieves", options={"winnable_only": False})
    assert anything["options"]["winnable_only"] is False
    deal = api.client.get("/api/v1/deals/forty-thieves/77").json
    assert deal is not None and deal["winnable"] is True and deal["difficulty"] == "easy"
    unknown = api.client.get("/api/v1/deals/forty-thieves/78").json
    assert unknown is not None and unknown["winnable"] is None and unknown["difficulty"] is None

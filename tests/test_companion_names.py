"""Long names in the companion: up to 40 characters, on the form and at the server,
never shortened in the sheet or its exports; a longer one refused in the user's
language with the bound."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from tests.test_companion_web import auth, make_client

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")

FORTY = "Marie-Christine Dupont-Lefebvre de Rohan"  # 40 characters


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    with make_client(tmp_path / "atout.db") as c:
        yield c


def test_a_forty_character_name_is_kept_whole(client: TestClient) -> None:
    assert len(FORTY) == 40
    names = [FORTY, "Bruno", "Chloé", "David", "Émile"]
    answer = client.post("/api/companion", json={"players": 5, "names": names})
    assert answer.status_code == 201, answer.text
    data = answer.json()
    token = data["scorer"].split("#")[1]
    view = client.get(f"/api/companion/{data['evening']}", headers=auth(token)).json()
    assert view["names"][0] == FORTY
    csv = client.get(f"/api/companion/{data['evening']}/sheet.csv", headers=auth(token))
    assert FORTY in csv.content.decode("utf-8-sig")


@pytest.mark.parametrize(
    ("lang", "words"),
    [("en", "name 1: 1 to 40 characters"), ("fr", "nom 1 : de 1 à 40 caractères")],
)
def test_a_longer_name_is_refused_with_the_bound(client: TestClient, lang: str, words: str) -> None:
    names = [FORTY + "x", "Bruno", "Chloé", "David"]
    answer = client.post(f"/api/companion?lang={lang}", json={"players": 4, "names": names})
    assert answer.status_code == 400
    assert words in answer.json()["error"]

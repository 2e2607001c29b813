"""Fixed positions rendered and compared with the committed reference pictures."""

from __future__ import annotations

import pytest

from tests.render.cases import CASES
from tests.render.reference import check_reference


@pytest.mark.parametrize("name", sorted(CASES))
def test_picture_matches_reference(name: str) -> None:
    check_reference(name, CASES[name]())

"""The rules explorer command line."""

import pytest

from engine.network.explorer import main

from .positions import ONE_RING_BEFORE


def test_lists_every_placement_with_its_rings(capsys: pytest.CaptureFixture[str]) -> None:
    assert main([ONE_RING_BEFORE, "4-1"]) == 0
    out = capsys.readouterr().out
    lines = [line.strip() for line in out.splitlines() if line.strip()[:1].isdigit()]
    assert "1. 4-1 A NN  1 ring" in lines  # 1 onto the lead's 1, 4 against 3-4's 4
    # B WS is the same place reached from the 4 (one place, one choice: A names it)
    assert not any("4-1 B WS" in line for line in lines)
    assert any(line.endswith("4-1 B WW  no ring") for line in lines)
    assert out.startswith("Open ends: A=1 (half")


def test_show_draws_each_placement(capsys: pytest.CaptureFixture[str]) -> None:
    assert main([ONE_RING_BEFORE, "4-1", "--show"]) == 0
    assert "**4433" in capsys.readouterr().out


def test_bad_input_is_one_clear_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["1:6-6@0,0N", "6-6"]) == 2
    assert capsys.readouterr().err == "error: 6-6 is already on the table.\n"
    assert main(["1:6-6@0,0N 2:5-3@0,4N", "3-1"]) == 2
    assert "cannot be laid there" in capsys.readouterr().err

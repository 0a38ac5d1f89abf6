"""The held-out families' measuring sets keep to seed ranges of their own."""
from benchmarks.bench_vision import FAMILY_SCENES, FAMILY_SEED_STEP, family_seeds
from vision.synthetic.families import HELD_OUT, TRAINING
from vision.training.perceptrons import BENCH_SEED_BASE, PLAYED_SEED_BASE, TRAIN_SEED_BASE


def test_each_family_has_its_own_seed_range():
    sets = {f: set(family_seeds(f, FAMILY_SCENES)) for f in HELD_OUT}
    assert all(len(s) == FAMILY_SCENES for s in sets.values())
    for a in HELD_OUT:
        for b in HELD_OUT:
            if a != b:
                assert not sets[a] & sets[b], (a, b)
    # apart from the main set, the held-out style's and the tight framing's (5,000,000 .. 5,200,119), the
    # models' fitting seeds and the tests' seeds
    everything = set().union(*sets.values())
    assert min(everything) > BENCH_SEED_BASE + 200_119
    assert min(everything) > max(TRAIN_SEED_BASE, PLAYED_SEED_BASE) + 200_000
    # a longer run never reaches the next family's seeds
    assert max(family_seeds(HELD_OUT[0], 10 ** 6)) < min(family_seeds(HELD_OUT[1], 1))
    assert FAMILY_SCENES < FAMILY_SEED_STEP
    assert "own" in TRAINING and "own" not in HELD_OUT


def test_the_worst_family_is_the_one_with_fewest_boards_fully_right(monkeypatch):
    import benchmarks.bench_vision as bench

    figures = {"hatched": (0.999, 0.97), "vector": (0.985, 0.68), "photo": (0.997, 0.85), "busy": (0.96, 0.76)}
    asked = []

    def accuracy(n, family=None, tag="", log=print):
        asked.append((family, n, tag))
        squares, boards = figures[family]
        out = {k: 0 for k in bench.FAMILY_FIGURES}
        out.update(squares_right=squares, boards_fully_right=boards, boards_found_of_90pct_visible=1.0, false_boards=1)
        return out

    monkeypatch.setattr(bench, "accuracy", accuracy)
    lines = []
    result = bench.held_out_families(3, log=lambda *a, **k: lines.append(a[0]))
    assert [a[0] for a in asked] == list(HELD_OUT) and all(a[1] == 3 for a in asked)
    assert set(result["held_out_families"]) == set(HELD_OUT)
    assert result["worst_family"]["family"] == "vector" and result["worst_family"]["boards_fully_right"] == 0.68
    assert any("worst family: vector" in line for line in lines)

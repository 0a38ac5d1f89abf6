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

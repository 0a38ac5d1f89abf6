"""`calibrate boards` on rendered boxes: how many printed layouts come out exactly right, per artwork.

Each box is the six pictures of vision.synthetic.empty_boards (one artwork, twelve sides, two boards a
picture); calibration.boards finds and groups the symbols; each group is named as a person looking at its
crops would name it, by the majority of its squares' true treasures, and each board's side as the person
says it (the side drawn at that place). A layout counts as right when every one of its 72 squares is.
The own family is the only one the thresholds were set on; the held-out families are measured only.
"""
from __future__ import annotations

import time
from collections import Counter

import numpy as np

BOXES, QUICK_BOXES = 2, 1  # boxes of twelve sides per artwork: about 80 s a box on a busy two-core machine
FIRST_SEED = 5_300_000


def artworks() -> list:
    """The artworks measured: the own family, fitted on, and every held-out family."""
    from vision.synthetic.families import HELD_OUT, TRAINING

    return list(TRAINING + HELD_OUT)


def truth_at(picture, corners: np.ndarray) -> tuple[str, str]:
    """The side (and layout as its player sees it) drawn nearest a board found at `corners`."""
    centre = corners.mean(0)
    k = int(np.argmin([np.linalg.norm(t.corners.mean(0) - centre) for t in picture.scene.boards]))
    return picture.sides[k], picture.layouts[k]


def calibrate_box(seed: int, artwork) -> dict:
    from calibration.boards import TREASURE_CHARS, BoardsError, calibrate
    from vision.synthetic.empty_boards import PICTURES, box_picture

    pictures = [box_picture(seed, k, artwork) for k in range(1, PICTURES + 1)]
    try:
        cal = calibrate([(f"box {seed} picture {k + 1}", p.scene.image) for k, p in enumerate(pictures)])
    except BoardsError as exc:
        return {"seed": seed, "error": str(exc), "right": 0, "layouts": 12, "found": 0, "groups": 0}
    truths = []
    for b in cal.boards:
        picture = next(p for k, p in enumerate(pictures) if b.picture == f"box {seed} picture {k + 1}")
        truths.append(truth_at(picture, b.corners))
    # a person names each group by what most of its crops show
    char_name = {c: n for n, c in TREASURE_CHARS.items()}
    for g in range(cal.learned.count):
        seen = Counter(truths[b][1].replace("/", "")[i] for b, groups in enumerate(cal.learned.groups)
                       for i in np.flatnonzero(groups == g))
        cal.names[g] = char_name[seen.most_common(1)[0][0]]
    right, wrong_squares, sides_found = 0, 0, set()
    for b in range(len(cal.boards)):
        side, truth = truths[b]
        sides_found.add(side)
        got = cal.layout(b)
        wrong = sum(x != y for x, y in zip(got.replace("/", ""), truth.replace("/", "")))
        wrong_squares += wrong
        right += wrong == 0
    return {"seed": seed, "right": right, "layouts": 12, "found": len(sides_found), "boards": len(cal.boards),
            "groups": cal.learned.count, "wrong_squares": wrong_squares}


def measure(artwork, boxes: int) -> dict:
    """The figures of `boxes` boxes drawn in one artwork (a drawing style's number or a family's name)."""
    t0 = time.perf_counter()
    runs = [calibrate_box(FIRST_SEED + i, artwork) for i in range(boxes)]
    right, total = sum(r["right"] for r in runs), sum(r["layouts"] for r in runs)
    worst = min(runs, key=lambda r: r["right"])
    return {"layouts_right": right, "layouts": total, "share_right": round(right / total, 4),
            "worst_box": f"{worst['right']} of {worst['layouts']} (seed {worst['seed']})",
            "wrong_squares": sum(r.get("wrong_squares", 0) for r in runs),
            "groups": [r["groups"] for r in runs], "seconds_per_box": round((time.perf_counter() - t0) / boxes, 1),
            "boxes": runs}


def run(quick: bool) -> dict:
    import cv2

    from vision.synthetic.families import TRAINING

    cv2.setNumThreads(1)
    boxes = QUICK_BOXES if quick else BOXES
    out: dict = {"boxes_per_artwork": boxes, "artworks": {}}
    for artwork in artworks():
        name = artwork
        got = out["artworks"][name] = measure(artwork, boxes)
        print(f"{name}: {got['layouts_right']} of {got['layouts']} layouts exactly right; worst box "
              f"{got['worst_box']}; {got['wrong_squares']} squares wrong; groups {got['groups']}; "
              f"{got['seconds_per_box']} s a box", flush=True)
        for box in got["boxes"]:
            if "error" in box:
                print(f"  box {box['seed']} not learned: {box['error']}", flush=True)
    held = {k: v for k, v in out["artworks"].items() if k not in TRAINING}
    worst = min(held, key=lambda k: held[k]["share_right"])
    out["held_out_worst"] = {"family": worst, "share_right": held[worst]["share_right"]}
    print(f"worst held-out family: {worst}, {held[worst]['layouts_right']} of {held[worst]['layouts']} layouts right",
          flush=True)
    return out


if __name__ == "__main__":  # python -m benchmarks.bench_boardcal [--quick]: the figures printed, none written
    import sys

    run("--quick" in sys.argv[1:])

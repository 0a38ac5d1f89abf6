"""One picture of every artwork family, to look at: each family's scene on a flat table and on the
physical one, side by side, one family a row.

    python -m benchmarks.family_pictures [SEED] [OUT.png]     (default seed 5300001, bench-out/families.png)

The scenes are the held-out sets' own kind (vision.synthetic.families.held_out_scene draws every other
seed on the physical table); this draws both tables for one seed.
"""
from __future__ import annotations

import pathlib
import sys

import cv2
import numpy as np

from vision.synthetic import render_scene
from vision.synthetic.families import FAMILIES

OUT = pathlib.Path(__file__).resolve().parent.parent / "bench-out" / "families.png"
TILE = (800, 450)


def sheet(seed: int, families=FAMILIES) -> np.ndarray:
    rows = []
    for family in families:
        tiles = []
        for physical in (False, True):
            img = cv2.resize(render_scene(seed, family=family, physical=physical).image, TILE, interpolation=cv2.INTER_AREA)
            label = f"{family}, {'physical' if physical else 'flat'} table, seed {seed}"
            cv2.rectangle(img, (0, 0), (12 + 11 * len(label), 30), (0, 0, 0), -1)
            cv2.putText(img, label, (6, 21), cv2.FONT_HERSHEY_SIMPLEX, 0.6, (255, 255, 255), 1, cv2.LINE_AA)
            tiles.append(img)
        rows.append(np.hstack(tiles))
    return np.vstack(rows)


def main(argv: list[str]) -> int:
    seed = int(argv[0]) if argv and argv[0].isdigit() else 5300001
    out = pathlib.Path(next((a for a in argv if not a.isdigit()), OUT))
    out.parent.mkdir(parents=True, exist_ok=True)
    cv2.imwrite(str(out), sheet(seed))
    print(f"wrote {out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))

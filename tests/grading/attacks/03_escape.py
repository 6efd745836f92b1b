"""Leaves processes behind (a double fork into a new session, and a Popen in a new
session) that wait, then write to the file named by MARKER (the test writes its path in)."""
import os
import subprocess
import sys
import time


def alphabeta_decision(game, state, depth, evaluate):
    return 0, None


_marker = "MARKER"
if _marker:
    _late = (f"import time; time.sleep(3); open({_marker + '.popen'!r}, 'w').write('escaped')")
    subprocess.Popen([sys.executable, "-c", _late], start_new_session=True,
                     stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    if os.fork() == 0:
        os.setsid()
        if os.fork() == 0:
            time.sleep(3)
            with open(_marker + ".fork", "w") as f:
                f.write("escaped")
        os._exit(0)
    os.wait()

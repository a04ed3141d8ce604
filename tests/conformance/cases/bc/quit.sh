printf '1\nquit\n2\n' | bc; echo rc=$?

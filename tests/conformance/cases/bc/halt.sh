printf '1\nhalt\n2\n' | bc; echo rc=$?

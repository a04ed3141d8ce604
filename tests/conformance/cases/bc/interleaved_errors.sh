printf '5\n1/0\n6\n1 +\n7\nibase=1\n8\n' | bc 2>&1

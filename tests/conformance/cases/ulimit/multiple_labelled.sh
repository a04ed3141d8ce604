ulimit -c 0 -n 64; ulimit -c -n

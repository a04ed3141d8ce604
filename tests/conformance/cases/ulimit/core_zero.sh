ulimit -c 0; ulimit -c; ulimit -S -c

ulimit -t 100; ulimit -t
ulimit -S -t 50; ulimit -t; ulimit -H -t

ulimit -v 200000; ulimit -v
ulimit -S -v; ulimit -H -v
